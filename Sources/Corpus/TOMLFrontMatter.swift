/// TOML front matter (`+++` … `+++`, as Hugo and Zola write it) read into the same `FrontMatter` the
/// YAML reader fills: each key (lower-cased, the last part of a dotted key) with its scalar values —
/// one for `title = "X"`, several for an array, and the `name`s of an array of inline tables
/// (`authors = [{ name = "A" }]`). Keys under a `[table]` (Zola's `[taxonomies]`, `[extra]`) count only
/// where the top level lacks them. Dates, numbers and booleans are kept as written.
///
/// Not TOMLKit: it links Foundation into every command and its literal conformances broke type
/// inference in lore's own modules (measured; see ARCHITECTURE.md). Front matter needs this subset only.
enum TOMLFrontMatter {
    static func parse(_ text: String) -> Result<FrontMatter, FrontMatterError> {
        let bytes = Array(text.utf8)
        guard bytes.count <= FrontMatter.maxBytes else { return .failure(FrontMatterError("front matter over 64 KiB")) }
        var reader = Reader(bytes: bytes)
        do {
            let (top, tables) = try reader.document()
            var matter = FrontMatter(values: top)
            for (key, values) in tables where matter.values[key] == nil { matter.values[key] = values }
            return .success(matter)
        } catch let e as FrontMatterError {
            return .failure(FrontMatterError("\(e.reason) at line \(reader.line)"))
        } catch {
            return .failure(FrontMatterError("malformed TOML at line \(reader.line)"))
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0
        var line = 1
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var peek: UInt8? { at < bytes.count ? bytes[at] : nil }
        func peek(_ ahead: Int) -> UInt8? { at + ahead < bytes.count ? bytes[at + ahead] : nil }
        mutating func advance(_ n: Int = 1) {
            for _ in 0 ..< n where at < bytes.count { if bytes[at] == 10 { line += 1 }; at += 1 }
        }

        /// Top-level keys and keys under tables, each key's values in order.
        mutating func document() throws -> ([String: [String]], [String: [String]]) {
            var top: [String: [String]] = [:], tables: [String: [String]] = [:], inTable = false
            while true {
                skipBlank(newlines: true)
                guard let c = peek else { return (top, tables) }
                if c == UInt8(ascii: "[") {
                    while let d = peek, d != 10 { advance() }   // a table header: what follows is under it
                    inTable = true
                    continue
                }
                let key = try self.key()
                skipBlank(newlines: false)
                guard peek == UInt8(ascii: "=") else { throw FrontMatterError("expected '=' after \(key)") }
                advance()
                var values: [String] = []
                try value(into: &values, keyed: nil)
                if inTable { if tables[key] == nil { tables[key] = values } } else { top[key] = values }
                skipBlank(newlines: false)
                if let d = peek, d != 10 { throw FrontMatterError("unexpected text after the value of \(key)") }
            }
        }

        /// A bare, quoted or dotted key; its last part, lower-cased.
        mutating func key() throws -> String {
            var last = ""
            while true {
                skipBlank(newlines: false)
                guard let c = peek else { throw FrontMatterError("expected a key") }
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    last = try string()
                } else {
                    let start = at
                    while let d = peek, Self.isBare(d) { advance() }
                    guard at > start else { throw FrontMatterError("expected a key") }
                    last = String(decoding: bytes[start ..< at], as: UTF8.self)
                }
                skipBlank(newlines: false)
                guard peek == UInt8(ascii: ".") else { return last.lowercased() }
                advance()
            }
        }

        static func isBare(_ c: UInt8) -> Bool {
            (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 45
        }

        /// One value: its scalars appended to `values`. In an inline table only the `name` key's
        /// scalars are kept (`keyed` is the key being read there).
        mutating func value(into values: inout [String], keyed: String?) throws {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 32 else { throw FrontMatterError("values nested too deep") }
            skipBlank(newlines: false)
            guard let c = peek else { throw FrontMatterError("expected a value") }
            let keep = keyed == nil || keyed == "name"
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let s = try string()
                if keep { values.append(TextClean.collapse(s)) }
            case UInt8(ascii: "["):
                advance()
                while true {
                    skipBlank(newlines: true)
                    guard let d = peek else { throw FrontMatterError("unterminated array") }
                    if d == UInt8(ascii: "]") { advance(); break }
                    try value(into: &values, keyed: keyed)
                    skipBlank(newlines: true)
                    if peek == UInt8(ascii: ",") { advance() } else if peek != UInt8(ascii: "]") { throw FrontMatterError("expected ',' or ']' in an array") }
                }
            case UInt8(ascii: "{"):
                advance()
                while true {
                    skipBlank(newlines: false)
                    guard let d = peek, d != 10 else { throw FrontMatterError("unterminated inline table") }
                    if d == UInt8(ascii: "}") { advance(); break }
                    let k = try key()
                    skipBlank(newlines: false)
                    guard peek == UInt8(ascii: "=") else { throw FrontMatterError("expected '=' after \(k)") }
                    advance()
                    try value(into: &values, keyed: k)
                    skipBlank(newlines: false)
                    if peek == UInt8(ascii: ",") { advance() } else if peek != UInt8(ascii: "}") { throw FrontMatterError("expected ',' or '}' in an inline table") }
                }
            default:
                let start = at
                while let d = peek, d != 10, d != 44, d != 93, d != 125, d != 35 { advance() }   // \n , ] } #
                let raw = String(decoding: bytes[start ..< at], as: UTF8.self).trimmingPrefixAndSuffixSpaces
                guard !raw.isEmpty else { throw FrontMatterError("expected a value") }
                if keep { values.append(raw) }
            }
        }

        /// A basic ("…", escapes read) or literal ('…') string, either of them multi-line when tripled.
        mutating func string() throws -> String {
            let quote = bytes[at]
            let triple = peek(1) == quote && peek(2) == quote
            advance(triple ? 3 : 1)
            if triple && peek == 10 { advance() }   // a newline right after the opening quotes is dropped
            var out: [UInt8] = []
            while true {
                guard let c = peek else { throw FrontMatterError("unterminated string") }
                if c == quote && (!triple || (peek(1) == quote && peek(2) == quote)) {
                    advance(triple ? 3 : 1)
                    return String(decoding: out, as: UTF8.self)
                }
                if c == 10 && !triple { throw FrontMatterError("unterminated string") }
                if c == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                    try escape(into: &out)
                } else {
                    out.append(c); advance()
                }
            }
        }

        /// A backslash escape of a basic string, the backslash at `at`.
        mutating func escape(into out: inout [UInt8]) throws {
            advance()
            guard let e = peek else { throw FrontMatterError("unterminated string") }
            advance()
            switch e {
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "r"), UInt8(ascii: "b"), UInt8(ascii: "f"): out.append(32)
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let n = e == UInt8(ascii: "u") ? 4 : 8
                guard at + n <= bytes.count, let v = UInt32(String(decoding: bytes[at ..< at + n], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(v) else { throw FrontMatterError("bad unicode escape") }
                out.append(contentsOf: Array(String(Character(scalar)).utf8)); advance(n)
            case 10, 32, 9:   // a line-ending backslash joins the lines, as TOML says
                while let d = peek, d == 10 || d == 32 || d == 9 || d == 13 { advance() }
            default: out.append(e)
            }
        }

        /// Spaces, tabs, carriage returns and comments; newlines too when asked.
        mutating func skipBlank(newlines: Bool) {
            while let c = peek {
                if c == 32 || c == 9 || c == 13 || (newlines && c == 10) { advance() }
                else if c == UInt8(ascii: "#") { while let d = peek, d != 10 { advance() } }
                else { return }
            }
        }
    }
}
