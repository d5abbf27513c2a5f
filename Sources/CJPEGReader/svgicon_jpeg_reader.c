#include "svgicon_jpeg_reader.h"

#include <svgicon_codec_error.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* libjpeg's error manager first, so that `info->err` is the whole state. */
typedef struct {
    struct jpeg_error_mgr base;
    svgicon_codec_error failure;
} error_state;

static void on_error(j_common_ptr info) {
    error_state *state = (error_state *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    svgicon_codec_fail(&state->failure, text);
}

static void on_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;  // corrupt-data warnings: libjpeg carries on, and so do we
}

int svgicon_jpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t **out,
                             uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    error_state errors;
    // volatile: these change between setjmp and a possible longjmp.
    uint8_t *volatile pixels = NULL;
    JSAMPLE *volatile row = NULL;
    *out = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error;
    errors.base.emit_message = on_message;
    errors.failure.message = message;
    errors.failure.message_size = message_size;
    if (setjmp(errors.failure.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, (const unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    uint64_t count = (uint64_t)info.image_width * (uint64_t)info.image_height;
    if (info.image_width == 0 || info.image_height == 0 || count > max_pixels) {
        char text[128];
        snprintf(text, sizeof text, "JPEG size %ux%u is out of range", info.image_width, info.image_height);
        svgicon_set_message(message, message_size, text);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    int grey = info.jpeg_color_space == JCS_GRAYSCALE;
    info.out_color_space = cmyk ? JCS_CMYK : grey ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height, channels = (size_t)info.output_components;
    pixels = malloc(w * h * 4);
    row = malloc(w * channels);
    if (!pixels || !row) {
        svgicon_set_message(message, message_size, "out of memory");
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return -1;
    }
    // Adobe writes CMYK inverted (the usual case for CMYK JPEGs with an Adobe marker).
    int inverted = cmyk && info.saw_Adobe_marker;
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&info, rows, 1);
        uint8_t *p = pixels + y * w * 4;
        for (size_t x = 0; x < w; x++, p += 4) {
            const JSAMPLE *s = row + x * channels;
            if (grey) {
                p[0] = p[1] = p[2] = s[0];
            } else if (cmyk) {
                unsigned c = s[0], m = s[1], yy = s[2], k = s[3];
                if (!inverted) { c = 255 - c; m = 255 - m; yy = 255 - yy; k = 255 - k; }
                p[0] = (uint8_t)((c * k + 127) / 255);
                p[1] = (uint8_t)((m * k + 127) / 255);
                p[2] = (uint8_t)((yy * k + 127) / 255);
            } else {
                p[0] = s[0]; p[1] = s[1]; p[2] = s[2];
            }
            p[3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    *out = pixels;
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    return 0;
}
