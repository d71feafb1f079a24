/*
 * tsan_race.c - a planted data race: two threads increment one counter without a lock.
 * `make tsan` runs it first and requires ThreadSanitizer's exit status (66), so that
 * a TSan build or TSAN_OPTIONS that would let a real race in `carc arena` pass quietly
 * fails instead. Built only with -DCARC_TSAN=ON.
 */
#include <pthread.h>
#include <stdio.h>

static void *tsan_race_bump(void *arg)
{
    int *counter = arg;
    for (int i = 0; i < 100000; i++)
        (*counter)++;
    return NULL;
}

int main(void)
{
    int counter = 0;
    pthread_t t;
    if (pthread_create(&t, NULL, tsan_race_bump, &counter) != 0)
        return 1;
    tsan_race_bump(&counter);
    pthread_join(t, NULL);
    printf("%d\n", counter);
    return 0;
}
