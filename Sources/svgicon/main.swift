#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SVGIconCommands

exit(SVGIconCLI.run(Array(CommandLine.arguments.dropFirst())))
