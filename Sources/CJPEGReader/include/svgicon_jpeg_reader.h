#ifndef SVGICON_JPEG_READER_H
#define SVGICON_JPEG_READER_H

#include <stddef.h>
#include <stdint.h>

/// Decodes a baseline or progressive JPEG (grey, RGB/YCbCr, CMYK/YCCK) from memory into straight-alpha
/// RGBA8 with libjpeg. libjpeg reports errors through its error manager; this function installs one that
/// longjmps back into itself, so no jump ever crosses Swift frames.
///
/// The frame header's width × height is checked against `max_pixels` before any pixel buffer is
/// allocated. On success returns 0 and sets *out (malloc'd; the caller frees it), *width and *height.
/// On failure returns -1 and writes a NUL-terminated message into `message`.
int svgicon_jpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out,
                             uint32_t *width, uint32_t *height, char *message, size_t message_size);

#endif
