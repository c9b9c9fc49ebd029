#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>
#include "almanac_linux.h"

int almanac_exchange(const char *a, const char *b) {
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}

int almanac_syncfs(int fd) {
    return syncfs(fd);
}

int almanac_end_with_parent(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal);
}
