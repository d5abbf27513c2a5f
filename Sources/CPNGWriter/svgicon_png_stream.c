#include "svgicon_png_io.h"
#include "svgicon_png_writer.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The straight-alpha conversion must round exactly as Pixmap.straightAlphaRGBA() does in Swift: no fused
   multiply-add. */
#pragma STDC FP_CONTRACT OFF

/*
 * A PNG written rows at a time, for outputs too large to hold whole (a banded render hands its rows over
 * as each band is finished). Unlike the whole-image encoder it cannot look at every pixel before the
 * header goes out, so its colour type is fixed up front: a one-colour image is a full 256-entry palette
 * indexed by alpha (its rows are the alpha bytes as they are), anything else RGBA.
 *
 * libpng writes the header chunks and IEND; the image data is compressed here, with zlib's run-length
 * strategy at `level`, as a raw deflate stream between the zlib header and an Adler-32 that libdeflate
 * computes (zlib's own Adler-32 was a fifth of the encode of a 4096 px RGBA icon), and goes out in IDAT
 * chunks of 64 KiB, as libpng's row API wrote them. Palette rows are unfiltered (the alpha bytes' runs);
 * RGBA rows take the Up filter: a large gradient icon's rows repeat the row above, so Up leaves runs of
 * zeros that the run-length matcher codes in a few bits (Papirus cyberpunk-2077 at 4096 px: 815 kB → 475
 * kB at the same speed). A stream of premultiplied float rows (`svgicon_png_stream_premultiplied_rows`) is
 * turned into straight RGBA8 a row at a time, the conversion vectorised.
 */

enum { IDAT_BYTES = 1 << 16, FILTER_NONE = 0, FILTER_UP = 2 };

struct svgicon_png_stream {
    svgicon_writer_state state; /* first: libpng's callbacks take the stream as their state */
    png_structp png;
    png_infop info;
    uint32_t width, height, written;
    size_t row_bytes;
    int filter;
    z_stream zlib;
    int zlib_started;
    uint32_t adler;
    uint8_t *line;     /* filter byte + the filtered row: what is compressed */
    uint8_t *previous; /* the row above, unfiltered (zeros above the first row) */
    uint8_t *current;  /* a converted row, unfiltered */
    uint8_t idat[IDAT_BYTES];
    size_t idat_size;
};

/* A libpng error inside one of the calls below lands here: the stream is then only freed. */
#define ON_LIBPNG_ERROR(stream, message, message_size)                                                      \
    do {                                                                                                    \
        (stream)->state.failure.message = (message);                                                        \
        (stream)->state.failure.message_size = (message_size);                                              \
    } while (0)

void svgicon_png_stream_free(svgicon_png_stream *stream) {
    if (!stream) return;
    if (stream->png) png_destroy_write_struct(&stream->png, stream->info ? &stream->info : NULL);
    if (stream->zlib_started) deflateEnd(&stream->zlib);
    free(stream->line);
    free(stream->previous);
    free(stream->current);
    free(stream->state.data);
    free(stream);
}

/* Appends compressed bytes, writing an IDAT chunk each time 64 KiB are gathered. */
static void put_bytes(svgicon_png_stream *stream, const uint8_t *bytes, size_t count) {
    while (count > 0) {
        size_t room = IDAT_BYTES - stream->idat_size;
        size_t taken = count < room ? count : room;
        memcpy(stream->idat + stream->idat_size, bytes, taken);
        stream->idat_size += taken;
        bytes += taken;
        count -= taken;
        if (stream->idat_size == IDAT_BYTES) {
            png_write_chunk(stream->png, (png_const_bytep) "IDAT", stream->idat, IDAT_BYTES);
            stream->idat_size = 0;
        }
    }
}

/* Compresses `count` bytes (`flush`: Z_NO_FLUSH, or Z_FINISH at the end) straight into the IDAT buffer. */
static int deflate_into_idat(svgicon_png_stream *stream, const uint8_t *bytes, size_t count, int flush) {
    z_stream *z = &stream->zlib;
    z->next_in = (Bytef *)bytes;
    z->avail_in = (uInt)count;
    for (;;) {
        z->next_out = stream->idat + stream->idat_size;
        z->avail_out = (uInt)(IDAT_BYTES - stream->idat_size);
        int status = deflate(z, flush);
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) return -1;
        stream->idat_size = IDAT_BYTES - z->avail_out;
        if (stream->idat_size == IDAT_BYTES) {
            png_write_chunk(stream->png, (png_const_bytep) "IDAT", stream->idat, IDAT_BYTES);
            stream->idat_size = 0;
            continue;
        }
        if (flush == Z_FINISH ? status == Z_STREAM_END : z->avail_in == 0) return 0;
    }
}

