#ifndef SVGICON_CODEC_ERROR_H
#define SVGICON_CODEC_ERROR_H

#include <setjmp.h>
#include <stddef.h>

/// How the C codecs (CJPEGReader, CPNGWriter) report a library error: libjpeg and libpng call an error
/// handler that must not return, so the codec function sets `jump` with setjmp before it calls into the
/// library, the handler passes the library's text to `svgicon_codec_fail`, and the codec function returns
/// -1 with the text in its caller's `message` buffer. The jump never leaves the codec function's C frame.
/// Included by the codecs' .c files only: no Swift code sees it.
typedef struct {
    jmp_buf jump;
    /// The caller's buffer, `message_size` bytes.
    char *message;
    size_t message_size;
} svgicon_codec_error;

/// Copies `text` into `message` as a NUL-terminated string cut to `size` - 1 bytes; nothing when `size` is 0.
void svgicon_set_message(char *message, size_t size, const char *text);

/// Copies `text` into the error's message and longjmps to its `jump`.
_Noreturn void svgicon_codec_fail(svgicon_codec_error *error, const char *text);

#endif
