#ifndef SVGICON_CLIBJPEG_SHIM_H
#define SVGICON_CLIBJPEG_SHIM_H

// jpeglib.h needs size_t and FILE declared before it.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>

#endif
