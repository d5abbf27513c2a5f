#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The image loader SVGIconKit gives the resolver: PNG through `PNGCodec`'s decoder (libpng), JPEG through
/// libjpeg (when built with it), files through `FileIO` with links followed and checked against the
/// allowed folders, SVG images through `SVGDocumentParser` (libxml2).
///
/// Thread safety: static members only, no shared mutable state; call them from any thread at once.
public enum KitImageLoader {
    /// The loader; its name is part of every render cache key (bump it when decoding changes pixels).
    public static let loader = SVGImageLoader(name: "svgicon-kit-2", decode: decode, readFile: readFile, parseSVG: parseSVG,
                                              absolutePath: { FileIO.absolutePath($0) })

    /// `options` with the kit's loader (when none is set) and, for an SVG read from `file`, that file as
    /// the document whose folder relative image paths start from and stay in (worked out only when an
    /// image names a file). `file` names like `<stdin>` and `<memory>` are not files: their relative
    /// image paths are refused.
    public static func options(_ options: SVGResolver.Options, file: String) -> SVGResolver.Options {
        var options = options
        if options.images.loader == nil { options.images.loader = loader }
        if options.images.baseFolder == nil, options.images.documentPath == nil, !file.isEmpty, !file.hasPrefix("<") {
            options.images.documentPath = file
        }
        return options
    }

    @Sendable static func decode(_ data: [UInt8], _ format: SVGImageFormat) -> Result<SVGImagePixels, SVGImageLoadFailure> {
        switch format {
        case .png: return decodePNG(data)
        case .jpeg: return JPEGDecoder.decode(data)
        default: return .failure(SVGImageLoadFailure("\(format.rawValue) is not a raster format svgicon decodes"))
        }
    }

    /// PNG → premultiplied RGBA8 (libpng converts every colour type and bit depth to 8-bit RGBA). The
    /// samples are taken as sRGB whatever gAMA and cHRM chunks say, as resvg does: Sketch writes gAMA 2.2
    /// where it means 1/2.2 (223 of 505 images in a sample of Debian's deepin theme), and libpng's
    /// gamma correction then makes those images far lighter than anyone designed them.
    static func decodePNG(_ data: [UInt8]) -> Result<SVGImagePixels, SVGImageLoadFailure> {
        do throws(PNGError) {
            return .success(try PNGCodec.decode(withoutColorChunks(data), maxSide: 1 << 16) {
                SVGImagePixels(width: $0, height: $1, straightRGBA: $2)
            })
        } catch {
            return .failure(SVGImageLoadFailure(error.reason))
        }
    }

    /// The PNG without its gAMA and cHRM chunks (each chunk has its own CRC, so the others stay valid).
    static func withoutColorChunks(_ data: [UInt8]) -> [UInt8] {
        guard data.count > 8 else { return data }
        var out: [UInt8] = []
        var i = 8
        var dropped = false
        while i + 12 <= data.count {
            let length = Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length <= data.count - i - 12 else { break }
            let kind = data[(i + 4)..<(i + 8)]
            let end = i + 12 + length
            if kind.elementsEqual("gAMA".utf8) || kind.elementsEqual("cHRM".utf8) {
                if !dropped {
                    out.reserveCapacity(data.count)
                    out.append(contentsOf: data[0..<i])
                    dropped = true
                }
            } else if dropped {
                out.append(contentsOf: data[i..<end])
            }
            if kind.elementsEqual("IDAT".utf8) || kind.elementsEqual("IEND".utf8) { i = end; break }
            i = end
        }
        guard dropped else { return data }
        out.append(contentsOf: data[min(i, data.count)...])
        return out
    }

    /// Reads an allowed file: once links are followed it must still lie inside one of `roots` (a link in
    /// the SVG's folder that points elsewhere is refused).
    @Sendable static func readFile(_ path: String, _ roots: [String], _ limit: Int) -> Result<[UInt8], SVGImageLoadFailure> {
        guard let real = realPath(path) else {
            return .failure(SVGImageLoadFailure(errno == ENOENT || errno == ENOTDIR ? "no such file" : "cannot open: \(String(cString: strerror(errno)))"))
        }
        if !roots.isEmpty {
            let realRoots = roots.map { realPath($0) ?? $0 }
            guard realRoots.contains(where: { SVGImageOptions.path(real, isInside: $0) }) else {
                return .failure(SVGImageLoadFailure("it links to \(real), outside the allowed folders"))
            }
        }
        do {
            return .success(try FileIO.read(real, limit: limit))
        } catch {
            return .failure(SVGImageLoadFailure(error.reason))
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    @Sendable static func parseSVG(_ data: [UInt8], _ file: String, _ options: SVGResolver.Options) -> Result<SVGParseResult, SVGImageLoadFailure> {
        do {
            return .success(try SVGDocumentParser.parse(data, file: file, options: options))
        } catch {
            return .failure(SVGImageLoadFailure(error.reason))
        }
    }
}
