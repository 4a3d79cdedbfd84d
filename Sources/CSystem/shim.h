#pragma once
// Linux calls Swift cannot import directly (variadic in glibc, or behind _GNU_SOURCE).
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/prctl.h>
#include <signal.h>
#include <fcntl.h>
#include <unistd.h>

/// prctl(PR_SET_PDEATHSIG, sig): the kernel sends `sig` to this process when its parent dies.
static inline int quire_set_parent_death_signal(int sig) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)sig, 0UL, 0UL, 0UL);
}

/// pipe2(fds, O_CLOEXEC): a pipe whose two ends are close-on-exec from the start.
static inline int quire_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

#include <sched.h>
/// The number of CPUs in this process's affinity mask (CPU_COUNT is a macro), or -1.
static inline int quire_affinity_cpu_count(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    return CPU_COUNT(&set);
}
