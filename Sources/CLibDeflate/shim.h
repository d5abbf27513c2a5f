#ifndef SVGICON_CLIBDEFLATE_SHIM_H
#define SVGICON_CLIBDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
