/// A minimal JSON reader over UTF-8 bytes for article records: string/number/bool/null fields are
/// read, nested values skipped iteratively (no recursion), so hostile nesting cannot overflow the stack.
struct JSONScanner {
    struct Failure: Error { let reason: String; let offset: Int }

    let p: UnsafeBufferPointer<UInt8>
    var i: Int
    let end: Int

    init(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) { self.p = p; i = from; end = to }

    mutating func skipSpace() { while i < end, p[i] == 0x20 || p[i] == 0x0A || p[i] == 0x0D || p[i] == 0x09 { i += 1 } }

    /// Reads one object; fields with scalar values are returned, keyed by name.
    mutating func object() throws(Failure) -> [String: String] {
        skipSpace()
        guard i < end, p[i] == 0x7B else { throw Failure(reason: "expected '{'", offset: i) }
        i += 1
        var fields: [String: String] = [:]
        skipSpace()
        if i < end, p[i] == 0x7D { i += 1; return fields }
        while true {
            skipSpace()
            let key = try string()
            skipSpace()
            guard i < end, p[i] == 0x3A else { throw Failure(reason: "expected ':'", offset: i) }
            i += 1
            skipSpace()
            guard i < end else { throw Failure(reason: "unexpected end of input", offset: i) }
            switch p[i] {
            case 0x22: fields[key] = try string()
            case 0x5B where Self.listKeys.contains(key): fields[key] = try stringList()
            case 0x7B, 0x5B: try skipNested()
            default: fields[key] = try literal()
            }
            skipSpace()
            guard i < end else { throw Failure(reason: "unexpected end of input", offset: i) }
            if p[i] == 0x2C { i += 1; continue }
            if p[i] == 0x7D { i += 1; return fields }
            throw Failure(reason: "expected ',' or '}'", offset: i)
        }
    }

    mutating func string() throws(Failure) -> String {
        guard i < end, p[i] == 0x22 else { throw Failure(reason: "expected a string", offset: i) }
        i += 1
        let start = i
        while i < end, p[i] != 0x22, p[i] != 0x5C { i += 1 }
        if i < end, p[i] == 0x22 {   // fast path: no escapes
            defer { i += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: p[start ..< i]), as: UTF8.self)
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: p[start ..< i]))
        while i < end {
            let b = p[i]
            if b == 0x22 { i += 1; return String(decoding: out, as: UTF8.self) }
            if b != 0x5C {   // copy the run up to the next quote or backslash in one go
                let run = i
                while i < end, p[i] != 0x22, p[i] != 0x5C { i += 1 }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[run ..< i]))
                continue
            }
            guard i + 1 < end else { break }
            let e = p[i + 1]
            i += 2
            switch e {
            case 0x6E: out.append(0x0A)
            case 0x74: out.append(0x09)
            case 0x72: out.append(0x0D)
            case 0x62, 0x66: out.append(0x20)
            case 0x75:
                var v = try hex4()
                if v >= 0xD800 && v < 0xDC00, i + 1 < end, p[i] == 0x5C, p[i + 1] == 0x75 {
                    i += 2
                    let lo = try hex4()
                    v = lo >= 0xDC00 && lo < 0xE000 ? 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00) : 0xFFFD
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(v) ?? "\u{FFFD}")).utf8)
            default: out.append(e)
            }
        }
        throw Failure(reason: "unterminated string", offset: i)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= end else { throw Failure(reason: "bad \\u escape", offset: i) }
        var v: UInt32 = 0
        for _ in 0 ..< 4 {
            let c = p[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            default: throw Failure(reason: "bad \\u escape", offset: i)
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    /// Number, true, false or null, returned as its text ("null" → "").
    private mutating func literal() throws(Failure) -> String {
        let start = i
        while i < end, p[i] != 0x2C, p[i] != 0x7D, p[i] != 0x5D, p[i] > 0x20 { i += 1 }
        let s = String(decoding: UnsafeBufferPointer(rebasing: p[start ..< i]), as: UTF8.self)
        guard !s.isEmpty else { throw Failure(reason: "expected a value", offset: i) }
        if s == "null" { return "" }
        guard s == "true" || s == "false" || s.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2B || $0 == 0x2E || $0 | 0x20 == 0x65 })
        else { throw Failure(reason: "invalid value", offset: start) }
        return s
    }

    /// Keys whose value may be an array of strings (`"tags": ["a", "b"]`), kept joined by `listSeparator`.
    static let listKeys: Set<String> = ["tags", "categories", "keywords"]
    static let listSeparator: Character = "\u{1F}"

    /// An array's strings joined by `listSeparator`; other elements (numbers, objects) are skipped.
    mutating func stringList() throws(Failure) -> String {
        i += 1
        var out: [String] = []
        while true {
            skipSpace()
            guard i < end else { throw Failure(reason: "unexpected end of input", offset: i) }
            switch p[i] {
            case 0x5D: i += 1; return out.joined(separator: String(Self.listSeparator))
            case 0x2C: i += 1
            case 0x22: out.append(try string())
            case 0x7B, 0x5B: try skipNested()
            default: _ = try literal()
            }
        }
    }

    /// Skips an object or array of any depth with a counter, honouring strings.
    mutating func skipNested() throws(Failure) {
        var depth = 0
        while i < end {
            let b = p[i]
            switch b {
            case 0x22: _ = try string(); continue
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D: depth -= 1; if depth == 0 { i += 1; return }
            default: break
            }
            i += 1
        }
        throw Failure(reason: "unexpected end of input", offset: i)
    }
}
