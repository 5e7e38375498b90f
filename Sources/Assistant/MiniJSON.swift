/// A JSON value parsed from a Prompts/ file; errors carry the line and column.
public indirect enum JSONValue: Sendable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    public subscript(key: String) -> JSONValue? { if case .object(let o) = self { return o[key] }; return nil }
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var object: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    public var number: Double? { if case .number(let n) = self { return n }; return nil }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var strings: [String] { array?.compactMap(\.string) ?? [] }
}

/// A parse failure at a line and column (1-based).
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    public let line: Int, column: Int, message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A small strict JSON parser (RFC 8259) over UTF-8 bytes, so Prompts/ errors can name a line.
public struct MiniJSON {
    let b: [UInt8]
    var i = 0

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var p = MiniJSON(b: Array(text.utf8))
        p.ws()
        let v = try p.value(depth: 0)
        p.ws()
        if p.i < p.b.count { throw p.fail("unexpected text after the JSON value") }
        return v
    }

    func fail(_ m: String) -> JSONParseError {
        var line = 1, col = 1
        for k in 0..<min(i, b.count) { if b[k] == 0x0A { line += 1; col = 1 } else if b[k] & 0xC0 != 0x80 { col += 1 } }
        return JSONParseError(line: line, column: col, message: m)
    }

    mutating func ws() { while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 } }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < 64 else { throw fail("nested too deeply") }
        guard i < b.count else { throw fail("unexpected end of file") }
        switch b[i] {
        case UInt8(ascii: "{"):
            i += 1; ws()
            var o: [String: JSONValue] = [:]
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(o) }
            while true {
                ws()
                guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw fail("expected a \"key\"") }
                let k = try string()
                ws()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(k)\"") }
                i += 1; ws()
                o[k] = try value(depth: depth + 1)
                ws()
                guard i < b.count else { throw fail("unexpected end of file inside an object") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return .object(o) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1; ws()
            var a: [JSONValue] = []
            if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(a) }
            while true {
                ws()
                a.append(try value(depth: depth + 1))
                ws()
                guard i < b.count else { throw fail("unexpected end of file inside an array") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "]") { i += 1; return .array(a) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            let start = i
            while i < b.count, (b[i] >= 0x30 && b[i] <= 0x39) || b[i] == 0x2D || b[i] == 0x2B || b[i] == 0x2E || b[i] == 0x65 || b[i] == 0x45 { i += 1 }
            guard i > start, let d = Double(String(decoding: b[start..<i], as: UTF8.self)) else { throw fail("unexpected character") }
            return .number(d)
        }
    }

    mutating func literal(_ word: String, _ v: JSONValue) throws(JSONParseError) -> JSONValue {
        let w = Array(word.utf8)
        guard i + w.count <= b.count, Array(b[i..<i + w.count]) == w else { throw fail("unexpected word") }
        i += w.count
        return v
    }

    mutating func string() throws(JSONParseError) -> String {
        i += 1
        var out: [UInt8] = []
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if c < 0x20 { throw fail("control character inside a string (use \\n)") }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < b.count else { break }
                switch b[i] {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"), UInt8(ascii: "f"): break
                case UInt8(ascii: "u"):
                    guard i + 4 < b.count, let v = UInt32(String(decoding: b[(i + 1)...(i + 4)], as: UTF8.self), radix: 16) else { throw fail("bad \\u escape") }
                    i += 4
                    out.append(contentsOf: Array(String(Unicode.Scalar(v).map(Character.init) ?? "\u{FFFD}").utf8))
                default: out.append(b[i])
                }
                i += 1
                continue
            }
            out.append(c); i += 1
        }
        throw fail("unterminated string")
    }
}
