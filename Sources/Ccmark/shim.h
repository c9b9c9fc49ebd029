#ifndef ALMANAC_CCMARK_SHIM_H
#define ALMANAC_CCMARK_SHIM_H
#include <cmark.h>
#endif
