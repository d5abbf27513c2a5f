#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMallocTuning
import SVGIconCommands

// Batches free and reallocate the same large buffers icon after icon; see the C function's comment.
_ = svgicon_keep_freed_memory()

exit(SVGIconCLI.run(Array(CommandLine.arguments.dropFirst())))
