/// The one analysis chain for documents and queries:
/// tokenize → split identifiers → CJK bigrams → fold case and diacritics → drop stop words → stem.
///
/// `analyze` runs a fused form of the chain: words made only of ASCII letters, digits and `_` (nearly
/// all of English and code prose) are split, folded, filtered and stemmed straight from their UTF-8
/// bytes, once per distinct spelling (`WordTable` keeps the resulting term ids); any other word goes
/// through the filter chain itself. The output is exactly the chain's (`chainAnalyze`), which the tests check.
/// Not thread-safe (the stemmer and the caches): one analyzer per thread.
public final class Analyzer: @unchecked Sendable {
    /// Stored in the index; a change here makes the index rebuild itself.
    public static let version = "lore-analyzer-15"

    let tokenizer = Tokenizer()
    var filters: [any TokenFilter]
    var stemmer: Stemmer?
    var stopWords: Set<String>
    var longestStopWord: Int

    /// The vocabulary: every distinct term this analyzer has produced, by id.
    var vocabulary: [String] = []
    var vocabularyIDs: [String: Int32] = [:]
    /// ASCII word as written → its term ids.
    var wordTable = WordTable()

    /// The language whose stop words and stemmer are in use ("en" unless `use(language:)` said otherwise),
    /// and the stages of the others used so far (their filters and word tables; the vocabulary is shared).
    public private(set) var language = "en"
    private var stages: [String: Stage] = [:]
    private let stemming: Bool
    private struct Stage { var filters: [any TokenFilter]; var stemmer: Stemmer?; var stopWords: Set<String>; var wordTable: WordTable }

    /// Snowball's algorithm for each language `LanguageDetector` tells apart (Chinese, Japanese and Korean
    /// are bigrams and need none: they, and unknown text, are analysed as English).
    public static let snowball = ["en": "english", "de": "german", "fr": "french", "es": "spanish", "it": "italian",
                                  "pt": "portuguese", "nl": "dutch", "ru": "russian"]

    public init(stemming: Bool = true) {
        self.stemming = stemming
        let stage = Self.stage("en", stemming: stemming)
        filters = stage.filters; stemmer = stage.stemmer; stopWords = stage.stopWords
        longestStopWord = stopWords.map(\.utf8.count).max() ?? 0
    }

    private static func stage(_ language: String, stemming: Bool) -> Stage {
        var words = StopFilter.english
        if language != "en", let profile = LanguageDetector.profiles.first(where: { $0.code == language }) {
            // Stop words meet tokens after folding ("für" arrives as "fur").
            words = Set(profile.words.union(StopFilter.others[language] ?? []).flatMap { FoldFilter().apply([Token($0, position: 0)]).map(\.term) })
        }
        let stop = StopFilter(words: words)
        let stemmer = stemming ? Stemmer(language: snowball[language] ?? "english") : nil
        var filters: [any TokenFilter] = [CodeSplitFilter(), CJKBigramFilter(), FoldFilter(), GreekLetterFilter(), stop]
        if let stemmer { filters.append(StemFilter(stemmer: stemmer)) }
        return Stage(filters: filters, stemmer: stemmer, stopWords: stop.words, wordTable: WordTable())
    }

    /// Analyse what follows as `language` (an ISO 639-1 code; nil or one without a stemmer: English).
    public func use(language code: String?) {
        let next = code.flatMap { Self.snowball[$0] != nil ? $0 : nil } ?? "en"
        guard next != language else { return }
        stages[language] = Stage(filters: filters, stemmer: stemmer, stopWords: stopWords, wordTable: wordTable)
        let s = stages[next] ?? Self.stage(next, stemming: stemming)
        filters = s.filters; stemmer = s.stemmer; stopWords = s.stopWords; wordTable = s.wordTable
        longestStopWord = stopWords.map(\.utf8.count).max() ?? 0
        language = next
    }

    /// Makes room for `terms` vocabulary entries (an index worker expects many).
    public func reserveCapacity(terms: Int) {
        vocabulary.reserveCapacity(terms)
        vocabularyIDs.reserveCapacity(terms)
    }

