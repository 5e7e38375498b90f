import Synchronization

/// Synonyms of common English word stems (Prompts/synonyms_en.txt, written by scripts/synonyms.py from WordNet):
/// "huge" has "larg", "big", "vast"…, so that a sentence that says "large" counts for a question that says "huge".
/// Read on the first question that needs it; one pass over the file finds all of a question's terms.
public final class Synonyms: Sendable {
    let path: String
    private let bytes = Mutex<[UInt8]?>(nil)

    public init(path: String) { self.path = path }

    /// Each of `stems` that the file lists, with its synonyms; none for a missing file.
    func of(_ stems: Set<String>) -> [String: [String]] {
        guard !stems.isEmpty else { return [:] }
        return bytes.withLock { b in
            if b == nil { b = (try? PromptLibrary.bytes(path)) ?? [] }
            return b!.withUnsafeBufferPointer { Self.lines(of: stems, in: $0) }
        }
    }

    /// The lines ("huge big enorm larg vast"; "#" lines are comments) whose first word is one of `stems`.
    static func lines(of stems: Set<String>, in b: UnsafeBufferPointer<UInt8>) -> [String: [String]] {
        var out: [String: [String]] = [:]
        let heads = Set(stems.map { Array($0.utf8) }), lengths = Set(heads.map(\.count))
        var start = 0
        while start < b.count {
            var end = start
            while end < b.count, b[end] != 0x0A { end += 1 }
            if b[start] != UInt8(ascii: "#") {
                var space = start
                while space < end, b[space] != 0x20 { space += 1 }
                if space < end, lengths.contains(space - start), heads.contains(Array(b[start ..< space])) {
                    let words = b[(space + 1) ..< end].split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
                    out[String(decoding: b[start ..< space], as: UTF8.self)] = words
                }
            }
            start = end + 1
        }
        return out
    }
}
