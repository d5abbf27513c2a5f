#include "svgicon_png_io.h"

#include <stdlib.h>
#include <string.h>

/* libpng plumbing shared by the whole-image encoder and the row stream: errors, warnings, output. */

void svgicon_png_on_error(png_structp png, png_const_charp text) {
    svgicon_writer_state *state = (svgicon_writer_state *)png_get_error_ptr(png);
    svgicon_codec_fail(&state->failure, text ? text : "libpng error");
}

void svgicon_png_on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

void svgicon_png_on_write(png_structp png, png_bytep bytes, png_size_t length) {
    svgicon_writer_state *state = (svgicon_writer_state *)png_get_io_ptr(png);
    if (state->size + length > state->capacity) {
        size_t capacity = state->capacity ? state->capacity : 4096;
        while (capacity < state->size + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(state->data, capacity);
        if (!grown) png_error(png, "out of memory");
        state->data = grown;
        state->capacity = capacity;
    }
    memcpy(state->data + state->size, bytes, length);
    state->size += length;
}

void svgicon_png_on_flush(png_structp png) { (void)png; }
