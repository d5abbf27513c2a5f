import Testing
@testable import SVGIconKit

/// The entity expander on its own, against a table of declarations: what it expands, keeps and refuses,
/// and what each expansion costs from the document's budget.
@Suite("Entity expansion")
struct EntityExpanderTests {
    struct Table: EntityDeclarations {
        var entities: [String: EntityDeclaration]
        func declaration(of name: String) -> EntityDeclaration? { entities[name] }
    }

    private func expander(_ entities: [String: EntityDeclaration]) -> EntityExpander<Table> {
        EntityExpander(Table(entities: entities), file: "t.svg")
    }

    private func failure(_ body: () throws(SVGLoadError) -> Void) -> SVGLoadError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("Internal entities expand with their references; undeclared names stay as written")
    func expansion() throws {
        var e = expander(["c": .internal("#0a84ff"), "st": .internal("fill:&c;&#x3B;&#59;"), "lt": .predefined("<")])
        #expect(try e.entity(named: "st", line: 3) == "fill:#0a84ff;;")
        #expect(try e.expandReferences(in: "a &lt; b & &nope; &#x1F600;", line: 3) == "a < b & &nope; \u{1F600}")
        let value = Array("x&c;y&#38;z&lt;".utf8)
        #expect(try value.withUnsafeBufferPointer { buffer throws(SVGLoadError) in try e.attributeValue(buffer, line: 3) }
                == "x#0a84ffy&z<")
        let plain = Array("M0 0h4".utf8)
        #expect(try plain.withUnsafeBufferPointer { buffer throws(SVGLoadError) in try e.attributeValue(buffer, line: 3) }
                == "M0 0h4")
    }

    @Test("Each reference and each byte it expands to is spent from the budget")
    func spending() throws {
        var e = expander(["c": .internal("abc"), "amp": .predefined("&")])
        #expect(e.budget == 1 << 20)
        _ = try e.entity(named: "c", line: 1)  // "&c;" is 3, "abc" is 3
        #expect(e.budget == (1 << 20) - 6)
        _ = try e.entity(named: "amp", line: 1)  // "&amp;" is 5, "&" is 1
        #expect(e.budget == (1 << 20) - 12)
        // Text with no reference costs nothing outside entity text.
        let plain = Array("M0 0h4".utf8)
        _ = try plain.withUnsafeBufferPointer { buffer throws(SVGLoadError) in try e.attributeValue(buffer, line: 1) }
        #expect(e.budget == (1 << 20) - 12)
    }

    @Test("Expansion stops past 1 MiB, all references together")
    func expansionBound() throws {
        // 1024 bytes, referenced 1024 times by `b`: 1 MiB of text, plus what the references cost.
        var e = expander(["a": .internal(String(repeating: "a", count: 1024)),
                          "b": .internal(String(repeating: "&a;", count: 1024))])
        let error = failure { () throws(SVGLoadError) in _ = try e.entity(named: "b", line: 7) }
        #expect(error == SVGLoadError(kind: .limitExceeded, file: "t.svg", line: 7,
                                      reason: "entity references expand to more than 1 MiB (an entity bomb); refused"))
        #expect(error?.description == "t.svg:7: entity references expand to more than 1 MiB (an entity bomb); refused")
        // Just under the bound is fine: 1000 references.
        var under = expander(["a": .internal(String(repeating: "a", count: 1024)),
                              "b": .internal(String(repeating: "&a;", count: 1000))])
        #expect(try under.entity(named: "b", line: 7).utf8.count == 1024 * 1000)
    }

    @Test("Entities nest 16 references deep, not 17; a cycle stops there too")
    func nesting() throws {
        func chain(_ length: Int) -> [String: EntityDeclaration] {
            var entities: [String: EntityDeclaration] = ["e\(length)": .internal("x")]
            for i in 0..<length { entities["e\(i)"] = .internal("&e\(i + 1);") }
            return entities
        }
        var ok = expander(chain(15))
        #expect(try ok.entity(named: "e0", line: 2) == "x")
        var deep = expander(chain(16))
        #expect(failure { () throws(SVGLoadError) in _ = try deep.entity(named: "e0", line: 2) }?.description
                == "t.svg:2: entity &e16; is nested more than 16 references deep")
        var cycle = expander(["a": .internal("1&b;"), "b": .internal("2&a;")])
        #expect(failure { () throws(SVGLoadError) in _ = try cycle.entity(named: "a", line: 5) }
                == SVGLoadError(kind: .limitExceeded, file: "t.svg", line: 5,
                                reason: "entity &a; is nested more than 16 references deep"))
    }

    @Test("A reference to an external entity is refused, naming its source")
    func external() throws {
        var e = expander(["x": .external(systemID: "file:///etc/passwd"), "y": .external(systemID: nil),
                          "z": .internal("&x;")])
        #expect(failure { () throws(SVGLoadError) in _ = try e.entity(named: "x", line: 4) }
                == SVGLoadError(kind: .refused, file: "t.svg", line: 4,
                                reason: "entity &x; is external (file:///etc/passwd); svgicon never reads external entities"))
        #expect(failure { () throws(SVGLoadError) in _ = try e.entity(named: "y", line: 4) }?.reason
                == "entity &y; is external; svgicon never reads external entities")
        #expect(failure { () throws(SVGLoadError) in _ = try e.entity(named: "z", line: 4) }?.kind == .refused)
    }

    @Test("Character references name a scalar or nothing")
    func characterReferences() {
        typealias E = EntityExpander<Table>
        #expect(E.characterReference("65") == "A")
        #expect(E.characterReference("x41") == "A")
        #expect(E.characterReference("xD800") == nil)  // a surrogate is no character
        #expect(E.characterReference("x") == nil)
        #expect(E.characterReference("12a") == nil)
    }
}
