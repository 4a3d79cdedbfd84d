#pragma once
// Linux calls Swift cannot import directly (variadic in glibc).
#include <sys/prctl.h>
#include <signal.h>

/// prctl(PR_SET_PDEATHSIG, sig): the kernel sends `sig` to this process when its parent dies.
static inline int quire_set_parent_death_signal(int sig) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)sig, 0UL, 0UL, 0UL);
}
