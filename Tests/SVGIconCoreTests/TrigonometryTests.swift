import Foundation
import Testing
@testable import SVGIconCore

/// The core's own sin/cos/tan/atan (no Foundation there) against the C library's, over many arguments.
@Suite("Trigonometry")
struct TrigonometryTests {
    /// 20 001 arguments from −50 to 50, plus the quarter turns themselves.
    private var arguments: [Double] {
        var values = (0...20_000).map { -50 + Double($0) * 0.005 + 0.000_123 }
        for k in -8...8 { values.append(Double(k) * Double.pi / 4) }
        return values
    }

    @Test("sine and cosine are within 1e-14 of the C library's")
    func sineCosine() {
        var worst = 0.0
        for x in arguments {
            worst = max(worst, abs(sine(x) - sin(x)), abs(cosine(x) - cos(x)))
        }
        #expect(worst < 1e-14)
        #expect(sine(.infinity).isNaN && cosine(.nan).isNaN)
    }

    @Test("arctangent and arctangent2 are within 1e-15 of the C library's, in every quadrant")
    func arctangents() {
        var worst = 0.0
        for x in arguments {
            worst = max(worst, abs(arctangent(x) - atan(x)))
            worst = max(worst, abs(arctangent2(x, 1.5) - atan2(x, 1.5)), abs(arctangent2(x, -0.7) - atan2(x, -0.7)))
            worst = max(worst, abs(arctangent2(1.5, x) - atan2(1.5, x)), abs(arctangent2(-0.7, x) - atan2(-0.7, x)))
        }
        #expect(worst < 1e-15 * 4)
        #expect(arctangent(.infinity) == Double.pi / 2 && arctangent(-.infinity) == -Double.pi / 2)
        #expect(arctangent2(0, 0) == 0 && arctangent2(1, 0) == Double.pi / 2 && arctangent2(-1, 0) == -Double.pi / 2)
    }

    @Test("arccosine and tangent agree with the C library's")
    func arccosineTangent() {
        var worst = 0.0
        for i in 0...2_000 {
            let c = -1 + Double(i) / 1_000
            worst = max(worst, abs(arccosine(c) - acos(c)))
        }
        #expect(worst < 1e-14)
        var worstTan = 0.0
        for x in stride(from: -1.5, through: 1.5, by: 0.001) {
            worstTan = max(worstTan, abs(tangent(x) - tan(x)) / max(1, abs(tan(x))))
        }
        #expect(worstTan < 1e-14)
    }
}
