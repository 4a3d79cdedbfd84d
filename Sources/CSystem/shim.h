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

#include <dirent.h>
/// The threads of this process (the entries of /proc/self/task), or -1 when it cannot be read.
static inline int quire_thread_count(void) {
    DIR *dir = opendir("/proc/self/task");
    if (!dir) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] != '.') count++;
    }
    closedir(dir);
    return count;
}

/// fork() for a worker process that runs this program's code without exec'ing it again. In
/// the child: `in`, `out` and `err` become descriptors 0, 1 and 2; every other descriptor is
/// closed (the coordinator's ends of the other workers' pipes among them: a worker must see
/// its stdin end when the coordinator closes it); no signal is blocked and the signals the
/// coordinator or the Swift runtime handle are back to their defaults (a crash then ends the
/// worker as it would an exec'd one, without the Swift backtracer); it is named `quire-worker`.
/// Returns what fork returns.
/// Call it only while the process has one thread: a child forked from more may inherit a
/// lock another thread held.
static inline pid_t quire_fork_worker(int in, int out, int err) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0 || dup2(err, STDERR_FILENO) < 0) _exit(71);
    close_range(3, ~0U, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    const int defaults[] = { SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD,
                             SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (unsigned i = 0; i < sizeof defaults / sizeof defaults[0]; i++) signal(defaults[i], SIG_DFL);
    // Its name in top and ps -e (its command line stays the coordinator's).
    prctl(PR_SET_NAME, (unsigned long)"quire-worker", 0UL, 0UL, 0UL);
    return 0;
}

#include <malloc.h>
/// mallopt(M_MMAP_THRESHOLD, mapped) then mallopt(M_TRIM_THRESHOLD, trim): 1 when glibc took both.
static inline int quire_set_malloc_thresholds(int mapped, int trim) {
    return mallopt(M_MMAP_THRESHOLD, mapped) == 1 && mallopt(M_TRIM_THRESHOLD, trim) == 1;
}

/// The heap's size and the free bytes in it, and the bytes in blocks mapped on their own
/// (mallinfo2's arena, fordblks and hblkhd).
static inline void quire_malloc_usage(size_t *heap, size_t *free, size_t *mapped) {
    struct mallinfo2 info = mallinfo2();
    *heap = info.arena;
    *free = info.fordblks;
    *mapped = info.hblkhd;
}
