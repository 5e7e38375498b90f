/// The one analysis chain for documents and queries:
/// tokenize → split identifiers → fold case and diacritics → drop stop words → stem.
///
/// `analyze` runs a fused form of the chain: words made only of ASCII letters, digits and `_` (nearly
/// all of English and code prose) are split, folded, filtered and stemmed straight from their UTF-8
/// bytes, with the result of each distinct folded form cached; any other word goes through the filter
/// chain itself. The output is exactly the chain's (`chainAnalyze`), which the tests check.
/// Not thread-safe (the stemmer and the caches): one analyzer per thread.
public final class Analyzer: @unchecked Sendable {
    /// Stored in the index; a change here makes the index rebuild itself.
    public static let version = "lore-analyzer-2"

    let tokenizer = Tokenizer()
    let filters: [any TokenFilter]
    let stemmer: Stemmer?
    let stopWords: Set<String>

    /// The vocabulary: every distinct term this analyzer has produced, by id.
    var vocabulary: [String] = []
    var vocabularyIDs: [String: Int32] = [:]
    /// Folded ASCII word → term id, or -1 when the chain drops it (stop word, empty stem).
    var surface = SurfaceTable()
    var scratch: [UInt8] = []

    public init(stemming: Bool = true) {
        let stop = StopFilter()
        let stemmer = stemming ? Stemmer() : nil
        var filters: [any TokenFilter] = [CodeSplitFilter(), FoldFilter(), stop]
        if let stemmer { filters.append(StemFilter(stemmer: stemmer)) }
        self.filters = filters
        self.stemmer = stemmer
        self.stopWords = stop.words
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

    /// Calls `body` with the vocabulary id of every term `analyze` would give, in the same order.
    /// Ids are this analyzer's own; `term(_:)` turns one back into its term.
    public func forEachTermID(_ text: String, _ body: (Int32) -> Void) {
        scan(text) { id, _, _, _ in body(id) }
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
                while j < n {
                    let b = bytes[j]
                    if b < 0x80 {
                        if Tokenizer.isDigit(b) || Tokenizer.isASCIILetter(b) || b == 0x5F { j += 1; end = j; continue }
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

                var simple = true
                for k in start..<end {
                    let b = bytes[k]
                    if !(Tokenizer.isDigit(b) || Tokenizer.isASCIILetter(b) || b == 0x5F) { simple = false; break }
                }
                if simple {
                    var e = end
                    while e > start, bytes[e - 1] == 0x5F { e -= 1 }
                    if e == start { continue }
                    fastWord(bytes, start, e) { id in emit(id, position, start, end) }
                } else {
                    var word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    if word.utf8.contains(0x2C) { word = word.replacing(",", with: "") }  // 1,000 → 1000
                    while word.hasSuffix("_") { word.removeLast() }
                    if word.isEmpty { continue }
                    var tokens = [Token(word, position: position, start: start, end: end)]
                    for f in filters { tokens = f.apply(tokens) }
                    for t in tokens where !t.term.isEmpty { emit(id(of: t.term), position, start, end) }
                }
                position += 1
            }
        }
    }

    /// One word of ASCII letters, digits and inner underscores (no trailing `_`): the whole word,
    /// then its identifier parts of two or more characters, each folded, filtered and stemmed.
    @inline(__always)
    func fastWord(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ emit: (Int32) -> Void) {
        let len = end - start
        if scratch.count < len { scratch = [UInt8](repeating: 0, count: max(len, 64)) }
        var hasUpper = false, hasDigit = false, hasUnderscore = false, hasLetter = false
        scratch.withUnsafeMutableBufferPointer { folded in
            for k in 0..<len {
                let b = bytes[start + k]
                if b >= 0x41 && b <= 0x5A { hasUpper = true; hasLetter = true; folded[k] = b | 0x20 }
                else {
                    if b >= 0x61 && b <= 0x7A { hasLetter = true } else if b == 0x5F { hasUnderscore = true } else { hasDigit = true }
                    folded[k] = b
                }
            }
            let whole = lookup(UnsafeBufferPointer(rebasing: folded[0..<len]))
            if whole >= 0 { emit(whole) }
            // CodeSplitFilter.parts: nothing to split in lowercase words or in numbers without letters.
            if !hasUpper && !hasDigit && !hasUnderscore { return }
            if Tokenizer.isDigit(bytes[start]) && !hasLetter { return }
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
            guard parts.count > 1 else { return }
            for (ps, pe) in parts where pe - ps > 1 {
                let id = lookup(UnsafeBufferPointer(rebasing: folded[ps..<pe]))
                if id >= 0 { emit(id) }
            }
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
    @inline(__always)
    func lookup(_ folded: UnsafeBufferPointer<UInt8>) -> Int32 {
        let h = SurfaceTable.hash(folded)
        if let v = surface.find(folded, hash: h) { return v }
        let word = String(decoding: folded, as: UTF8.self)
        var v: Int32 = -1
        if !stopWords.contains(word) {
            let stemmed = stemmer?.stem(word) ?? word
            if !stemmed.isEmpty { v = id(of: stemmed) }
        }
        surface.insert(folded, hash: h, value: v)
        return v
    }
}

/// Open-addressing map from short byte strings to Int32, keys kept in one arena.
struct SurfaceTable {
    var hashes: [UInt64] = []
    var offsets: [Int32] = []
    var lengths: [Int32] = []
    var values: [Int32] = []
    var arena: [UInt8] = []
    var count = 0
    var mask = -1
    /// Past this many keys the table stops growing (results are then recomputed, never wrong).
    static let limit = 1 << 21

    @inline(__always) static func hash(_ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for x in b { h = (h ^ UInt64(x)) &* 0x100000001b3 }
        return h ^ (h >> 29)
    }

    @inline(__always) func find(_ key: UnsafeBufferPointer<UInt8>, hash h: UInt64) -> Int32? {
        guard mask > 0 else { return nil }
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let off = offsets[slot]
            if off < 0 { return nil }
            if hashes[slot] == h && Int(lengths[slot]) == key.count {
                let same = arena.withUnsafeBufferPointer { a in
                    memeq(a.baseAddress! + Int(off), key.baseAddress!, key.count)
                }
                if same { return values[slot] }
            }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always) func memeq(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        for k in 0..<n where a[k] != b[k] { return false }
        return true
    }

    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, hash h: UInt64, value: Int32) {
        if count >= SurfaceTable.limit { return }
        if (count + 1) * 2 > mask + 1 { grow() }
        var slot = Int(truncatingIfNeeded: h) & mask
        while offsets[slot] >= 0 { slot = (slot + 1) & mask }
        hashes[slot] = h
        offsets[slot] = Int32(arena.count)
        lengths[slot] = Int32(key.count)
        values[slot] = value
        arena.append(contentsOf: key)
        count += 1
    }

    mutating func grow() {
        let capacity = max(1024, (mask + 1) * 2)
        let oldHashes = hashes, oldOffsets = offsets, oldLengths = lengths, oldValues = values
        hashes = [UInt64](repeating: 0, count: capacity)
        offsets = [Int32](repeating: -1, count: capacity)
        lengths = [Int32](repeating: 0, count: capacity)
        values = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        for s in 0..<oldOffsets.count where oldOffsets[s] >= 0 {
            var slot = Int(truncatingIfNeeded: oldHashes[s]) & mask
            while offsets[slot] >= 0 { slot = (slot + 1) & mask }
            hashes[slot] = oldHashes[s]; offsets[slot] = oldOffsets[s]
            lengths[slot] = oldLengths[s]; values[slot] = oldValues[s]
        }
    }
}
