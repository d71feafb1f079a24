/*
 * named_tests.c - the tests of a program run all together or one by name
 * (named_tests.h).
 */
#include "named_tests.h"

#include <stdio.h>
#include <string.h>

int test_run_named(int argc, char **argv, const char *prog, const char *const *names,
                   const struct CMUnitTest *tests, size_t n)
{
    if (argc < 2)
        return _cmocka_run_group_tests(prog, tests, n, NULL, NULL);
    for (size_t i = 0; i < n; i++)
        if (strcmp(argv[1], names[i]) == 0)
            return _cmocka_run_group_tests(names[i], &tests[i], 1, NULL, NULL);
    fprintf(stderr, "%s: unknown set %s\n", prog, argv[1]);
    return 2;
}
