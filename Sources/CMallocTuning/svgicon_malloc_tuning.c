#include "svgicon_malloc_tuning.h"

#include <stdlib.h> /* defines __GLIBC__ on glibc */

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int svgicon_keep_freed_memory(void) {
#if defined(__GLIBC__)
    /* A batch renders icon after icon with the same large, short-lived buffers (pixels, the straight-alpha
       copy, zlib's tables: about a megabyte at 256 px). With glibc's defaults the heap's top is trimmed
       after each icon and touched again by the next: ~86 page faults per icon at 256 px, a fifth of a
       whole-Lucide batch's time. With the dynamic mmap threshold, 1024 px buffers are mapped and unmapped
       per icon instead. Keeping up to 64 MiB of freed heap and serving blocks up to 32 MiB (the largest
       threshold glibc accepts) from it removes both; peak memory is what the largest icon needs either way. */
    int trim = mallopt(M_TRIM_THRESHOLD, 64 << 20);
    int mmap = mallopt(M_MMAP_THRESHOLD, 32 << 20);
    return trim == 1 && mmap == 1;
#else
    return 0;
#endif
}
