#ifndef SVGICON_PNG_IO_H
#define SVGICON_PNG_IO_H

#include <png.h>
#include <svgicon_codec_error.h>
#include <stddef.h>
#include <stdint.h>

/* What libpng's callbacks write to: the PNG bytes so far (malloc'd), and where an error jumps back to with
   its message (`failure`, the codecs' shared error path). Internal to CPNGWriter. */
typedef struct {
    svgicon_codec_error failure;
    uint8_t *data;
    size_t size;
    size_t capacity;
} svgicon_writer_state;
/* libpng's error callback: records the message and longjmps to the state's `failure.jump`. */
void svgicon_png_on_error(png_structp png, png_const_charp text);
/* libpng's warning callback: warnings are dropped. */
void svgicon_png_on_warning(png_structp png, png_const_charp text);
/* libpng's write callback: appends to the state's bytes, growing them. */
void svgicon_png_on_write(png_structp png, png_bytep bytes, png_size_t length);
/* libpng's flush callback: nothing to flush in memory. */
void svgicon_png_on_flush(png_structp png);

#endif
