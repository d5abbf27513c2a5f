/// A JSON value as `JSONReader` read it, with the line and column it starts at, so that a project file's
/// errors can point at the exact place (`svgicon.json:7:13`).
package struct JSONNode: Hashable, Sendable {
    /// What the value is.
    package enum Value: Hashable, Sendable {
        case null
        case bool(Bool)
        /// The number, and its text as written (so `24` and `24.0` can be told apart).
        case number(Double, text: String)
        case string(String)
        case array([JSONNode])
        /// Members in the order written (duplicate keys are refused by the reader).
        case object([Member])
    }

    /// One `"key": value` of an object.
    package struct Member: Hashable, Sendable {
        package var key: String
        /// Where the key's opening quote is.
        package var line: Int
        package var column: Int
        package var value: JSONNode
    }

    package var value: Value
    /// 1-based line of the value's first character.
    package var line: Int
    /// 1-based column (in characters) of the value's first character.
    package var column: Int

    /// `"a string"`, `a number`, `an array`… for error messages.
    package var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value for an error message: strings quoted, numbers as written, containers by type.
    package var shortText: String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let text): return text
        case .string(let s): return "\"\(s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