    public func analyze(_ text: String) -> [Token] {
        var out: [Token] = []
        scan(text) { id, position, start, end in
            out.append(Token(vocabulary[Int(id)], position: position, start: start, end: end))
        }
        return out
    }

    /// Just the terms, for callers that do not need positions.
    public func terms(_ text: String) -> [String] {
        var out: [String] = []
        scan(text) { id, _, _, _ in out.append(vocabulary[Int(id)]) }
        return out
    }

    /// The reference implementation: tokenizer, then each filter over the whole token list.
    public func chainAnalyze(_ text: String) -> [Token] {
        var tokens = tokenizer.tokenize(text)
        for f in filters { tokens = f.apply(tokens) }
        return tokens.filter { !$0.term.isEmpty }
    }

    // MARK: Term ids

    /// Appends the vocabulary id of every term `analyze` would give, in the same order.
    /// Ids are this analyzer's own; `term(_:)` turns one back into its term.
    public func appendTermIDs(_ text: String, to ids: inout [Int32]) {
        scan(text) { id, _, _, _ in ids.append(id) }
    }

    /// Calls `body` with the vocabulary id and the UTF-8 start of the source word of every term
    /// `analyze` would give, in the same order, without building tokens.
    public func forEachTermStart(_ text: String, _ body: (Int32, Int) -> Void) {
        scan(text) { id, _, start, _ in body(id, start) }
    }

    /// The term of a vocabulary id.
    public func term(_ id: Int32) -> String { vocabulary[Int(id)] }

    /// The vocabulary id of a term this analyzer has produced, else nil.
    public func termID(_ term: String) -> Int32? { vocabularyIDs[term] }

    /// How many distinct terms this analyzer has produced (ids are below this).
    public var vocabularySize: Int { vocabulary.count }

    @inline(__always) func id(of term: String) -> Int32 {
        if let id = vocabularyIDs[term] { return id }
        let id = Int32(vocabulary.count)
        vocabulary.append(term)
        vocabularyIDs[term] = id
        return id
    }

    // MARK: The fused scan

