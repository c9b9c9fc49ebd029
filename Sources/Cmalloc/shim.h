#ifndef ALMANAC_CMALLOC_SHIM_H
#define ALMANAC_CMALLOC_SHIM_H
// glibc's malloc settings (mallopt), which Glibc's module leaves out.
#include <malloc.h>
#endif
