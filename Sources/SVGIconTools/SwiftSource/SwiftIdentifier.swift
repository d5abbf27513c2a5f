import SVGIconCore
import SVGIconKit
/// Swift names for icons: `tab-shop` → `tabShop` (or `TabShop` for a type), `2fa` → `icon2fa`,
/// `repeat` → `` `repeat` ``.
package enum SwiftIdentifier {
    /// Words of letters and digits; everything else separates words.
    static func words(_ name: String) -> [String] {
        var words: [String] = [], current = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `tab-shop` → `tabShop`; a leading digit gets `icon` in front; keywords are put in backticks.
    package static func variable(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "icon" }
        var identifier = lowercasedFirst(first) + parts.dropFirst().map(capitalizedFirst).joined()
        if identifier.first!.isNumber { identifier = "icon" + identifier }
        return keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// `app-icons` → `AppIcons`; a leading digit gets `Icons` in front.
    package static func type(_ name: String) -> String {
        var identifier = words(name).map(capitalizedFirst).joined()
        if identifier.isEmpty { return "Icons" }
        if identifier.first!.isNumber { identifier = "Icons" + identifier }
        return keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// True when `text` can be used as given: letters, digits and `_`, not starting with a digit, and not a
    /// keyword.
    package static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return !keywords.contains(text) && text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
    }

    private static func capitalizedFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func lowercasedFirst(_ word: String) -> String {
        // An all-caps first word (`URL-link`) is lowercased whole: `urlLink`.
        word == word.uppercased() ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
    }

    /// Words a Swift declaration cannot use unquoted.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol",
    ]
}
