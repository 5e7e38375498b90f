import Synchronization

/// How common an English word stem is in general text (Prompts/common_words_en.txt, on the Zipf scale: 7 for
/// "the", 3 for about one word in a million), read on the first question that needs it: one with a word the
/// corpus never uses. A small corpus lacks everyday words ("good", "use", "idea") as much as rare ones
/// ("kernel", "buttermilk"), but only a rare one says that the corpus lacks the topic.
public final class CommonWords: Sendable {
    let path: String
    /// The file as read: a question asks about a handful of words at most, and scanning 120 KB for each is
    /// cheaper than building a table of 18,000 stems (which took 8 ms of a 20 ms answer).
    private let bytes = Mutex<[UInt8]?>(nil)

    public init(path: String) { self.path = path }

    /// The stem's Zipf frequency, nil for a stem rarer than the file's floor or a missing file. The file lists
    /// Snowball's stems, and the analyzer keeps an adverb's "-ly" where Snowball would only take that off
    /// (`Stemmer`): "actually" is looked up as "actual", which is where Snowball files it.
    func zipf(_ stem: String) -> Double? {
        bytes.withLock { b in
            if b == nil { b = (try? PromptLibrary.bytes(path)) ?? [] }
            return b!.withUnsafeBufferPointer { buf in
                if let z = Self.band(of: Array(stem.utf8), in: buf) { return z }
                guard stem.utf8.count > 4, stem.hasSuffix("ly") else { return nil }
                return Self.band(of: Array(stem.utf8.dropLast(2)), in: buf)
            }
        }
    }

    /// The band of the line ("6.0 go say …"; "#" lines are comments) that lists `stem` after a space.
    static func band(of stem: [UInt8], in b: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let first = stem.first, !stem.contains(0x20), !stem.contains(0x0A) else { return nil }
        var i = 0
        let end = b.count - stem.count
        while i < end {
            if b[i] == 0x20, b[i + 1] == first {
                var j = 1
                while j < stem.count, b[i + 1 + j] == stem[j] { j += 1 }
                let after = i + 1 + stem.count
                if j == stem.count, after == b.count || b[after] == 0x20 || b[after] == 0x0A {
                    var start = i
                    while start > 0, b[start - 1] != 0x0A { start -= 1 }
                    if b[start] == UInt8(ascii: "#") { i += 1; continue }
                    var k = start
                    while k < b.count, b[k] != 0x20 { k += 1 }
                    return Double(String(decoding: b[start ..< k], as: UTF8.self))
                }
            }
            i += 1
        }
        return nil
    }

    /// How much of its IDF a word the corpus never uses keeps as unknown mass: 1 for a word rarer than
    /// `rare` (or not in the table), 0 for one at least as common as `common`, linear between.
    static func unknownWeight(zipf: Double?, common: Double, rare: Double) -> Double {
        guard let z = zipf, common > rare else { return 1 }
        return min(max((common - z) / (common - rare), 0), 1)
    }
}
