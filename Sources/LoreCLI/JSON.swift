/// A small JSON writer with stable key order (CLI.md's objects), with no Foundation.
indirect enum JSON {
    case null, bool(Bool), int(Int), double(Double), string(String), array([JSON]), object([(String, JSON)])

    static func str(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }

    var text: String { var out = ""; write(to: &out); return out }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? String((d * 10000).rounded() / 10000) : "null"
        case .string(let s): JSON.escape(s, into: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() { if i > 0 { out += "," }; v.write(to: &out) }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, (k, v)) in o.enumerated() {
                if i > 0 { out += "," }
                JSON.escape(k, into: &out); out += ":"; v.write(to: &out)
            }
            out += "}"
        }
    }

    /// A JSON string literal. Control characters (C0, DEL, C1), and U+2028/9 which break line-based
    /// readers, are escaped; everything else is copied. Works on the UTF-8 bytes: runs that need no
    /// escape are appended whole.
    static func escape(_ s: String, into out: inout String) {
        out += "\""
        var s = s
        s.withUTF8 { b in
            var run = 0   // start of the bytes not yet copied
            func flush(_ end: Int) {
                if end > run { out += String(decoding: UnsafeBufferPointer(rebasing: b[run..<end]), as: UTF8.self) }
            }
            var i = 0
            while i < b.count {
                let c = b[i]
                var escaped: String?
                var width = 1
                switch c {
                case 0x22: escaped = "\\\""
                case 0x5C: escaped = "\\\\"
                case 0x0A: escaped = "\\n"
                case 0x0D: escaped = "\\r"
                case 0x09: escaped = "\\t"
                case 0x00..<0x20, 0x7F: escaped = unicodeEscape(UInt32(c))
                case 0xC2 where i + 1 < b.count && (0x80..<0xA0).contains(b[i + 1]):   // U+0080–U+009F
                    escaped = unicodeEscape(UInt32(b[i + 1])); width = 2
                case 0xE2 where i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9):
                    escaped = unicodeEscape(0x2000 | UInt32(b[i + 2] - 0x80)); width = 3   // U+2028, U+2029
                default: break
                }
                if let escaped {
                    flush(i)
                    out += escaped
                    run = i + width
                }
                i += width
            }
            flush(b.count)
        }
        out += "\""
    }

    static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
