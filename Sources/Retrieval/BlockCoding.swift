import Corpus
#if canImport(Glibc)
import Glibc
#endif

/// Stores an article's blocks and links as compact text. Control characters never occur in
/// corpus text (the parsers strip them), so the ASCII unit and record separators are safe.
enum BlockCoding {
    static let unit: Character = "\u{1F}", record: Character = "\u{1E}"

    static func encode(_ blocks: [Block]) -> String {
        var out = ""
        for (i, b) in blocks.enumerated() {
            if i > 0 { out.append(record) }
            switch b.kind {
            case .paragraph: out += "p"
            case .heading(let level): out += "h\(level)"
            case .listItem: out += "l"
            case .quote: out += "q"
            case .code(let lang): out += "c" + (lang ?? "")
            }
            out.append(unit)
            out += b.text
        }
        return out
    }

    static func decode(_ s: String) -> [Block] {
        guard !s.isEmpty else { return [] }
        // Split on the separator bytes directly: Character-level splitting dominated `lore search`.
        var out: [Block] = []
        var s = s
        s.withUTF8 { b in
            var start = 0
            func emit(_ end: Int) {
                var tagEnd = start
                while tagEnd < end && b[tagEnd] != 0x1F { tagEnd += 1 }
                let tag = String(decoding: UnsafeBufferPointer(rebasing: b[start..<tagEnd]), as: UTF8.self)
                let text = tagEnd < end ? String(decoding: UnsafeBufferPointer(rebasing: b[(tagEnd + 1)..<end]), as: UTF8.self) : ""
                let kind: Block.Kind
                switch tag.first {
                case "h": kind = .heading(level: Int(tag.dropFirst()) ?? 2)
                case "l": kind = .listItem
                case "q": kind = .quote
                case "c": kind = .code(language: tag.count > 1 ? String(tag.dropFirst()) : nil)
                default: kind = .paragraph
                }
                out.append(Block(kind, text))
            }
            for i in 0..<b.count where b[i] == 0x1E {
                emit(i); start = i + 1
            }
            emit(b.count)
        }
        return out
    }

    /// Encoded blocks read in place, for cutting passages without decoding the article: the same
    /// records `decode` reads, as byte ranges of the encoding.
    struct EncodedBlocks: ChunkerBlocks {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Per block: whether its tag is a heading's, and where its text is.
        var records: [(isHeading: Bool, text: Range<Int>)] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            // Records end at each record separator (found with memchr) and at the end.
            var start = 0
            while start <= bytes.count {
                var end = bytes.count
                if start < bytes.count, let found = memchr(base + start, 0x1E, bytes.count - start) {
                    end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                var tagEnd = start
                while tagEnd < end && bytes[tagEnd] != 0x1F { tagEnd += 1 }
                records.append((start < tagEnd && bytes[start] == UInt8(ascii: "h"), min(tagEnd + 1, end)..<end))
                start = end + 1
            }
        }

        var count: Int { records.count }
        func isHeading(_ i: Int) -> Bool { records[i].isHeading }
        func withUTF8<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            body(UnsafeBufferPointer(rebasing: bytes[records[i].text]))
        }
    }

    static func encode(_ links: [Link]) -> String {
        links.map { $0.text + String(unit) + $0.url }.joined(separator: String(record))
    }

    static func decodeLinks(_ s: String) -> [Link] {
        guard !s.isEmpty else { return [] }
        return s.split(separator: record).map { rec in
            let parts = rec.split(separator: unit, maxSplits: 1, omittingEmptySubsequences: false)
            return Link(text: String(parts[0]), url: parts.count > 1 ? String(parts[1]) : "")
        }
    }
}
