#ifndef SVGICON_CLIBPNG_SHIM_H
#define SVGICON_CLIBPNG_SHIM_H

#include <png.h>

/// Function-like and composite macros Swift cannot import, re-exported as constants.
static const png_uint_32 SVGICON_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 SVGICON_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;

/// Bytes needed for an image of the given format in memory (PNG_IMAGE_SIZE).
static inline size_t svgicon_png_image_size(const png_image *image) {
    return PNG_IMAGE_SIZE(*image);
}


#endif