    /// Tokenizes exactly as `Tokenizer` does and emits (term id, position, start, end) per output token.
    @inline(__always)
    func scan(_ text: String, _ emit: (Int32, Int, Int, Int) -> Void) {
        // The table leaves `self` for the scan, so its accesses need no exclusivity checks.
        var table = wordTable
        wordTable = WordTable()
        defer { wordTable = table }
        var text = text
        text.withUTF8 { bytes in
            let n = bytes.count
            var i = 0
            var position = 0
            while i < n {
                let c = bytes[i]
                if c < 0x80 {
                    if !(Tokenizer.isDigit(c) || Tokenizer.isASCIILetter(c)) { i += 1; continue }
                } else {
                    let (scalar, width) = Tokenizer.decode(bytes, at: i)
                    guard Tokenizer.isWordStart(scalar) else { i += width; continue }
                }
                let start = i
                var end = i
                var j = i
                // The word is simple (ASCII letters, digits and `_` only) while it ends at `simpleEnd`.
                var simpleEnd = i
                while j < n {
                    let b = bytes[j]
                    if b < 0x80 {
                        if Tokenizer.isDigit(b) || Tokenizer.isASCIILetter(b) || b == 0x5F {
                            if simpleEnd == j { simpleEnd += 1 }
                            j += 1; end = j; continue
                        }
                        if (b == 0x2E || b == 0x2C), j > start, j + 1 < n,
                           Tokenizer.isDigit(bytes[j - 1]), Tokenizer.isDigit(bytes[j + 1]) {
                            j += 1; continue
                        }
                        if b == 0x27 {
                            var k = j + 1
                            while k < n, Tokenizer.isASCIILetter(bytes[k]) { k += 1 }
                            if k > j + 1 { j = k; continue }
                        }
                        break
                    }
                    let (s, w) = Tokenizer.decode(bytes, at: j)
                    if Tokenizer.isWordChar(s) { j += w; end = j; continue }
                    if s == "\u{2019}" {
                        var k = j + w
                        while k < n, Tokenizer.isASCIILetter(bytes[k]) { k += 1 }
                        if k > j + w { j = k; continue }
                    }
                    break
                }
                // The word start is a word character, so j has moved past it.
                i = j

                if simpleEnd == end {
                    var e = end
                    while e > start, bytes[e - 1] == 0x5F { e -= 1 }
                    if e == start { continue }
                    let hash = WordTable.hash(bytes, start, e)
                    var slot = table.find(bytes, start, e, hash: hash)
                    var emitted = 0
                    if slot < 0 {
                        let ids = simpleWordIDs(bytes, start, e, &table)
                        // A lowercase or all-digit word may have been added on the way, as its own folded form.
                        slot = table.find(bytes, start, e, hash: hash)
                        if slot < 0 { slot = ids.withUnsafeBufferPointer { table.insert(bytes, start, e, hash: hash, ids: $0) } }
                        if slot < 0 { for id in ids { emit(id, position, start, end); emitted += 1 } }
                    }
                    if slot >= 0 { table.forEachID(slot) { emit($0, position, start, end); emitted += 1 } }
                    // A stop word written as a keyword ("the "with" statement") is kept: the table holds what the word
                    // gives out of context, so it is run through the chain here.
                    if emitted == 0, e - start <= 5, Tokenizer.isKeyword(bytes, start, e) {
                        var tokens = [Token(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<e]), as: UTF8.self),
                                            position: position, start: start, end: end, isKeyword: true)]
                        for f in filters { tokens = f.apply(tokens) }
                        for t in tokens where !t.term.isEmpty { emit(id(of: t.term), position, t.start, t.end) }
                    }
                } else {
                    var word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    if word.utf8.contains(0x2C) { word = word.replacing(",", with: "") }  // 1,000 → 1000
                    while word.hasSuffix("_") { word.removeLast() }
                    if word.isEmpty { continue }
                    var tokens = [Token(word, position: position, start: start, end: end)]
                    for f in filters { tokens = f.apply(tokens) }
                    for t in tokens where !t.term.isEmpty { emit(id(of: t.term), position, t.start, t.end) }
                }
                position += 1
            }
        }
    }

    /// The term ids of one word of ASCII letters, digits and inner underscores (no trailing `_`): the
    /// whole word, then its identifier parts of two or more characters, each folded, filtered and stemmed.
    /// A folded word of lowercase letters only, or of digits only, gives just its own term (if any) as a
    /// word of its own, so `table` serves as the cache of those (identifier parts, mostly).
    func simpleWordIDs(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ table: inout WordTable) -> [Int32] {
        let len = end - start
        var hasUpper = false, hasDigit = false, hasUnderscore = false, hasLetter = false
        var folded = [UInt8](repeating: 0, count: len)
        var out: [Int32] = []
        out.reserveCapacity(4)
        for k in 0..<len {
            let b = bytes[start + k]
            if b >= 0x41 && b <= 0x5A { hasUpper = true; hasLetter = true; folded[k] = b | 0x20 }
            else {
                if b >= 0x61 && b <= 0x7A { hasLetter = true } else if b == 0x5F { hasUnderscore = true } else { hasDigit = true }
                folded[k] = b
            }
        }
        let whole = hasUnderscore || (hasDigit && hasLetter) ? termID(folded: folded[0..<len]) : termID(folded: folded[0..<len], &table)
        if whole >= 0 { out.append(whole) }
        // CodeSplitFilter.parts: nothing to split in lowercase words or in numbers without letters.
        if !hasUpper && !hasDigit && !hasUnderscore { return out }
        if Tokenizer.isDigit(bytes[start]) && !hasLetter { return out }
        // Parts are contiguous runs between underscores and case or digit boundaries.
        var parts: [(Int, Int)] = []
        parts.reserveCapacity(8)
        var cs = -1   // start of the current part, -1 when empty
        for k in 0..<len {
            let c = bytes[start + k]
            if c == 0x5F {
                if cs >= 0 { parts.append((cs, k)); cs = -1 }
                continue
            }
            if cs >= 0 {
                let a = Analyzer.charClass(bytes[start + k - 1]), b = Analyzer.charClass(c)
                var boundary = false
                if a == 1 && b == 2 { boundary = true }
                if (a == 3) != (b == 3) { boundary = true }
                if a == 2 && b == 2, k + 1 < len, Analyzer.charClass(bytes[start + k + 1]) == 1 { boundary = true }
                if boundary { parts.append((cs, k)); cs = k }
            } else {
                cs = k
            }
        }
        if cs >= 0 { parts.append((cs, len)) }
        guard parts.count > 1 else { return out }
        for (ps, pe) in parts where pe - ps > 1 {
            let id = termID(folded: folded[ps..<pe], &table)   // all letters or all digits
            if id >= 0 { out.append(id) }
        }
        return out
    }

    /// `termID(folded:)` of a folded word of lowercase letters only or digits only, through `table`.
    func termID(folded: ArraySlice<UInt8>, _ table: inout WordTable) -> Int32 {
        folded.withUnsafeBufferPointer { p in
            let hash = WordTable.hash(p, 0, p.count)
            let slot = table.find(p, 0, p.count, hash: hash)
            var id: Int32 = -1
            if slot >= 0 { table.forEachID(slot) { id = $0 }; return id }
            id = termID(folded: folded)
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 1) { one in
                one[0] = id
                _ = table.insert(p, 0, p.count, hash: hash, ids: UnsafeBufferPointer(rebasing: one[0..<(id >= 0 ? 1 : 0)]))
            }
            return id
        }
    }

    /// 1 lowercase, 2 uppercase, 3 digit, 0 other (`_`).
    @inline(__always) static func charClass(_ b: UInt8) -> Int {
        if b >= 0x61 && b <= 0x7A { return 1 }
        if b >= 0x41 && b <= 0x5A { return 2 }
        if b >= 0x30 && b <= 0x39 { return 3 }
        return 0
    }

    /// The term id of a folded ASCII word after the stop list and the stemmer, -1 when dropped.
    func termID(folded: ArraySlice<UInt8>) -> Int32 {
        let word = String(decoding: folded, as: UTF8.self)
        if folded.count <= longestStopWord && stopWords.contains(word) { return -1 }
        let stemmed = stemmer?.stemOnce(word) ?? word
        return stemmed.isEmpty ? -1 : id(of: stemmed)
    }
}

