/*
 * proc_stats.h - what the server's benchmark clients read of a process from /proc
 * (Linux): resident memory, CPU time, time spent waiting for a CPU; and a comparison
 * for sorting latencies. Shared by ws_client.c and bench_client.c.
 */
#ifndef CARC_TEST_PROC_STATS_H
#define CARC_TEST_PROC_STATS_H

/* qsort comparison of doubles, ascending. */
int proc_cmp_double(const void *a, const void *b);
/* VmRSS of process pid in KiB, or -1. */
long proc_rss_kib(int pid);
/* CPU seconds (user + system) process pid has used so far, or -1; with `thread`, only
 * its main thread's (the server's service thread, which owns every game: the one whose
 * CPU per move bounds the throughput; the others write frames or think for bots). */
double proc_cpu_seconds(int pid, int thread);
/* Seconds process pid has waited on a run queue for a CPU so far (schedstat), or -1:
 * on a shared machine, the part of the latency that is nobody's work. */
double proc_wait_seconds(int pid);
/* This process's CPU seconds (user + system) so far. */
double proc_own_cpu_seconds(void);

#endif
