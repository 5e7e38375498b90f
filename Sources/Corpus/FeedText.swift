/// Small text rewrites feed fields need: relative links against `xml:base`, a person's name out of an
/// e-mail form, Atom 0.3's base64 content.
enum FeedText {
    /// `ref` resolved against `base` (RFC 3986 §5.2, without dot-segment removal beyond `../`): absolute and
    /// scheme-relative references are kept; `/path` takes the base's scheme and host; others its directory.
    static func resolve(_ ref: String, against base: String?) -> String {
        guard let base, !ref.isEmpty, !hasScheme(ref), let colon = base.firstIndex(of: ":"), base[colon...].hasPrefix("://")
        else { return ref }
        let afterScheme = base[base.index(colon, offsetBy: 3)...]
        let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? base.endIndex
        let origin = String(base[..<authorityEnd])
        if ref.hasPrefix("//") { return String(base[..<colon]) + ":" + ref }
        if ref.hasPrefix("/") { return origin + ref }
        if ref.hasPrefix("#") || ref.hasPrefix("?") {
            let cut = base.firstIndex(of: ref.first!) ?? base.endIndex
            return String(base[..<cut]) + ref
        }
        let path = base[authorityEnd...].prefix(while: { $0 != "?" && $0 != "#" })
        var dirs = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().dropLast().map(String.init)
        var rest = Substring(ref)
        while true {
            if rest.hasPrefix("./") { rest = rest.dropFirst(2) }
            else if rest.hasPrefix("../") { rest = rest.dropFirst(3); if !dirs.isEmpty { dirs.removeLast() } }
            else { break }
        }
        return origin + "/" + (dirs.isEmpty ? "" : dirs.joined(separator: "/") + "/") + rest
    }

    /// `http:`, `mailto:`, `tag:`, `urn:` …: a scheme of letters, digits, `+-.` before the first colon.
    private static func hasScheme(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":"), colon != s.startIndex, s.first!.isLetter else { return false }
        return s[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `Name (me@example.com)`, `Name <me@example.com>`, `me@example.com (Name)` → `Name`; others as given.
    static func personName(_ s: String) -> String {
        if s.hasSuffix(")"), let open = s.lastIndex(of: "(") {
            let inner = s[s.index(after: open) ..< s.index(before: s.endIndex)].trimmingPrefixAndSuffixSpaces
            let outer = s[..<open].trimmingPrefixAndSuffixSpaces
            if outer.contains("@") && !outer.contains(" ") && !inner.isEmpty { return inner }
            if inner.contains("@") && !inner.contains(" ") && !outer.isEmpty { return outer }
        }
        if s.hasSuffix(">"), let open = s.lastIndex(of: "<") {
            let outer = s[..<open].trimmingPrefixAndSuffixSpaces
            if s[open...].contains("@") && !outer.isEmpty {
                return outer.count >= 2 && outer.hasPrefix("\"") && outer.hasSuffix("\"") ? String(outer.dropFirst().dropLast()) : outer
            }
        }
        return s
    }

    /// Standard base64 (whitespace ignored) as UTF-8 text; nil when it is not base64.
    static func base64(_ s: String) -> String? {
        var out: [UInt8] = [], acc: UInt32 = 0, bits = 0
        for c in s.utf8 {
            let v: UInt8
            switch c {
            case 0x41...0x5A: v = c - 0x41
            case 0x61...0x7A: v = c - 0x61 + 26
            case 0x30...0x39: v = c - 0x30 + 52
            case 0x2B: v = 62
            case 0x2F: v = 63
            case 0x3D, 0x20, 0x0A, 0x0D, 0x09: continue
            default: return nil
            }
            acc = acc << 6 | UInt32(v); bits += 6
            if bits >= 8 { bits -= 8; out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits))) }
        }
        return String(validating: out, as: UTF8.self)
    }
}
