#ifndef ALMANAC_LINUX_H
#define ALMANAC_LINUX_H

/// Linux calls that Swift's Glibc module does not declare: exchanging two folders in one step
/// (`renameat2` with `RENAME_EXCHANGE`), flushing one file system (`syncfs`), and asking for a
/// signal when the parent process ends (`prctl(PR_SET_PDEATHSIG)`, variadic in C). Each returns
/// what the call returns (0, or -1 with `errno` set).
int almanac_exchange(const char *a, const char *b);
int almanac_syncfs(int fd);
int almanac_end_with_parent(int signal);

#endif
