import SVGIconCore
import SVGIconKit
/// A value and the Swift code that builds it, made together: the generator computes `value` with the
/// same initializer, the same arguments and the same literals (read back from their text) that `code`
/// spells out, so comparing `value` with the input proves that the code reproduces it.
package struct SwiftExpression<Value: Hashable>: Hashable {
    package var value: Value
    package var code: SwiftCode

    package init(_ value: Value, _ code: SwiftCode) {
        self.value = value
        self.code = code
    }

    /// The argument `label: code`, or nil when the value equals the initializer's default (so the
    /// argument can be left out).
    func argument(_ label: String, default defaultValue: Value) -> SwiftCode.Argument? {
        value == defaultValue ? nil : SwiftCode.Argument(label, code)
    }

    func argument(_ label: String) -> SwiftCode.Argument {
        SwiftCode.Argument(label, code)
    }
}
