#ifndef ALMANAC_CLINUX_SHIM_H
#define ALMANAC_CLINUX_SHIM_H
// What Glibc's module leaves out: malloc's settings (mallopt) and a file system's type (fstatfs).
#include <malloc.h>
#include <sys/vfs.h>
#endif
