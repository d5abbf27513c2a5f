#ifndef SVGICON_CZLIB_SHIM_H
#define SVGICON_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 is a macro Swift cannot import.
static inline int svgicon_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 32);  // 32: detect gzip or zlib headers
}

#endif
