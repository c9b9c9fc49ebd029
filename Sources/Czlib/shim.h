#ifndef ALMANAC_CZLIB_SHIM_H
#define ALMANAC_CZLIB_SHIM_H
#include <zlib.h>
#endif
