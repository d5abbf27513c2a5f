#include "svgicon_png_writer.h"
#include "svgicon_png_io.h"

#include <libdeflate.h>
#include <png.h>
#include <pthread.h>
#include <svgicon_codec_error.h>
#include <stdlib.h>
#include <string.h>

/*
 * How an icon becomes a PNG (measured on whole Lucide and Tabler at 24 and 256 px; BENCHMARKS.md):
 *
 * - Colour type: the smallest one the pixels allow without loss. A grey image (every pixel R = G = B:
 *   black untinted icons, the common case) is grey + alpha, 2 bytes a pixel instead of 4; an opaque one
 *   (a --background) is grey or RGB. A palette (only the colours used, sorted by alpha so that tRNS
 *   lists only the translucent ones, bit depth 1, 2, 4 or 8 by count) when the image has at most 256
 *   colours and the palette's chunks cost at most 1/16 of the raw bytes the palette saves: at 24 px a
 *   black icon's ~60 palette entries (≈ 260 bytes of PLTE + tRNS, which PNG does not compress) outweigh
 *   what they save, at 256 px they cost 1 % of the file and halve the bytes to compress.
 * - Rows are not filtered by default: anti-aliased shapes on transparent ground compress best unfiltered
 *   (Lucide 24 px grey + alpha: none 438 kB, sub 533 kB, up 594 kB, Paeth 583 kB, per-row choice 459 kB).
 * - Compression: libdeflate, whole image at once, one compressor per thread and level kept for the
 *   thread's life (its set-up is most of the cost of a 24 px icon). Level 6 up to 32 KiB of raw rows,
 *   level 2 above: past that size the time grows with the bytes and level 2 compresses icons nearly as
 *   well at half the time.
 */

enum { MAX_LEVEL = 12, SMALL_RAW_BYTES = 32 * 1024, SMALL_LEVEL = 6, LARGE_LEVEL = 2 };

/* ---- libdeflate compressors, one per thread and level ------------------------------------------- */

typedef struct {
    struct libdeflate_compressor *by_level[MAX_LEVEL + 1];
} thread_compressors;

static pthread_key_t compressors_key;
static pthread_once_t compressors_once = PTHREAD_ONCE_INIT;
static __thread thread_compressors *compressors;

static void free_compressors(void *value) {
    thread_compressors *set = (thread_compressors *)value;
    for (int level = 0; level <= MAX_LEVEL; level++) {
        if (set->by_level[level]) libdeflate_free_compressor(set->by_level[level]);
    }
    free(set);
}

static void make_compressors_key(void) { pthread_key_create(&compressors_key, free_compressors); }

static struct libdeflate_compressor *compressor(int level) {
    if (!compressors) {
        pthread_once(&compressors_once, make_compressors_key);
        compressors = (thread_compressors *)calloc(1, sizeof(thread_compressors));
        if (!compressors) return NULL;
        pthread_setspecific(compressors_key, compressors);
    }
    if (!compressors->by_level[level]) compressors->by_level[level] = libdeflate_alloc_compressor(level);
    return compressors->by_level[level];
}

/* ---- What the pixels allow ---------------------------------------------------------------------- */

typedef struct {
    int grey;    /* every pixel has R = G = B */
    int opaque;  /* every alpha is 255 */
    int count;   /* distinct RGBA values, or 257 when more than 256 */
    uint32_t colors[256]; /* the distinct values (R in the low byte … A in the high byte), when count <= 256 */
} analysis;

static inline uint32_t pack(uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    return (uint32_t)r | (uint32_t)g << 8 | (uint32_t)b << 16 | (uint32_t)a << 24;
}

static inline uint32_t load_pixel(const uint8_t *p) {
    return pack(p[0], p[1], p[2], p[3]);
}

/* A small open-addressing set of up to 256 colours with their palette slot. */
enum { SET_SLOTS = 1024 };
typedef struct {
    uint32_t keys[SET_SLOTS];
    int16_t slots[SET_SLOTS]; /* -1: empty */
} color_set;

static inline unsigned hash_color(uint32_t c) { return (c * 2654435761u) >> 22; /* 10 bits */ }

