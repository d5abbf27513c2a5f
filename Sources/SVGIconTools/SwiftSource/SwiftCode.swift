import SVGIconCore
import SVGIconKit
/// A small model of the Swift expressions `svgicon swift` writes, and their layout: an expression goes on
/// one line when it fits in `lineWidth`, otherwise each argument or element gets its own line, indented
/// by four spaces.
package indirect enum SwiftCode: Hashable, Sendable {
    /// Printed as is: `24`, `.round`, `nil`, `"path"`.
    case token(String)
    /// `Name(label: value, …)`.
    case call(String, [Argument])
    /// `base.name`.
    case member(SwiftCode, String)
    /// `[a, b, …]`.
    case array([SwiftCode])
    /// A multi-line string literal whose value is `lines` joined with newlines.
    case multilineString([String])

    package struct Argument: Hashable, Sendable {
        package var label: String?
        package var value: SwiftCode

        package init(_ label: String?, _ value: SwiftCode) {
            self.label = label
            self.value = value
        }
    }

    package static let lineWidth = 110

    /// The expression laid out with its first line continuing at column `indent.count` (the caller wrote
    /// the indentation and any `label: ` before it) and later lines indented from `indent`.
    package func layout(indent: String, column: Int? = nil) -> String {
        if let flat, (column ?? indent.count) + flat.count <= Self.lineWidth { return flat }
        let inner = indent + "    "
        switch self {
        case .token(let text):
            return text
        case .member(let base, let name):
            return base.layout(indent: indent, column: column) + "." + name
        case .call(let name, let arguments):
            if arguments.isEmpty { return name + "()" }
            // One unlabeled array, call or multi-line string hugs the parentheses: `.group([` … `])`,
            // `.shape(SVGShape(` … `))`.
            if arguments.count == 1, arguments[0].label == nil, arguments[0].value.hugsParentheses {
                return name + "(" + arguments[0].value.layout(indent: indent) + ")"
            }
            let lines = arguments.map { argument -> String in
                let prefix = argument.label.map { $0 + ": " } ?? ""
                return inner + prefix + argument.value.layout(indent: inner, column: inner.count + prefix.count)
            }
            return name + "(\n" + lines.joined(separator: ",\n") + "\n" + indent + ")"
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            let lines = elements.map { inner + $0.layout(indent: inner) + "," }
            return "[\n" + lines.joined(separator: "\n") + "\n" + indent + "]"
        case .multilineString(let lines):
            return "\"\"\"\n" + lines.map { inner + $0 + "\n" }.joined() + inner + "\"\"\""
        }
    }

    private var hugsParentheses: Bool {
        switch self {
        case .array, .multilineString, .call: return true
        case .token, .member: return false
        }
    }

    /// The one-line form; nil when the expression cannot be written on one line (a multi-line string).
    var flat: String? {
        switch self {
        case .token(let text):
            return text
        case .member(let base, let name):
            return base.flat.map { $0 + "." + name }
        case .call(let name, let arguments):
            var parts: [String] = []
            for argument in arguments {
                guard let value = argument.value.flat else { return nil }
                parts.append((argument.label.map { $0 + ": " } ?? "") + value)
            }
            return name + "(" + parts.joined(separator: ", ") + ")"
        case .array(let elements):
            var parts: [String] = []
            for element in elements {
                guard let value = element.flat else { return nil }
                parts.append(value)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .multilineString:
            return nil
        }
    }

    /// A one-line string literal, with `\` and `"` and control characters escaped.
    package static func stringLiteral(_ text: String) -> SwiftCode {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return .token(out + "\"")
    }
}
