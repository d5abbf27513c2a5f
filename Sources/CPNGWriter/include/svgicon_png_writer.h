#ifndef SVGICON_PNG_WRITER_H
#define SVGICON_PNG_WRITER_H

#include <stddef.h>
#include <stdint.h>

/// What to encode: straight-alpha RGBA8 pixels (`rgba`), or one colour (`red`, `green`, `blue`) at an
/// alpha per pixel (`alpha`, used when `rgba` is NULL) — the form a one-colour icon is rendered in.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// width × height × 4 bytes, rows top to bottom; or NULL.
    const uint8_t *rgba;
    /// width × height bytes; read when `rgba` is NULL. A pixel whose alpha is 0 is (0, 0, 0, 0).
    const uint8_t *alpha;
    uint8_t red, green, blue;
    /// libdeflate level 1…12, or 0: chosen by image size (see the .c file).
    int level;
    /// PNG row filters to choose from, as filter bits (0x08 none, 0x10 sub, 0x20 up, 0x40 average,
    /// 0x80 Paeth; several: the one with the smallest sum of absolute values per row); 0 means none.
    int filters;
} svgicon_png_request;

/// Encodes `request` as a PNG in memory: the smallest lossless PNG colour type the pixels allow
/// (grey, grey + alpha, palette with only the used entries + tRNS, RGB, RGBA), rows filtered here and
/// compressed with libdeflate, the chunks written by libpng (IHDR, PLTE, tRNS, the IDAT through
/// `png_write_chunk`, IEND). libpng reports errors by longjmp; that stays inside this C function, never
/// crossing Swift frames.
///
/// On success returns 0 and sets *out (allocated with malloc; the caller frees it) and *out_size.
/// On failure returns -1, sets *out to NULL and writes a message into `message` (NUL-terminated).
int svgicon_png_encode(const svgicon_png_request *request, uint8_t **out, size_t *out_size, char *message,
                       size_t message_size);

#endif