/* Filters, checksums and compresses one unfiltered row (`row_bytes` bytes). */
static int put_row(svgicon_png_stream *stream, const uint8_t *row) {
    uint8_t *line = stream->line;
    size_t n = stream->row_bytes;
    line[0] = (uint8_t)stream->filter;
    if (stream->filter == FILTER_UP) {
        const uint8_t *above = stream->previous;
        for (size_t i = 0; i < n; i++) line[1 + i] = (uint8_t)(row[i] - above[i]);
        memcpy(stream->previous, row, n);
    } else {
        memcpy(line + 1, row, n);
    }
    stream->adler = libdeflate_adler32(stream->adler, line, n + 1);
    return deflate_into_idat(stream, line, n + 1, Z_NO_FLUSH);
}

svgicon_png_stream *svgicon_png_stream_begin(uint32_t width, uint32_t height, int one_color, uint8_t red,
                                             uint8_t green, uint8_t blue, int level, char *message,
                                             size_t message_size) {
    if (message_size > 0) message[0] = '\0';
    if (width == 0 || height == 0 || level < 1 || level > 9) {
        svgicon_set_message(message, message_size,
                            width && height ? "compression level out of range" : "cannot encode an empty image");
        return NULL;
    }
    /* volatile: read after a longjmp back into this frame. */
    svgicon_png_stream *volatile stream = (svgicon_png_stream *)calloc(1, sizeof(svgicon_png_stream));
    if (!stream) {
        svgicon_set_message(message, message_size, "out of memory");
        return NULL;
    }
    ON_LIBPNG_ERROR(stream, message, message_size);
    stream->width = width;
    stream->height = height;
    stream->row_bytes = one_color ? width : (size_t)width * 4;
    stream->filter = one_color ? FILTER_NONE : FILTER_UP;
    stream->adler = 1;
    stream->line = (uint8_t *)malloc(stream->row_bytes + 1);
    stream->previous = (uint8_t *)calloc(stream->row_bytes, 1);
    stream->current = (uint8_t *)malloc(stream->row_bytes);
    /* Raw deflate (negative window bits): the zlib header and Adler-32 are written here. */
    stream->zlib_started = stream->line && stream->previous && stream->current &&
                           deflateInit2(&stream->zlib, level, Z_DEFLATED, -15, 8, Z_RLE) == Z_OK;
    stream->png = stream->zlib_started ? png_create_write_struct(PNG_LIBPNG_VER_STRING, &stream->state,
                                                                 svgicon_png_on_error, svgicon_png_on_warning)
                                       : NULL;
    stream->info = stream->png ? png_create_info_struct(stream->png) : NULL;
    if (!stream->info) {
        svgicon_png_stream_free(stream);
        svgicon_set_message(message, message_size, "libpng could not start");
        return NULL;
    }
    if (setjmp(stream->state.failure.jump)) {
        svgicon_png_stream_free(stream);
        return NULL;
    }
    png_set_write_fn(stream->png, &stream->state, svgicon_png_on_write, svgicon_png_on_flush);
    png_set_IHDR(stream->png, stream->info, width, height, 8,
                 one_color ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (one_color) {
        png_color palette[256];
        uint8_t trans[255];
        for (int i = 0; i < 256; i++) {
            palette[i].red = i ? red : 0;
            palette[i].green = i ? green : 0;
            palette[i].blue = i ? blue : 0;
            if (i < 255) trans[i] = (uint8_t)i;
        }
        png_set_PLTE(stream->png, stream->info, palette, 256);
        png_set_tRNS(stream->png, stream->info, trans, 255, NULL);
    }
    png_write_info(stream->png, stream->info);
    /* The zlib header: deflate, 32 KiB window, no dictionary, "fastest" (levels 1 and run-length). */
    static const uint8_t header[2] = {0x78, 0x01};
    put_bytes(stream, header, 2);
    return stream;
}

/* Checks a row count before writing; -1 with a message when it is too many. */
static int check_rows(svgicon_png_stream *stream, uint32_t count, char *message, size_t message_size) {
    if (message_size > 0) message[0] = '\0';
    if (count > stream->height - stream->written) {
        svgicon_set_message(message, message_size, "more rows than the image has");
        return -1;
    }
    return 0;
}

int svgicon_png_stream_rows(svgicon_png_stream *stream, const uint8_t *rows, uint32_t count, char *message,
                            size_t message_size) {
    if (check_rows(stream, count, message, message_size) != 0) return -1;
    ON_LIBPNG_ERROR(stream, message, message_size);
    if (setjmp(stream->state.failure.jump)) return -1;
    for (uint32_t y = 0; y < count; y++) {
        if (put_row(stream, rows + (size_t)y * stream->row_bytes) != 0) {
            svgicon_set_message(message, message_size, "zlib failed");
            return -1;
        }
    }
    stream->written += count;
    return 0;
}

/* Pixmap.byte in Swift: v × 255 + 0.5, truncated, clamped to 0…255, NaN → 0. */
static inline uint8_t to_byte(float v) {
    float r = v * 255.0f + 0.5f;
    return r >= 255.0f ? 255 : (r > 0.0f ? (uint8_t)(int32_t)r : 0);
}

/* One pixel of `straight_rgba`, as Pixmap.straightAlphaRGBA() converts it. */
static inline void straight_pixel(const float *px, uint8_t *out) {
    float a = px[3];
    if (a * 255.0f < 0.5f) {
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    float inv = 1.0f / a;
    out[0] = to_byte(px[0] * inv);
    out[1] = to_byte(px[1] * inv);
    out[2] = to_byte(px[2] * inv);
    out[3] = to_byte(a);
}

#if defined(__SSE2__)
/* to_byte on four lanes: max(·, 0) first turns NaN into 0 (MAXPS returns its second operand then). */
static inline __m128i to_bytes4(__m128 v) {
    __m128 r = _mm_add_ps(_mm_mul_ps(v, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f));
    r = _mm_min_ps(_mm_max_ps(r, _mm_setzero_ps()), _mm_set1_ps(255.0f));
    return _mm_cvttps_epi32(r);
}
#endif

/* Premultiplied float RGBA → straight RGBA8, `pixels` pixels. */
static void straight_rgba(const float *px, uint8_t *out, size_t pixels) {
    size_t p = 0;
#if defined(__SSE2__)
    for (; p + 4 <= pixels; p += 4) {
        __m128 r = _mm_loadu_ps(px + 4 * p), g = _mm_loadu_ps(px + 4 * p + 4);
        __m128 b = _mm_loadu_ps(px + 4 * p + 8), a = _mm_loadu_ps(px + 4 * p + 12);
        _MM_TRANSPOSE4_PS(r, g, b, a); /* now a lane per pixel: r, g, b, a of four pixels */
        __m128 visible = _mm_cmpge_ps(_mm_mul_ps(a, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f));
        __m128 inv = _mm_div_ps(_mm_set1_ps(1.0f), a);
        __m128i pixel = _mm_or_si128(
            _mm_or_si128(to_bytes4(_mm_mul_ps(r, inv)), _mm_slli_epi32(to_bytes4(_mm_mul_ps(g, inv)), 8)),
            _mm_or_si128(_mm_slli_epi32(to_bytes4(_mm_mul_ps(b, inv)), 16), _mm_slli_epi32(to_bytes4(a), 24)));
        pixel = _mm_and_si128(pixel, _mm_castps_si128(visible));
        _mm_storeu_si128((__m128i *)(out + 4 * p), pixel); /* bytes r, g, b, a: x86 is little-endian */
    }
#endif
    for (; p < pixels; p++) straight_pixel(px + 4 * p, out + 4 * p);
}

int svgicon_png_stream_premultiplied_rows(svgicon_png_stream *stream, const float *samples, uint32_t count,
                                          char *message, size_t message_size) {
    if (check_rows(stream, count, message, message_size) != 0) return -1;
    if (stream->filter != FILTER_UP) {
        svgicon_set_message(message, message_size, "a one-colour stream takes alpha bytes");
        return -1;
    }
    ON_LIBPNG_ERROR(stream, message, message_size);
    if (setjmp(stream->state.failure.jump)) return -1;
    for (uint32_t y = 0; y < count; y++) {
        straight_rgba(samples + (size_t)y * stream->width * 4, stream->current, stream->width);
        if (put_row(stream, stream->current) != 0) {
            svgicon_set_message(message, message_size, "zlib failed");
            return -1;
        }
    }
    stream->written += count;
    return 0;
}

int svgicon_png_stream_finish(svgicon_png_stream *stream, uint8_t **out, size_t *out_size, char *message,
                              size_t message_size) {
    *out = NULL;
    *out_size = 0;
    if (message_size > 0) message[0] = '\0';
    if (stream->written != stream->height) {
        svgicon_png_stream_free(stream);
        svgicon_set_message(message, message_size, "fewer rows than the image has");
        return -1;
    }
    ON_LIBPNG_ERROR(stream, message, message_size);
    if (setjmp(stream->state.failure.jump)) {
        svgicon_png_stream_free(stream);
        return -1;
    }
    if (deflate_into_idat(stream, NULL, 0, Z_FINISH) != 0) {
        svgicon_png_stream_free(stream);
        svgicon_set_message(message, message_size, "zlib failed");
        return -1;
    }
    const uint8_t adler[4] = {(uint8_t)(stream->adler >> 24), (uint8_t)(stream->adler >> 16),
                              (uint8_t)(stream->adler >> 8), (uint8_t)stream->adler};
    put_bytes(stream, adler, 4);
    if (stream->idat_size > 0) png_write_chunk(stream->png, (png_const_bytep) "IDAT", stream->idat, stream->idat_size);
    png_write_chunk(stream->png, (png_const_bytep) "IEND", NULL, 0);
    *out = stream->state.data;
    *out_size = stream->state.size;
    stream->state.data = NULL;
    svgicon_png_stream_free(stream);
    return 0;
}
