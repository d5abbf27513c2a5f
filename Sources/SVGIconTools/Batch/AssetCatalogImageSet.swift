import SVGIconCore
import SVGIconKit
import Foundation

/// One `.imageset` folder of an Xcode asset catalog and the `Contents.json` that describes it.
package struct AssetCatalogImageSet: Hashable, Sendable {
    /// The folder, relative to the catalog (`arrows/chevron.imageset`).
    package var folder: String
    /// The PNG files in it, by scale (1, 2, 3).
    package var images: [Image]

    package struct Image: Hashable, Sendable {
        package var filename: String
        package var scale: Int

        package init(filename: String, scale: Int) {
            self.filename = filename
            self.scale = scale
        }
    }

    package init(folder: String, images: [Image]) {
        self.folder = folder
        self.images = images
    }

    /// The image set's `Contents.json`, laid out as Xcode writes it: a slot for each of 1x, 2x and 3x
    /// (with a filename where one was rendered) and the rendering intent — `template` for an icon every
    /// visible paint of which takes the tint (`SVGIconDefinition.everyVisiblePaintTakesTint`), so UIKit and
    /// SwiftUI colour it, `original` for one drawn, even in part, in fixed colours.
    package func contentsJSON(template: Bool) -> String {
        let slots = BatchOutputFormat.assetCatalogScales.map { scale -> String in
            var fields = [String]()
            if let image = images.first(where: { $0.scale == scale }) {
                fields.append("\"filename\" : \(Self.quoted(image.filename))")
            }
            fields += ["\"idiom\" : \"universal\"", "\"scale\" : \"\(scale)x\""]
            return "    {\n      " + fields.joined(separator: ",\n      ") + "\n    }"
        }
        return """
            {
              "images" : [
            \(slots.joined(separator: ",\n"))
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              },
              "properties" : {
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
