#ifndef SVGICON_MALLOC_TUNING_H
#define SVGICON_MALLOC_TUNING_H

/// Tells the C allocator to keep freed memory for reuse instead of handing it back to the kernel after
/// every large free. Returns 1 when the settings were applied, 0 where the allocator has no such
/// settings (anything but glibc) or when the environment already sets them (`GLIBC_TUNABLES` with a
/// `glibc.malloc.` tunable, `MALLOC_TRIM_THRESHOLD_`, `MALLOC_MMAP_THRESHOLD_`). For the svgicon
/// command only: a library has no business changing its host process's allocator.
int svgicon_keep_freed_memory(void);

#endif
