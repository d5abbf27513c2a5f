import CMallocTuning
import Testing

@Suite("The command's allocator settings")
struct MallocTuningTests {
    @Test("On glibc both settings are accepted (a batch at 256 px otherwise faults its buffers in again per icon)")
    func appliedOnGlibc() {
        #if os(Linux) && canImport(Glibc)
        #expect(svgicon_keep_freed_memory() == 1)
        #else
        #expect(svgicon_keep_freed_memory() == 0)
        #endif
    }
}