/* The slot of `c` in the set, adding it (as entry `*count`) when new; -1 when the set is full. */
static inline int color_slot(color_set *set, uint32_t c, analysis *a) {
    unsigned h = hash_color(c);
    while (set->slots[h] >= 0) {
        if (set->keys[h] == c) return set->slots[h];
        h = (h + 1) & (SET_SLOTS - 1);
    }
    if (a->count >= 256) return -1;
    set->keys[h] = c;
    set->slots[h] = (int16_t)a->count;
    a->colors[a->count] = c;
    return a->count++;
}

static void analyse_rgba(const uint8_t *rgba, size_t pixels, analysis *a, color_set *set) {
    a->grey = 1;
    a->opaque = 1;
    a->count = 0;
    memset(set->slots, 0xff, sizeof set->slots);
    uint32_t last = 0;
    int have_last = 0;
    for (size_t i = 0; i < pixels; i++) {
        const uint8_t *p = rgba + 4 * i;
        uint32_t c = load_pixel(p);
        if (have_last && c == last) continue;
        last = c;
        have_last = 1;
        if (p[0] != p[1] || p[0] != p[2]) a->grey = 0;
        if (p[3] != 255) a->opaque = 0;
        if (a->count <= 256 && color_slot(set, c, a) < 0) a->count = 257;
        if (!a->grey && !a->opaque && a->count > 256) return; /* RGBA whatever else follows */
    }
}

/* A one-colour image: the colours are its colour at each alpha that occurs, and (0, 0, 0, 0). */
static void analyse_alpha(const svgicon_png_request *rq, size_t pixels, analysis *a, uint8_t present[256]) {
    memset(present, 0, 256);
    for (size_t i = 0; i < pixels; i++) present[rq->alpha[i]] = 1;
    a->grey = rq->red == rq->green && rq->red == rq->blue;
    a->opaque = 1;
    a->count = 0;
    for (int alpha = 0; alpha < 256; alpha++) {
        if (!present[alpha]) continue;
        if (alpha != 255) a->opaque = 0;
        a->colors[a->count++] = alpha == 0 ? 0 : pack(rq->red, rq->green, rq->blue, (uint8_t)alpha);
    }
    /* grey needs the transparent pixels too: (0, 0, 0, 0) is grey. */
}

/* ---- Rows --------------------------------------------------------------------------------------- */

/* The palette index of each of `width` RGBA pixels (every one is in `set`). A pixel equal to the one
   before it (a transparent stretch, a flat fill) takes that one's index without a lookup. */
static void rgba_indices(const uint8_t *rgba, uint32_t width, const color_set *set, uint8_t *out) {
    uint32_t last = 0;
    int last_index = -1;
    for (uint32_t x = 0; x < width; x++) {
        uint32_t c = load_pixel(rgba + 4 * (size_t)x);
        if (last_index < 0 || c != last) {
            unsigned h = hash_color(c);
            while (set->slots[h] < 0 || set->keys[h] != c) h = (h + 1) & (SET_SLOTS - 1);
            last = c;
            last_index = set->slots[h];
        }
        out[x] = (uint8_t)last_index;
    }
}

/* `width` indices below 2^bit_depth (1, 2 or 4) packed into `row_bytes` bytes, leftmost pixel in the high
   bits, the last byte's unused bits 0. */
static void pack_indices(const uint8_t *indices, uint32_t width, int bit_depth, uint8_t *out, size_t row_bytes) {
    const uint32_t per_byte = 8 / (uint32_t)bit_depth;
    memset(out, 0, row_bytes);
    for (uint32_t x = 0; x < width; x++) {
        int shift = 8 - bit_depth * (int)(x % per_byte + 1);
        out[x / per_byte] |= (uint8_t)(indices[x] << shift);
    }
}

static inline uint8_t paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (uint8_t)((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c));
}

/* Filters `row` (with `prev` the row above, or NULL) with filter `type` into out. */
static void filter_row(int type, const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp, uint8_t *out) {
    for (size_t i = 0; i < n; i++) {
        int a = i >= bpp ? row[i - bpp] : 0, b = prev ? prev[i] : 0, c = (prev && i >= bpp) ? prev[i - bpp] : 0;
        switch (type) {
        case 1: out[i] = (uint8_t)(row[i] - a); break;
        case 2: out[i] = (uint8_t)(row[i] - b); break;
        case 3: out[i] = (uint8_t)(row[i] - ((a + b) >> 1)); break;
        case 4: out[i] = (uint8_t)(row[i] - paeth(a, b, c)); break;
        default: out[i] = row[i]; break;
        }
    }
}

