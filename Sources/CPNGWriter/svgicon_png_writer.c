#include "svgicon_png_writer.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jmp_buf jump;
    uint8_t *data;
    size_t size;
    size_t capacity;
    char *message;
    size_t message_size;
} writer_state;

static void on_error(png_structp png, png_const_charp text) {
    writer_state *state = (writer_state *)png_get_error_ptr(png);
    if (state->message_size > 0) {
        strncpy(state->message, text ? text : "libpng error", state->message_size - 1);
        state->message[state->message_size - 1] = '\0';
    }
    longjmp(state->jump, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_write(png_structp png, png_bytep bytes, png_size_t length) {
    writer_state *state = (writer_state *)png_get_io_ptr(png);
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

static void on_flush(png_structp png) { (void)png; }

int svgicon_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int compression_level,
                            int filters, uint8_t **out, size_t *out_size, char *message, size_t message_size) {
    *out = NULL;
    *out_size = 0;
    if (message_size > 0) message[0] = '\0';
    if (width == 0 || height == 0 || rgba == NULL) {
        if (message_size > 0) strncpy(message, "cannot encode an empty image", message_size - 1);
        return -1;
    }
    /* volatile: these are read after a longjmp back into this frame. */
    writer_state *volatile state = (writer_state *)calloc(1, sizeof(writer_state));
    if (!state) return -1;
    state->message = message;
    state->message_size = message_size;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, state, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_write_struct(&png, NULL);
        free(state);
        if (message_size > 0) strncpy(message, "libpng could not start", message_size - 1);
        return -1;
    }
    if (setjmp(state->jump)) {
        png_destroy_write_struct(&png, &info);
        free(state->data);
        free(state);
        return -1;
    }
    png_set_write_fn(png, state, on_write, on_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, compression_level);
    /* Small images need small zlib tables: setting them up dominates the cost of a 24 px icon. */
    size_t raw = (size_t)height * ((size_t)width * 4 + 1);
    png_set_compression_mem_level(png, raw <= 16384 ? 4 : (raw <= 262144 ? 6 : 8));
    if (filters != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = state->data;
    *out_size = state->size;
    free(state);
    return 0;
}
