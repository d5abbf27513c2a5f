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

/// A PNG written a few rows at a time, for images too large to hold whole: libpng writes the chunks, the
/// rows are compressed with zlib's run-length strategy and go out in 64 KiB IDAT chunks. Two forms, fixed
/// when it begins:
/// - one colour (`one_color` non-zero): rows are `width` alpha bytes; the PNG is a palette of 256 entries,
///   entry i the colour at alpha i and entry 0 (0, 0, 0, 0), so each row goes out as it is, unfiltered;
/// - otherwise rows are `width` × 4 bytes of straight-alpha RGBA8 (or premultiplied floats, converted
///   here), written as RGBA with the Up filter.
typedef struct svgicon_png_stream svgicon_png_stream;

/// Starts a stream (zlib `level` 1…9). NULL on failure, with a message in `message`.
svgicon_png_stream *svgicon_png_stream_begin(uint32_t width, uint32_t height, int one_color, uint8_t red,
                                             uint8_t green, uint8_t blue, int level, char *message,
                                             size_t message_size);

/// Writes the next `count` rows (`count` × the row size bytes). 0 on success; -1 on failure, with a message
/// in `message` (the stream must then only be freed).
int svgicon_png_stream_rows(svgicon_png_stream *stream, const uint8_t *rows, uint32_t count, char *message,
                            size_t message_size);

/// Writes the next `count` rows of an RGBA stream from premultiplied float RGBA (`count` × `width` × 4
/// values, each 0…1), converted to straight RGBA8 exactly as Pixmap.straightAlphaRGBA() does. 0 on
/// success; -1 on failure (also for a one-colour stream), with a message in `message`.
int svgicon_png_stream_premultiplied_rows(svgicon_png_stream *stream, const float *samples, uint32_t count,
                                          char *message, size_t message_size);

/// Ends the image after its last row: 0 and *out (malloc'd; the caller frees it) and *out_size set, or -1
/// with a message. Frees the stream either way.
int svgicon_png_stream_finish(svgicon_png_stream *stream, uint8_t **out, size_t *out_size, char *message,
                              size_t message_size);

/// Frees a stream that is not finished (NULL is allowed).
void svgicon_png_stream_free(svgicon_png_stream *stream);

#endif