static size_t row_cost(const uint8_t *bytes, size_t n) {
    size_t sum = 0;
    for (size_t i = 0; i < n; i++) sum += bytes[i] < 128 ? bytes[i] : 256 - bytes[i];
    return sum;
}

/* How many tRNS entries to write for a palette sorted by alpha (`order`), given that `count` of them are
   needed. A tRNS of exactly {0, 10} is valid PNG, but Pillow (13.0 and earlier) takes it for "index 0 is
   transparent, the rest opaque": it matches tRNS against /^\xff*\x00\xff*$/, and `$` also matches before
   a final 0x0A, so the entry of alpha 10 reads as opaque. One more entry (the first opaque one, 0xFF)
   keeps the chunk exact for every reader. A palette of only those two colours has no opaque entry to add;
   `readable_order` swaps its two entries instead. */
static int readable_trans_count(const uint32_t *colors, const int *order, int palette_count, int count) {
    if (count != 2 || (colors[order[0]] >> 24) != 0 || (colors[order[1]] >> 24) != 0x0A) return count;
    return palette_count > 2 ? 3 : count;
}

/* With a palette of only a transparent colour and one of alpha 10 (see `readable_trans_count`), puts the
   alpha-10 entry first: tRNS {10, 0} is read right by every reader. */
static void readable_order(const uint32_t *colors, int *order, int palette_count) {
    if (palette_count != 2 || (colors[order[0]] >> 24) != 0 || (colors[order[1]] >> 24) != 0x0A) return;
    int first = order[0];
    order[0] = order[1];
    order[1] = first;
}

/* Writes the chunks around `idat` (a zlib stream of the filtered rows) with libpng. */
static int write_png(uint32_t width, uint32_t height, int bit_depth, int color_type, const png_color *palette,
                     int palette_count, const uint8_t *trans, int trans_count, const uint8_t *idat, size_t idat_size,
                     uint8_t **out, size_t *out_size, char *message, size_t message_size) {
    /* volatile: read after a longjmp back into this frame. */
    svgicon_writer_state *volatile state = (svgicon_writer_state *)calloc(1, sizeof(svgicon_writer_state));
    if (!state) {
        svgicon_set_message(message, message_size, "out of memory");
        return -1;
    }
    state->failure.message = message;
    state->failure.message_size = message_size;
    state->capacity = 8 + 25 + 12 + 3 * (size_t)palette_count + 12 + (size_t)trans_count + 12 + idat_size + 12;
    state->data = (uint8_t *)malloc(state->capacity);
    png_structp png = state->data ? png_create_write_struct(PNG_LIBPNG_VER_STRING, state, svgicon_png_on_error,
                                                            svgicon_png_on_warning)
                                  : NULL;
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_write_struct(&png, NULL);
        free(state->data);
        free(state);
        svgicon_set_message(message, message_size, "libpng could not start");
        return -1;
    }
    if (setjmp(state->failure.jump)) {
        png_destroy_write_struct(&png, &info);
        free(state->data);
        free(state);
        return -1;
    }
    png_set_write_fn(png, state, svgicon_png_on_write, svgicon_png_on_flush);
    png_set_IHDR(png, info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_PLTE(png, info, palette, palette_count);
        if (trans_count > 0) png_set_tRNS(png, info, trans, trans_count, NULL);
    }
    png_write_info(png, info);
    png_write_chunk(png, (png_const_bytep) "IDAT", idat, idat_size);
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    *out = state->data;
    *out_size = state->size;
    free(state);
    return 0;
}

/* ---- The encoder -------------------------------------------------------------------------------- */