/// Open-addressing map from an ASCII word as written to the term ids the chain gives it (none for a
/// stop word), in 16-byte slots so that the hot part stays in cache. A slot holds the word's first eight
/// bytes and, for a word of at most eight bytes with one id, that id; anything else (the rest of a
/// longer word, then the ids) is in `extra`.
struct WordTable {
    struct Slot {
        /// The word's first (up to) eight bytes, little-endian, zero-padded.
        var head: UInt64 = 0
        /// Bits of the word's hash, to skip most unequal slots at a glance.
        var check: UInt16 = 0
        /// 0 for an empty slot (words are never empty).
        var length: UInt8 = 0
        var count: UInt8 = 0
        /// The id, or the offset in `extra` of the word's tail then its ids (see `inline`).
        var value: Int32 = 0
        /// Whether `value` is the id itself.
        var inline: Bool { count == 1 && length <= 8 }
    }
    var slots: [Slot] = []
    var extra: [UInt8] = []
    var count = 0
    var mask = -1
    /// Past this many words the table stops growing (ids are then recomputed, never wrong).
    static let limit = 1 << 21
    static let maxLength = 255, maxIDs = 255

    /// Bytes `start ..< end` (at most 8) as a little-endian integer.
    @inline(__always) static func load(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        let len = end - start
        if start + 8 <= b.count {
            let v = UInt64(littleEndian: UnsafeRawPointer(b.baseAddress! + start).loadUnaligned(as: UInt64.self))
            return len >= 8 ? v : v & ((1 << UInt64(len * 8)) - 1)
        }
        var v: UInt64 = 0
        for k in 0..<min(len, 8) { v |= UInt64(b[start + k]) << UInt64(k * 8) }
        return v
    }

