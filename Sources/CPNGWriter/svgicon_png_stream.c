#include "svgicon_png_io.h"
#include "svgicon_png_writer.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/*
 * A PNG written rows at a time through libpng's row API (zlib inside libpng), for outputs too large to
 * hold whole (a banded render hands its rows over as each band is finished). Unlike the whole-image
 * encoder it cannot look at every pixel before the header goes out, so its colour type is fixed up front:
 * a one-colour image is a full 256-entry palette indexed by alpha (its rows are the alpha bytes as they
 * are, compressed with zlib's run-length strategy), anything else RGBA. Rows are unfiltered, as for the
 * whole-image encoder.
 */

struct svgicon_png_stream {
    svgicon_writer_state state; /* first: libpng's callbacks take the stream as their state */
    png_structp png;
    png_infop info;
    uint32_t width, height, written;
    size_t row_bytes;
};

/* A libpng error inside one of the calls below lands here: the stream is then only freed. */
#define ON_LIBPNG_ERROR(stream, message, message_size)                                                      \
    do {                                                                                                    \
        (stream)->state.failure.message = (message);                                                                \
        (stream)->state.failure.message_size = (message_size);                                                      \
    } while (0)

void svgicon_png_stream_free(svgicon_png_stream *stream) {
    if (!stream) return;
    if (stream->png) png_destroy_write_struct(&stream->png, stream->info ? &stream->info : NULL);
    free(stream->state.data);
    free(stream);
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
    stream->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &stream->state, svgicon_png_on_error,
                                          svgicon_png_on_warning);
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
    png_set_filter(stream->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(stream->png, level);
    /* A one-colour image's rows are alpha bytes: long runs of 0 and 255, which run-length matching finds
       faster and smaller than the general matcher; RGBA pixels repeat every four bytes, which it cannot. */
    png_set_compression_strategy(stream->png, one_color ? Z_RLE : Z_DEFAULT_STRATEGY);
    png_set_compression_buffer_size(stream->png, 1 << 16);
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
    return stream;
}

int svgicon_png_stream_rows(svgicon_png_stream *stream, const uint8_t *rows, uint32_t count, char *message,
                            size_t message_size) {
    if (message_size > 0) message[0] = '\0';
    if (count > stream->height - stream->written) {
        svgicon_set_message(message, message_size, "more rows than the image has");
        return -1;
    }
    ON_LIBPNG_ERROR(stream, message, message_size);
    if (setjmp(stream->state.failure.jump)) return -1;
    for (uint32_t y = 0; y < count; y++) png_write_row(stream->png, rows + (size_t)y * stream->row_bytes);
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
    png_write_end(stream->png, NULL);
    *out = stream->state.data;
    *out_size = stream->state.size;
    stream->state.data = NULL;
    svgicon_png_stream_free(stream);
    return 0;
}
