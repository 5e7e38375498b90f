import Retrieval
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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

    /// The Zipf frequency of each of `stems` the file lists, in one pass over it (a search asks about ten words or so,
    /// and a scan of the whole file for each cost as much as the search itself). An adverb's stem is also looked up without its "-ly", as
    /// `zipf` does.
    /// `atLeast`: only stems at least that common; the scan stops at the first band below it (the file lists its
    /// bands from the commonest down, and the words from Zipf 5 on fill 5 KB of its 120).
    public func zipfs(_ stems: [String], atLeast: Double = -.infinity) -> [String: Double] {
        // Keyed by length and first byte, so that a word of the file is compared only with stems it could be.
        var wanted: [Int: [Wanted]] = [:]
        func want(_ bytes: [UInt8], _ stem: String, exact: Bool) {
            guard let f = bytes.first, bytes.count < 64 else { return }
            wanted[bytes.count << 8 | Int(f), default: []].append(Wanted(bytes: bytes, stem: stem, exact: exact))
        }
        for s in Set(stems) where !s.isEmpty && !s.utf8.contains(0x20) && !s.utf8.contains(0x0A) {
            want(Array(s.utf8), s, exact: true)
            if s.utf8.count > 4, s.hasSuffix("ly") { want(Array(s.utf8.dropLast(2)), s, exact: false) }
        }
        guard !wanted.isEmpty else { return [:] }
        var keys = [Bool](repeating: false, count: 64 << 8)
        for k in wanted.keys { keys[k] = true }
        var exact: [String: Double] = [:], withoutLy: [String: Double] = [:]
        bytes.withLock { b in
            if b == nil { b = (try? PromptLibrary.bytes(path)) ?? [] }
            b!.withUnsafeBufferPointer { buf in
                Self.scan(buf, keys: keys, atLeast: atLeast) { start, count, band in
                    for w in wanted[count << 8 | Int(buf[start])] ?? [] where w.bytes.withUnsafeBufferPointer({
                        memcmp($0.baseAddress!, buf.baseAddress! + start, count) == 0
                    }) {
                        if w.exact { exact[w.stem] = exact[w.stem] ?? band } else { withoutLy[w.stem] = withoutLy[w.stem] ?? band }
                    }
                    return false
                }
            }
        }
        // A stem the file lists is looked up as itself; an adverb's only when it is not (as `zipf` does).
        return withoutLy.merging(exact) { _, own in own }
    }

    struct Wanted { var bytes: [UInt8]; var stem: String; var exact: Bool }

    /// One pass over the file's lines, from the commonest band down to `atLeast`: `found` gets each listed word whose
    /// length and first byte are among `keys` (index `length << 8 | first byte`), as its start, length and band, and
    /// says whether to stop there. `band(of:in:)` and `zipfs` both read the file through it.
    static func scan(_ b: UnsafeBufferPointer<UInt8>, keys: [Bool], atLeast: Double, found: (Int, Int, Double) -> Bool) {
        var i = 0, band: Double?
        while i < b.count {
            var end = i
            while end < b.count, b[end] != 0x20, b[end] != 0x0A { end += 1 }
            if i == 0 || b[i - 1] == 0x0A {
                band = b[i] == UInt8(ascii: "#") ? nil : Double(String(decoding: b[i ..< end], as: UTF8.self))
                if let z = band, z < atLeast { return }
                if band == nil { while end < b.count, b[end] != 0x0A { end += 1 } }   // a comment: skip the line
            } else if let z = band, end > i, end - i < 64, keys[(end - i) << 8 | Int(b[i])], found(i, end - i, z) {
                return
            }
            i = end + 1
        }
    }

    /// How everyday a word each of a question's analysed `terms` is (`SearchQuery.everyday`): 0 below `rare`, 1 from
    /// `common`, linear between; empty unless `text` asks a question (`QuestionForm.asks`), since a keyword query or a
    /// claim means every word it has.
    public func everyday(_ terms: [String], in text: String, common: Double, rare: Double) -> [String: Double] {
        guard common > rare, QuestionForm.asks(text) else { return [:] }
        return zipfs(terms, atLeast: rare).mapValues { 1 - Self.unknownWeight(zipf: $0, common: common, rare: rare) }
    }

    /// `everyday(_:in:common:rare:)` for a search's text, in the searcher's analysis and the ranking's bands: nothing
    /// (and no analysis) for a text that asks no question.
    public func everyday(for text: String, searcher: Searcher, parameters p: RankingParameters) -> [String: Double] {
        guard QuestionForm.asks(text) else { return [:] }
        return everyday(searcher.queryTerms(text).map(\.term), in: text, common: p.everydayCommon, rare: p.everydayRare)
    }

    /// The band of the line ("6.0 go say …"; "#" lines are comments) that lists `stem` after a space.
    static func band(of stem: [UInt8], in b: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let first = stem.first, stem.count < 64, !stem.contains(0x20), !stem.contains(0x0A) else { return nil }
        var keys = [Bool](repeating: false, count: 64 << 8)
        keys[stem.count << 8 | Int(first)] = true
        var found: Double?
        stem.withUnsafeBufferPointer { want in
            scan(b, keys: keys, atLeast: -.infinity) { start, count, band in
                guard memcmp(want.baseAddress!, b.baseAddress! + start, count) == 0 else { return false }
                found = band
                return true
            }
        }
        return found
    }

    /// How much of its IDF a word the corpus never uses keeps as unknown mass: 1 for a word rarer than
    /// `rare` (or not in the table), 0 for one at least as common as `common`, linear between.
    static func unknownWeight(zipf: Double?, common: Double, rare: Double) -> Double {
        guard let z = zipf, common > rare else { return 1 }
        return min(max((common - z) / (common - rare), 0), 1)
    }
}

/// Whether a message is put as a question: it has a question mark, or opens with a question word or an auxiliary
/// ("how do I…", "is there…", "can my code…"), as a question typed without its mark does. "swift concurrency
/// actors" and a claim to check ("Vitamin D lowers the risk of…") are not.
public enum QuestionForm {
    static let openings: Set<String> = ["what", "what's", "whats", "how", "why", "when", "where", "which", "who", "whom", "whose",
                                        "is", "are", "was", "were", "can", "could", "should", "would", "will", "do", "does", "did",
                                        "has", "have", "may", "might", "must", "shall"]

    public static func asks(_ text: String) -> Bool {
        if text.contains(where: { $0 == "?" || $0 == "\u{FF1F}" }) { return true }
        let words = text.lowercased().replacing("\u{2019}", with: "'").split { !($0.isLetter || $0 == "'") }
        return words.first.map { openings.contains(String($0)) } ?? false
    }
}