    @inline(__always) static func hash(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        var h = UInt64(end - start) &* 0x9E37_79B9_7F4A_7C15
        var i = start
        repeat {
            h = (h ^ load(b, i, min(i + 8, end))) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        } while i < end
        return h
    }

    /// The slot of the word, or -1.
    @inline(__always) func find(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, hash h: UInt64) -> Int {
        guard mask > 0 else { return -1 }
        let len = end - start
        let head = WordTable.load(b, start, min(start + 8, end))
        let check = UInt16(truncatingIfNeeded: h >> 48)
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
            let slot = slots[s]
            if slot.length == 0 { return -1 }
            if slot.check == check && Int(slot.length) == len && slot.head == head
                && (len <= 8 || tailMatches(b, start + 8, end, at: Int(slot.value))) {
                return s
            }
            s = (s + 1) & mask
        }
    }

    @inline(__always) func tailMatches(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, at offset: Int) -> Bool {
        extra.withUnsafeBufferPointer { t in
            for k in 0..<(end - start) where t[offset + k] != b[start + k] { return false }
            return true
        }
    }

    @inline(__always) func forEachID(_ s: Int, _ body: (Int32) -> Void) {
        let slot = slots[s]
        if slot.inline { body(slot.value); return }
        guard slot.count > 0 else { return }
        let ids = Int(slot.value) + max(0, Int(slot.length) - 8)
        extra.withUnsafeBytes { e in
            for k in 0..<Int(slot.count) { body(e.loadUnaligned(fromByteOffset: ids + 4 * k, as: Int32.self)) }
        }
    }

    /// Adds a word (not present) with its ids; returns its slot, or -1 when the word is not kept.
    mutating func insert(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, hash h: UInt64, ids: UnsafeBufferPointer<Int32>) -> Int {
        let len = end - start
        if count >= WordTable.limit || len > WordTable.maxLength || ids.count > WordTable.maxIDs { return -1 }
        if (count + 1) * 4 > (mask + 1) * 3 { grow() }
        var slot = Slot()
        slot.head = WordTable.load(b, start, min(start + 8, end))
        slot.check = UInt16(truncatingIfNeeded: h >> 48)
        slot.length = UInt8(len)
        slot.count = UInt8(ids.count)
        if slot.inline { slot.value = ids[0] } else {
            slot.value = Int32(extra.count)
            if len > 8 { extra.append(contentsOf: UnsafeBufferPointer(rebasing: b[(start + 8)..<end])) }
            for id in ids { withUnsafeBytes(of: id) { extra.append(contentsOf: $0) } }
        }
        var s = Int(truncatingIfNeeded: h) & mask
        while slots[s].length != 0 { s = (s + 1) & mask }
        slots[s] = slot
        count += 1
        return s
    }

    /// Doubles the slots; each word is hashed again from its bytes.
    mutating func grow() {
        let old = slots
        let capacity = max(1024, (mask + 1) * 2)
        slots = [Slot](repeating: Slot(), count: capacity)
        mask = capacity - 1
        var word = [UInt8](repeating: 0, count: WordTable.maxLength + 8)
        for slot in old where slot.length != 0 {
            let len = Int(slot.length)
            withUnsafeBytes(of: slot.head.littleEndian) { h in for k in 0..<min(8, len) { word[k] = h[k] } }
            for k in 8..<max(8, len) { word[k] = extra[Int(slot.value) + k - 8] }
            let h = word.withUnsafeBufferPointer { WordTable.hash($0, 0, len) }
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s].length != 0 { s = (s + 1) & mask }
            slots[s] = slot
        }
    }
}
