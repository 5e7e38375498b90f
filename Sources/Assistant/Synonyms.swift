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

    /// The lines ("huge big enorm larg vast"; "#" lines are comments) whose first word is one of `stems`. A line is
    /// passed over on its first byte and its head's length before any copy is made: a question has a handful of
    /// terms and the file 9,000 lines.
    static func lines(of stems: Set<String>, in b: UnsafeBufferPointer<UInt8>) -> [String: [String]] {
        var out: [String: [String]] = [:]
        let heads = stems.map { Array($0.utf8) }.filter { !$0.isEmpty && $0.count < 64 }
        var maybe = [Bool](repeating: false, count: 256 * 64)
        for h in heads { maybe[Int(h[0]) * 64 + h.count] = true }
        var start = 0
        while start < b.count {
            var space = start
            while space < b.count, b[space] != 0x20, b[space] != 0x0A { space += 1 }
            var end = space
            while end < b.count, b[end] != 0x0A { end += 1 }
            let length = space - start
            if b[start] != UInt8(ascii: "#"), space < end, length > 0, length < 64, maybe[Int(b[start]) * 64 + length],
               let head = heads.first(where: { h in h.count == length && h.indices.allSatisfy { b[start + $0] == h[$0] } }) {
                out[String(decoding: head, as: UTF8.self)] = b[(space + 1) ..< end].split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
            }
            start = end + 1
        }
        return out
    }
}
