// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "svgicon",
    products: [
        // The pure-Swift core alone: icon model, colours, path data, geometry, rasterizer, renderer, SVG
        // resolution from an element tree. No C, no Foundation: builds for any Swift platform, links no
        // libxml2/libpng/libdeflate/libjpeg.
        .library(name: "SVGIconCore", targets: ["SVGIconCore"]),
        // The core plus the C edges: libxml2 loading, libpng/libdeflate encoding, JPEG decoding, file
        // lookup, the render cache. Re-exports the core, so `import SVGIconKit` is the one import an app needs.
        .library(name: "SVGIconKit", targets: ["SVGIconKit"]),
        .executable(name: "svgicon", targets: ["svgicon"]),
        // Build-time Swift for a target's SVG icons (`Icons.tabShop`), through `svgicon swift`.
        .plugin(name: "SVGIconPlugin", targets: ["SVGIconPlugin"]),
        // `swift package svgicon-batch`: runs `svgicon build` on the package's svgicon.json.
        .plugin(name: "SVGIconBatchPlugin", targets: ["SVGIconBatchPlugin"]),
    ],
    targets: [
        // C edges, found through pkg-config; the apt providers name the Debian packages.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // The C codecs' one error path: a library's message copied into the caller's buffer and a longjmp
        // back into the codec function (included by CJPEGReader's and CPNGWriter's .c files, not by Swift).
        .target(name: "CCodecErrors"),
        // JPEG decoding for <image> (Illustrator and Figma embed photos as JPEG); libjpeg's longjmp error
        // handling stays inside the CJPEGReader C target.
        .systemLibrary(
            name: "CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]
        ),
        .target(name: "CJPEGReader", dependencies: ["CLibJPEG", "CCodecErrors"]),
        // libdeflate: whole-buffer DEFLATE, faster than zlib at the same or smaller size (BENCHMARKS.md).
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // PNG writing: colour type chosen per image, rows compressed with libdeflate (whole images) or zlib
        // (large images streamed a band at a time), chunks written by libpng; libpng's longjmp error
        // handling stays inside this C target.
        .target(name: "CPNGWriter", dependencies: ["CLibPNG", "CLibDeflate", "CZlib", "CCodecErrors"]),
        // zlib (already there as libpng's dependency), for reading gzip-compressed `.svgz` files and for
        // CPNGWriter's streamed PNGs.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The command's allocator settings (glibc's mallopt, which Swift's Glibc module does not export).
        .target(name: "CMallocTuning"),
        // Pure Swift: icon model, colours, path data, geometry, rasterizer, renderer, SVG resolution.
        // No C import, no Foundation. Rounding and square roots lower to libm calls (floor, ceil, sqrt…),
        // which an importer of Glibc or Foundation links by accident; a consumer of the core alone does not,
        // so the core says it needs libm (Scripts/check-public-api links such a consumer).
        .target(name: "SVGIconCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]),
        // Edges: libxml2 document loading, libpng encode/decode, icon lookup and loading.
        .target(name: "SVGIconKit", dependencies: ["SVGIconCore", "CLibXML2", "CLibPNG", "CPNGWriter", "CZlib", "CJPEGReader"]),
        // The tools the commands are made of (batch, golden, sheet, inspect, Swift code, bench): a
        // package-internal target, not a product, so an app sees none of it.
        .target(name: "SVGIconTools", dependencies: ["SVGIconCore", "SVGIconKit"]),
        // The command-line interface as a testable library.
        .target(name: "SVGIconCommands", dependencies: ["SVGIconCore", "SVGIconKit", "SVGIconTools"]),
        .executableTarget(name: "svgicon", dependencies: ["SVGIconCommands", "CMallocTuning"]),
        // A target that lists this plugin gets `Icons.swift` generated from its `.svg` files at build time.
        .plugin(name: "SVGIconPlugin", capability: .buildTool(), dependencies: ["svgicon"]),
        // `swift package --allow-writing-to-package-directory svgicon-batch [JOB…]`: the jobs of the
        // package's svgicon.json, written where they say (so the plugin needs to write to the package).
        .plugin(
            name: "SVGIconBatchPlugin",
            capability: .command(
                intent: .custom(verb: "svgicon-batch", description: "Convert the package's icons as its svgicon.json declares (svgicon build)"),
                permissions: [.writeToPackageDirectory(reason: "svgicon.json's jobs write the converted icons into the package")]
            ),
            dependencies: ["svgicon"]
        ),
        .testTarget(name: "SVGIconCoreTests", dependencies: ["SVGIconCore"]),
        .testTarget(
            name: "SVGIconKitTests",
            dependencies: ["SVGIconKit", "SVGIconCore", "SVGIconTools"],
            // Icons in a resource bundle, for SVGFileLoader(bundle: .module, subdirectory: "BundleIcons").
            resources: [.copy("Resources/BundleIcons")]
        ),
        .testTarget(
            name: "SVGIconCommandsTests",
            dependencies: ["SVGIconCommands", "SVGIconKit", "SVGIconCore", "SVGIconTools", "CMallocTuning"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
