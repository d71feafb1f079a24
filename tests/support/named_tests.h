/*
 * named_tests.h - a test program whose tests also run one at a time by name: ctest
 * gives each its own line (`prog NAME`), so a failure names its set and the sets run
 * in parallel; without an argument every test runs.
 */
#ifndef CARC_TEST_NAMED_TESTS_H
#define CARC_TEST_NAMED_TESTS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

/* main() of such a program: names[i] runs tests[i] (n of each); an unknown name is
 * reported on stderr as prog's, exit 2. */
int test_run_named(int argc, char **argv, const char *prog, const char *const *names,
                   const struct CMUnitTest *tests, size_t n);

/* The same with the arrays' lengths taken (and checked alike) where they are declared. */
#define TEST_RUN_NAMED(argc, argv, prog, names, tests)                                      \
    test_run_named((argc), (argv), (prog), (names), (tests),                                \
                   sizeof(tests) / sizeof((tests)[0]) +                                     \
                       0 * sizeof(char[sizeof(names) / sizeof((names)[0]) ==                \
                                       sizeof(tests) / sizeof((tests)[0]) ? 1 : -1]))

#endif
