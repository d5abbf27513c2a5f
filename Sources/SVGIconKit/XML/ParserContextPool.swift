import Foundation
internal import CLibXML2

/// libxml2 parser contexts kept for the next document: making a context and freeing it is a noticeable
/// part of a small icon's parse (BENCHMARKS.md). `xmlCtxtReadMemory` resets a context before it reads (its errors, entity counts,
/// DTD attribute defaults, inputs), so a context parses each document as a fresh one would; what it keeps
/// is its name dictionary, which a context gives up (is freed rather than kept) once it holds more than
/// `maxNames` names, so a hostile document cannot make a thread's memory grow for good. Safe to use from
/// any thread: a context is only ever in one thread's hands.
final class ParserContextPool: @unchecked Sendable {
    static let shared = ParserContextPool()

    /// Contexts kept at most (one per core is all a batch needs).
    static let maxKept = 16
    /// Names a kept context's dictionary may hold.
    static let maxNames = 4096

    private let lock = NSLock()
    private var kept: [xmlParserCtxtPtr] = []

    /// A context ready for `xmlCtxtReadMemory`, nil when libxml2 cannot make one. Give it back with `reuse`.
    func take() -> xmlParserCtxtPtr? {
        if let context = lock.withLock({ kept.popLast() }) { return context }
        return xmlNewParserCtxt()
    }

    /// Keeps `context` for another document, or frees it (too many kept, or a large dictionary). Call only
    /// once the documents it read have been freed.
    func reuse(_ context: xmlParserCtxtPtr) {
        context.pointee._private = nil
        let small = context.pointee.dict == nil || Int(xmlDictSize(context.pointee.dict)) <= Self.maxNames
        let keep = small && lock.withLock { () -> Bool in
            guard kept.count < Self.maxKept else { return false }
            kept.append(context)
            return true
        }
        if !keep { xmlFreeParserCtxt(context) }
    }
}
