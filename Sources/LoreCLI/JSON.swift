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

    static func escape(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Control characters, and U+2028/9 which break line-based readers, are escaped.
                if u.value < 0x20 || u.value == 0x7F || (u.value >= 0x80 && u.value < 0xA0) || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
