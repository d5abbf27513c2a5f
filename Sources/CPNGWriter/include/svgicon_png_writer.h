#ifndef SVGICON_PNG_WRITER_H
#define SVGICON_PNG_WRITER_H

#include <stddef.h>
#include <stdint.h>

/// Encodes straight-alpha RGBA8 pixels as a PNG in memory with libpng's full API, choosing row filters and
/// zlib settings for icons. libpng reports errors by longjmp; that happens entirely inside this C
/// function, never across Swift frames.
///
/// On success returns 0 and sets *out (allocated with malloc; the caller frees it) and *out_size.
/// On failure returns -1, sets *out to NULL and writes a message into `message` (NUL-terminated).
/// `compression_level` is zlib's 0…9; `filters` is a mask of PNG_FILTER_* values (0 means libpng's default).
int svgicon_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int compression_level,
                            int filters, uint8_t **out, size_t *out_size, char *message, size_t message_size);

#endif
