import Corpus

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

    /// The blocks of encoded text as (is a heading, text) slices of it, for cutting passages
    /// without copying each block out; the same records `decode` reads.
    static func slices(_ s: String) -> [(isHeading: Bool, text: Substring)] {
        guard !s.isEmpty else { return [] }
        var bytes = s
        // (record start, text start, record end) byte offsets; text start == end when there is no text.
        let records: [(Int, Int, Int)] = bytes.withUTF8 { b in
            var out: [(Int, Int, Int)] = []
            var start = 0
            func emit(_ end: Int) {
                var tagEnd = start
                while tagEnd < end && b[tagEnd] != 0x1F { tagEnd += 1 }
                out.append((start, min(tagEnd + 1, end), end))
            }
            for i in 0..<b.count where b[i] == 0x1E {
                emit(i); start = i + 1
            }
            emit(b.count)
            return out
        }
        let utf8 = s.utf8
        return records.map { start, textStart, end in
            let isHeading = start < end && utf8[utf8.index(utf8.startIndex, offsetBy: start)] == UInt8(ascii: "h")
            let text = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: textStart)..<utf8.index(utf8.startIndex, offsetBy: end)])
            return (isHeading, text)
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
