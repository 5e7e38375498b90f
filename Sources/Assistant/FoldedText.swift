/// A sentence's UTF-8 bytes with ASCII letters lower-cased, curly apostrophes made straight and a
/// space added at each end, for the phrase checks the answer tool runs on every candidate sentence
/// (" because ", "in this post"). Substring search from the standard library's string processing
/// was most of the time `lore ask` spent; this is a plain byte search.
struct FoldedText: Sendable {
    let bytes: [UInt8]

    init(_ text: String) {
        let u = Array(text.utf8)
        var out: [UInt8] = [32]
        out.reserveCapacity(u.count + 2)
        var i = 0
        while i < u.count {
            let b = u[i]
            if b == 0xE2, i + 2 < u.count, u[i + 1] == 0x80, u[i + 2] == 0x98 || u[i + 2] == 0x99 {  // ‘ ’ read as '
                out.append(39); i += 3; continue
            }
            out.append(b >= 65 && b <= 90 ? b + 32 : b)
            i += 1
        }
        out.append(32)
        bytes = out
    }

    /// Whether the folded text holds `phrase` (give it in lower case).
    func contains(_ phrase: String) -> Bool { contains(bytes: Array(phrase.utf8)) }

    func contains(bytes p: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { hay in p.withUnsafeBufferPointer { ByteSearch.contains(hay, $0) } }
    }

    func containsAny(_ phrases: Phrases) -> Bool { phrases.found(in: bytes) }
}

/// A fixed list of lower-case phrases, kept as bytes for FoldedText.containsAny.
struct Phrases: Sendable {
    let bytes: [[UInt8]]
    /// All phrases' bytes end to end, each phrase's start in it, and for each byte value the phrases
    /// anchored on it (their first byte, or the second when the first is a space, which matches
    /// everywhere) as a range of `anchored`: one pass over a text checks every phrase.
    private let flat: [UInt8]
    private let starts: [Int]
    private let firstAnchored: [Int]
    private let anchored: [(phrase: Int, offset: Int)]
    private let hasEmpty: Bool

    init(_ phrases: [String]) {
        bytes = phrases.map { Array($0.utf8) }
        var flat: [UInt8] = [], starts: [Int] = []
        for p in bytes { starts.append(flat.count); flat += p }
        starts.append(flat.count)
        var buckets = Array(repeating: [(phrase: Int, offset: Int)](), count: 256)
        for (i, p) in bytes.enumerated() where !p.isEmpty {
            let offset = p[0] == 0x20 && p.count > 1 ? 1 : 0
            buckets[Int(p[offset])].append((i, offset))
        }
        var first: [Int] = [], all: [(phrase: Int, offset: Int)] = []
        for b in buckets { first.append(all.count); all += b }
        first.append(all.count)
        self.flat = flat; self.starts = starts; firstAnchored = first; anchored = all
        hasEmpty = bytes.contains { $0.isEmpty }
    }

    /// Whether `hay` holds any of the phrases.
    func found(in hay: [UInt8]) -> Bool {
        if hasEmpty { return true }
        return hay.withUnsafeBufferPointer { h in
            flat.withUnsafeBufferPointer { f in
                starts.withUnsafeBufferPointer { st in
                    firstAnchored.withUnsafeBufferPointer { fa in
                        anchored.withUnsafeBufferPointer { an in
                            for i in 0..<h.count {
                                let byte = Int(h[i])
                                for e in fa[byte]..<fa[byte + 1] {
                                    let (k, offset) = an[e]
                                    let from = st[k], count = st[k + 1] - from, start = i - offset
                                    guard start >= 0, start + count <= h.count else { continue }
                                    var j = 0
                                    while j < count && h[start + j] == f[from + j] { j += 1 }
                                    if j == count { return true }
                                }
                            }
                            return false
                        }
                    }
                }
            }
        }
    }
}

/// Plain byte-substring search: the standard library's `String.contains(_:)` goes through its string
/// processing machinery and costs many times more on the short texts the assistant checks.
enum ByteSearch {
    static func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOffset(hay, needle) != nil
    }

    /// The byte offset of `needle`'s first occurrence in `hay`, or nil.
    static func firstOffset(_ hay: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !needle.isEmpty else { return 0 }
        guard needle.count <= hay.count else { return nil }
        // Phrases often start with a space, which matches everywhere: anchor on the byte after it.
        let a = needle[0] == 0x20 && needle.count > 1 ? 1 : 0
        let anchor = needle[a]
        let last = hay.count - needle.count
        var i = 0
        while i <= last {
            if hay[i + a] == anchor {
                var j = 0
                while j < needle.count && hay[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// Where `part` first stands in `text` (same bytes), as an index of `text`; nil when it does not.
    static func firstIndex(of part: String, in text: String) -> String.Index? {
        var text = text, part = part
        guard let k = text.withUTF8({ hay in part.withUTF8 { firstOffset(hay, $0) } }) else { return nil }
        return text.utf8.index(text.utf8.startIndex, offsetBy: k)
    }

    /// Whether `text` holds `part` exactly (same bytes).
    static func contains(_ text: String, _ part: String) -> Bool {
        var text = text, part = part
        return text.withUTF8 { hay in part.withUTF8 { contains(hay, $0) } }
    }
}
