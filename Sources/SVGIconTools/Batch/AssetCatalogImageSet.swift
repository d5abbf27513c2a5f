import SVGIconCore
import SVGIconKit
import Foundation

/// One `.imageset` folder of an Xcode asset catalog and the `Contents.json` that describes it.
package struct AssetCatalogImageSet: Hashable, Sendable {
    /// The folder, relative to the catalog (`arrows/chevron.imageset`).
    package var folder: String
    /// The files in it: PNGs by scale (1, 2, 3), or one PDF (`--vector`); each for the any or the dark appearance.
    package var images: [Image]

    /// One file of the image set and its slot.
    package struct Image: Hashable, Sendable {
        /// The file's name inside the image set.
        package var filename: String
        /// 1, 2 or 3; nil for a vector (PDF) image, which fills the single universal slot.
        package var scale: Int?
        /// For the dark appearance (`--dark-tint`).
        package var dark: Bool

        /// An image `filename` for `scale` (nil: vector), in the dark appearance when `dark`.
        package init(filename: String, scale: Int?, dark: Bool = false) {
            self.filename = filename
            self.scale = scale
            self.dark = dark
        }
    }

    /// An image set in `folder` holding `images`.
    package init(folder: String, images: [Image]) {
        self.folder = folder
        self.images = images
    }

    /// Whether the image set holds a PDF rather than PNGs.
    package var isVector: Bool { images.contains { $0.scale == nil } }

    /// The image set's `Contents.json`, laid out as Xcode writes it (keys sorted, two-space indents).
    ///
    /// Slots: for PNGs one for each of 1x, 2x and 3x (with a filename where one was rendered); for a PDF
    /// (`--vector`) a single universal slot and `preserves-vector-representation`, so Xcode keeps the vector
    /// and scales it. With a dark image each slot is followed by its dark twin (`appearances`: luminosity
    /// dark). The rendering intent is `template` for an icon every visible paint of which takes the tint
    /// (`SVGIconDefinition.everyVisiblePaintTakesTint`), so UIKit and SwiftUI colour it, `original` for one
    /// drawn, even in part, in fixed colours.
    package func contentsJSON(template: Bool) -> String {
        let scales: [Int?] = isVector ? [nil] : BatchOutputFormat.assetCatalogScales.map { $0 }
        let appearances = images.contains(where: \.dark) ? [false, true] : [false]
        var slots: [String] = []
        for scale in scales {
            for dark in appearances {
                var fields = [String]()
                if dark {
                    fields.append("\"appearances\" : [\n        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"dark\"\n        }\n      ]")
                }
                if let image = images.first(where: { $0.scale == scale && $0.dark == dark }) {
                    fields.append("\"filename\" : \(Self.quoted(image.filename))")
                }
                fields.append("\"idiom\" : \"universal\"")
                if let scale { fields.append("\"scale\" : \"\(scale)x\"") }
                slots.append("    {\n      " + fields.joined(separator: ",\n      ") + "\n    }")
            }
        }
        let vectorProperty = isVector ? "\n    \"preserves-vector-representation\" : true," : ""
        return """
            {
              "images" : [
            \(slots.joined(separator: ",\n"))
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              },
              "properties" : {\(vectorProperty)
                "template-rendering-intent" : "\(template ? "template" : "original")"
              }
            }

            """
    }

    /// `Contents.json` of the catalog itself and of each folder (group) in it.
    package static let folderContentsJSON = """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
