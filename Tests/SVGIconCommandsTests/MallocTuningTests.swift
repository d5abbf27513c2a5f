import CMallocTuning
import Foundation
import Testing

@Suite("The command's allocator settings")
struct MallocTuningTests {
    @Test("On glibc both settings are accepted (a batch at 256 px otherwise faults its buffers in again per icon)")
    func appliedOnGlibc() {
        #if os(Linux) && canImport(Glibc)
        let environment = ProcessInfo.processInfo.environment
        let ownSettings = environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.") == true
            || environment["MALLOC_TRIM_THRESHOLD_"] != nil || environment["MALLOC_MMAP_THRESHOLD_"] != nil
        #expect(svgicon_keep_freed_memory() == (ownSettings ? 0 : 1))
        #else
        #expect(svgicon_keep_freed_memory() == 0)
        #endif
    }
}