int svgicon_png_encode(const svgicon_png_request *rq, uint8_t **out, size_t *out_size, char *message,
                       size_t message_size) {
    *out = NULL;
    *out_size = 0;
    if (message_size > 0) message[0] = '\0';
    if (!rq || rq->width == 0 || rq->height == 0 || (!rq->rgba && !rq->alpha) || rq->level < 0 ||
        rq->level > MAX_LEVEL) {
        svgicon_set_message(message, message_size, rq && (rq->rgba || rq->alpha) && rq->width && rq->height
                                                ? "compression level out of range"
                                                : "cannot encode an empty image");
        return -1;
    }
    const uint32_t width = rq->width, height = rq->height;
    const size_t pixels = (size_t)width * height;

    analysis a;
    color_set *set = NULL;
    uint8_t present[256];
    if (rq->rgba) {
        set = (color_set *)malloc(sizeof(color_set));
        if (!set) {
            svgicon_set_message(message, message_size, "out of memory");
            return -1;
        }
        analyse_rgba(rq->rgba, pixels, &a, set);
    } else {
        analyse_alpha(rq, pixels, &a, present);
    }

    /* The direct colour type, then whether a palette pays for itself. */
    int color_type = a.opaque ? (a.grey ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB)
                              : (a.grey ? PNG_COLOR_TYPE_GRAY_ALPHA : PNG_COLOR_TYPE_RGB_ALPHA);
    size_t channels = a.opaque ? (a.grey ? 1 : 3) : (a.grey ? 2 : 4);
    int bit_depth = 8;
    png_color palette[256];
    uint8_t trans[256];
    uint8_t index_of_alpha[256];
    int trans_count = 0;
    int order[256];
    if (a.count <= 256) {
        int bits = a.count <= 2 ? 1 : a.count <= 4 ? 2 : a.count <= 16 ? 4 : 8;
        /* Sorted by alpha, then colour: index follows alpha, and the opaque entries come last so tRNS
           can stop before them. */
        for (int i = 0; i < a.count; i++) order[i] = i;
        for (int i = 1; i < a.count; i++) {
            int v = order[i], j = i - 1;
            uint32_t cv = a.colors[v];
            while (j >= 0) {
                uint32_t cj = a.colors[order[j]];
                if ((cj >> 24) < (cv >> 24) || ((cj >> 24) == (cv >> 24) && (cj & 0xffffff) <= (cv & 0xffffff))) break;
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = v;
        }
        readable_order(a.colors, order, a.count);
        int last_translucent = -1;
        for (int i = 0; i < a.count; i++) {
            uint32_t c = a.colors[order[i]];
            if ((c >> 24) != 255) last_translucent = i;
        }
        trans_count = last_translucent + 1;
        trans_count = readable_trans_count(a.colors, order, a.count, trans_count);
        size_t overhead = 12 + 3 * (size_t)a.count + (trans_count > 0 ? 12 + (size_t)trans_count : 0);
        size_t direct = pixels * channels;
        size_t packed = (((size_t)width * bits + 7) / 8) * height;
        if (direct > packed && overhead * 16 <= direct - packed) {
            color_type = PNG_COLOR_TYPE_PALETTE;
            bit_depth = bits;
            channels = 0;
            for (int i = 0; i < a.count; i++) {
                uint32_t c = a.colors[order[i]];
                palette[i].red = (uint8_t)c;
                palette[i].green = (uint8_t)(c >> 8);
                palette[i].blue = (uint8_t)(c >> 16);
                trans[i] = (uint8_t)(c >> 24);
            }
            if (rq->rgba) {
                /* The set's slots become palette indices. */
                int rank[256];
                for (int i = 0; i < a.count; i++) rank[order[i]] = i;
                for (int h = 0; h < SET_SLOTS; h++) {
                    if (set->slots[h] >= 0) set->slots[h] = (int16_t)rank[set->slots[h]];
                }
            } else {
                for (int i = 0; i < a.count; i++) index_of_alpha[a.colors[order[i]] >> 24] = (uint8_t)i;
            }
        }
    }

    /* Raw rows: the pixels in the chosen type, each row after its filter byte. */
    const size_t row_bytes = color_type == PNG_COLOR_TYPE_PALETTE ? ((size_t)width * bit_depth + 7) / 8
                                                                  : (size_t)width * channels;
    const size_t bpp = channels ? channels : 1;
    const size_t raw_size = (size_t)height * (row_bytes + 1);
    int filters = rq->filters & 0xF8;
    if (filters == 0) filters = 0x08;
    const int single = (filters & (filters - 1)) == 0;
    uint8_t *raw = (uint8_t *)malloc(raw_size);
    /* Unfiltered rows, for filters other than none: the current one and the one above. */
    uint8_t *rows = (filters != 0x08) ? (uint8_t *)malloc(2 * row_bytes + row_bytes) : NULL;
    /* A row's palette indices before they are packed below 8 bits. */
    const int packs = color_type == PNG_COLOR_TYPE_PALETTE && bit_depth < 8;
    uint8_t *indices = packs ? (uint8_t *)malloc(width) : NULL;
    if (!raw || (filters != 0x08 && !rows) || (packs && !indices)) {
        free(raw);
        free(rows);
        free(indices);
        free(set);
        svgicon_set_message(message, message_size, "out of memory");
        return -1;
    }
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *line = raw + (size_t)y * (row_bytes + 1);
        uint8_t *target = filters == 0x08 ? line + 1 : rows + (y & 1) * row_bytes;
        const size_t first = (size_t)y * width;
        if (color_type == PNG_COLOR_TYPE_PALETTE) {
            /* 8-bit indices straight into the row; narrower ones into `indices`, then packed. */
            uint8_t *row_indices = packs ? indices : target;
            if (rq->rgba) {
                rgba_indices(rq->rgba + 4 * first, width, set, row_indices);
            } else {
                const uint8_t *alpha = rq->alpha + first;
                for (uint32_t x = 0; x < width; x++) row_indices[x] = index_of_alpha[alpha[x]];
            }
            if (packs) pack_indices(indices, width, bit_depth, target, row_bytes);
        } else if (rq->rgba) {
            const uint8_t *src = rq->rgba + 4 * first;
            switch (channels) {
            case 4: memcpy(target, src, (size_t)width * 4); break;
            case 3:
                for (uint32_t x = 0; x < width; x++) memcpy(target + 3 * x, src + 4 * x, 3);
                break;
            case 2:
                for (uint32_t x = 0; x < width; x++) {
                    target[2 * x] = src[4 * x];
                    target[2 * x + 1] = src[4 * x + 3];
                }
                break;
            default:
                for (uint32_t x = 0; x < width; x++) target[x] = src[4 * x];
                break;
            }
        } else {
            const uint8_t *alpha = rq->alpha + first;
            const uint8_t r = rq->red, g = rq->green, b = rq->blue;
            switch (channels) {
            case 4:
                for (uint32_t x = 0; x < width; x++) {
                    uint8_t m = alpha[x] ? 0xff : 0;
                    target[4 * x] = r & m;
                    target[4 * x + 1] = g & m;
                    target[4 * x + 2] = b & m;
                    target[4 * x + 3] = alpha[x];
                }
                break;
            case 3: /* opaque: every alpha is 255 */
                for (uint32_t x = 0; x < width; x++) {
                    target[3 * x] = r;
                    target[3 * x + 1] = g;
                    target[3 * x + 2] = b;
                }
                break;
            case 2:
                for (uint32_t x = 0; x < width; x++) {
                    target[2 * x] = alpha[x] ? r : 0;
                    target[2 * x + 1] = alpha[x];
                }
                break;
            default: memset(target, r, width); break;
            }
        }
        if (filters == 0x08) {
            line[0] = 0;
            continue;
        }
        const uint8_t *prev = y > 0 ? rows + ((y - 1) & 1) * row_bytes : NULL;
        uint8_t *trial = rows + 2 * row_bytes;
        int best = -1;
        size_t best_cost = 0;
        for (int type = 0; type < 5; type++) {
            if (!(filters & (0x08 << type))) continue;
            if (single) {
                best = type;
                break;
            }
            filter_row(type, target, prev, row_bytes, bpp, trial);
            size_t cost = row_cost(trial, row_bytes);
            if (best < 0 || cost < best_cost) {
                best = type;
                best_cost = cost;
            }
        }
        line[0] = (uint8_t)best;
        filter_row(best, target, prev, row_bytes, bpp, line + 1);
    }
    free(rows);
    free(indices);
    free(set);

    int level = rq->level ? rq->level : (raw_size <= SMALL_RAW_BYTES ? SMALL_LEVEL : LARGE_LEVEL);
    struct libdeflate_compressor *deflater = compressor(level);
    size_t bound = deflater ? libdeflate_zlib_compress_bound(deflater, raw_size) : 0;
    uint8_t *idat = deflater ? (uint8_t *)malloc(bound) : NULL;
    size_t idat_size = idat ? libdeflate_zlib_compress(deflater, raw, raw_size, idat, bound) : 0;
    free(raw);
    if (idat_size == 0) {
        free(idat);
        svgicon_set_message(message, message_size, "out of memory while compressing");
        return -1;
    }
    int status = write_png(width, height, bit_depth, color_type, palette,
                           color_type == PNG_COLOR_TYPE_PALETTE ? a.count : 0, trans,
                           color_type == PNG_COLOR_TYPE_PALETTE ? trans_count : 0, idat, idat_size, out, out_size,
                           message, message_size);
    free(idat);
    return status;
}
