#include "svgicon_codec_error.h"

#include <string.h>

void svgicon_set_message(char *message, size_t size, const char *text) {
    if (size == 0) return;
    strncpy(message, text, size - 1);
    message[size - 1] = '\0';
}

_Noreturn void svgicon_codec_fail(svgicon_codec_error *error, const char *text) {
    svgicon_set_message(error->message, error->message_size, text);
    longjmp(error->jump, 1);
}
