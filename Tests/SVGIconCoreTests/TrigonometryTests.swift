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

    @Test("sineCosine gives exactly sine's and cosine's values")
    func sineCosineTogether() {
        var xs = arguments
        xs += [0, -0.0, 1e-300, 1e10, -1e10, 1e15, 1.5e15, 1e16, -1e300, .infinity, -.infinity, .nan]
        for x in xs {
            let (s, c) = SVGIconCore.sineCosine(x)
            #expect(s.bitPattern == sine(x).bitPattern || (s.isNaN && sine(x).isNaN), "sin \(x)")
            #expect(c.bitPattern == cosine(x).bitPattern || (c.isNaN && cosine(x).isNaN), "cos \(x)")
        }
    }

    @Test("The quarter-turn reduction rounds halves away from zero, as Double.rounded() does")
    func quarterTurnRounding() {
        let halfPi = Double.pi / 2
        var ts: [Double] = []
        for k in -40...40 { ts += [Double(k) + 0.5, Double(k) - 0.5, Double(k), Double(k) + 0.4999999999999999] }
        ts += [0.49999999999999994, -0.49999999999999994, 1e15 - 0.5, 1e15 + 0.5, -1e15 - 0.5, 4e15, 0x1p62, 0x1p70]
        for t in ts {
            let x = t * halfPi
            let q = (x / halfPi).rounded()
            let (reducedQ, r) = reduceQuarterTurns(x)
            if q.magnitude > 1e15 {
                #expect(reducedQ == 0 && r == 0, "\(t)")
            } else {
                #expect(reducedQ == Int(q), "\(t)")
                #expect(r.bitPattern == ((x - q * 1.5707963267948966) - q * 6.123233995736766e-17).bitPattern, "\(t)")
            }
        }
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

    @Test("The series give these exact bits (pixels depend on them: a change of the evaluation shows here)")
    func exactBits() {
        let expected: [(Double, UInt64, UInt64, UInt64, UInt64)] = [
            (0.5, 0x3fdeaee8744b05f0, 0x3fec1528065b7d50, 0x3fddac670561bb4e, 0x3fa9942597929f26),
            (-1.25, 0xbfee5e14fe11418c, 0x3fd42e3dd88bd952, 0xbfecac7c57846f9e, 0xbfbfd5ba9aac2f6d),
            (3.0, 0x3fc210386db6d55b, 0xbfefae04be85e5d2, 0x3ff3fc176b7a8560, 0x3fd2a73a661eaf07),
            (100.0, 0xbfe03425b78c4db8, 0x3feb981dbf665fe0, 0x3ff8f905eb2def21, 0x3ff789bd2c160053),
            (1e6, 0xbfd6664b255d9dfa, 0x3fedf9df9908ec27, 0x3ff921fa47d4b30d, 0x3ff921f0d7e968a8),
        ]
        for (x, sin, cos, atan, atanTenth) in expected {
            let (s, c) = SVGIconCore.sineCosine(x)
            #expect(s.bitPattern == sin && c.bitPattern == cos, "sineCosine(\(x))")
            #expect(arctangent(x).bitPattern == atan && arctangent(0.1 * x).bitPattern == atanTenth, "arctangent(\(x))")
        }
    }
}
