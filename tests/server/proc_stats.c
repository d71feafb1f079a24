/*
 * proc_stats.c - see proc_stats.h.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "proc_stats.h"

int proc_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

long proc_rss_kib(int pid)
{
    char path[64], line[256];
    long kib = -1;
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

double proc_cpu_seconds(int pid, int thread)
{
    char path[64], buf[1024];
    if (thread)
        snprintf(path, sizeof path, "/proc/%d/task/%d/stat", pid, pid);
    else
        snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')');  /* the command name may hold spaces */
    unsigned long ut, st;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
        return -1;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

double proc_wait_seconds(int pid)
{
    char path[64];
    unsigned long long run, wait;
    snprintf(path, sizeof path, "/proc/%d/schedstat", pid);
    FILE *f = fopen(path, "r");
    int ok = f && fscanf(f, "%llu %llu", &run, &wait) == 2;
    if (f)
        fclose(f);
    return ok ? (double)wait / 1e9 : -1;
}

double proc_own_cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}
