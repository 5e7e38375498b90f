import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Synonyms of common English word stems (Prompts/synonyms_en.txt, written by scripts/synonyms.py from WordNet):
/// "huge" has "larg", "big", "vast"…, so that a sentence that says "large" counts for a question that says "huge".
/// The file is mapped into memory on the first question that needs it, not read: each of a question's terms is
/// found by binary search, which touches a few of its pages (reading all 380 KB took about 0.3 ms of a 12 ms answer).
public final class Synonyms: Sendable {
    let path: String
    private let file = Mutex<Mapping?>(nil)

    /// The mapped file; an empty one for a missing or empty file.
    private struct Mapping: @unchecked Sendable {
        let base: UnsafeMutableRawPointer?
        let count: Int
    }

    public init(path: String) { self.path = path }

    deinit {
        file.withLock { m in if let m, let base = m.base { munmap(base, m.count) } }
    }

    /// Each of `stems` that the file lists, with its synonyms; none for a missing file.
    func of(_ stems: Set<String>) -> [String: [String]] {
        guard !stems.isEmpty else { return [:] }
        return file.withLock { m in
            if m == nil { m = Self.map(path) }
            guard let base = m!.base else { return [:] }
            return Self.lines(of: stems, in: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: m!.count))
        }
    }

    private static func map(_ path: String) -> Mapping {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return Mapping(base: nil, count: 0) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0, let base = mmap(nil, Int(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0),
              base != MAP_FAILED else { return Mapping(base: nil, count: 0) }
        return Mapping(base: base, count: Int(st.st_size))
    }

    /// The lines ("huge big enorm larg vast") whose first word is one of `stems`, found by binary search: the file's
    /// lines are sorted by their first word, bytewise, after its "#" comment lines (a question has a handful of
    /// terms and the file 9,000 lines).
    static func lines(of stems: Set<String>, in b: UnsafeBufferPointer<UInt8>) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for stem in stems {
            let s = Array(stem.utf8)
            guard let first = s.first, first != UInt8(ascii: "#"), !s.contains(0x20), !s.contains(0x0A) else { continue }
            let start = firstLine(notBelow: s, in: b)
            var space = start
            while space < b.count, b[space] != 0x20, b[space] != 0x0A { space += 1 }
            guard space < b.count, b[space] == 0x20, compare(b, start, space, s) == 0 else { continue }
            var end = space
            while end < b.count, b[end] != 0x0A { end += 1 }
            out[stem] = b[(space + 1) ..< end].split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
        }
        return out
    }

    /// Where the first line starts whose first word is not below `s`.
    static func firstLine(notBelow s: [UInt8], in b: UnsafeBufferPointer<UInt8>) -> Int {
        var lo = 0, hi = b.count   // both at line starts (or the end)
        while lo < hi {
            var start = (lo + hi) / 2
            while start > lo, b[start - 1] != 0x0A { start -= 1 }
            var head = start
            while head < b.count, b[head] != 0x20, b[head] != 0x0A { head += 1 }
            if compare(b, start, head, s) < 0 {
                var next = head
                while next < b.count, b[next] != 0x0A { next += 1 }
                lo = min(next + 1, b.count)
            } else {
                hi = start
            }
        }
        return lo
    }

    /// Bytewise order of `b[from..<to]` against `s`: negative, zero or positive.
    static func compare(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ s: [UInt8]) -> Int {
        for i in 0 ..< min(to - from, s.count) where b[from + i] != s[i] { return Int(b[from + i]) - Int(s[i]) }
        return (to - from) - s.count
    }
}
