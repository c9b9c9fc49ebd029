#ifndef ALMANAC_CXLSXWRITER_SHIM_H
#define ALMANAC_CXLSXWRITER_SHIM_H
#include <xlsxwriter.h>
#endif
