/// Byte-level text hygiene: strips terminal control characters and collapses whitespace.
///
/// Works on UTF-8 bytes because it runs on every field of every article (100+ MB corpora).
enum TextClean {
    /// C0 controls except TAB and LF, DEL, and (UTF-8 encoded) C1 controls are removed so no
    /// terminal escape sequence survives; CR is removed (CRLF → LF).
    static func stripControls(_ s: String) -> String {
        var fast = true
        for b in s.utf8 where b < 0x20 && b != 0x0A && b != 0x09 || b == 0x7F || b == 0xC2 { fast = false; break }
        if fast { return s }
        let bytes = Array(s.utf8)
        var out = [UInt8](); out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x20 && b != 0x0A && b != 0x09 || b == 0x7F { i += 1; continue }
            if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F { i += 2; continue }
            out.append(b); i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Collapses any run of whitespace (incl. NBSP and controls) into one space, trims, drops controls.
    /// Already-clean strings (the common case) are returned without allocating.
    static func collapse(_ s: String) -> String {
        var s = s
        return s.withUTF8 { p in isCollapsed(p) ? nil : collapsedString(p) } ?? s
    }

    static func collapse(bytes: ArraySlice<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { collapsedString($0) }
    }

    static func collapse(_ p: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(contentsOf: collapsedString(p).utf8)
    }

    /// True when `collapsedString(p)` would return the same bytes.
    static func isCollapsed(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = p.count
        guard n > 0 else { return true }
        if p[0] == 0x20 || p[n - 1] == 0x20 { return false }
        var prevSpace = false
        var i = 0
        while i < n {
            let b = p[i]
            i += 1
            if b < 0x80 {
                if b > 0x20 && b != 0x7F { prevSpace = false; continue }
                if b != 0x20 || prevSpace { return false }
                prevSpace = true
                continue
            }
            prevSpace = false
            if b == 0xC2, i < n, p[i] >= 0x80 && p[i] <= 0xA0 { return false }
            if b == 0xE2, i + 1 < n, p[i] == 0x80, p[i + 1] == 0xA8 || p[i + 1] == 0xA9 || p[i + 1] == 0x8B { return false }
            if i + 1 < n, isBlankFiller(b, p[i], p[i + 1]) { return false }
        }
        return true
    }

    /// The collapsing loop, writing straight into the new string's storage.
    static func collapsedString(_ p: UnsafeBufferPointer<UInt8>) -> String {
        let n = p.count
        guard n > 0 else { return "" }
        return String(unsafeUninitializedCapacity: n) { out in
            var k = 0
            var pendingSpace = false
            var i = 0
            while i < n {
                let b = p[i]
                if b > 0x20 && b < 0x7F {   // fast path: printable ASCII
                    if pendingSpace && k > 0 { out[k] = 0x20; k += 1 }
                    pendingSpace = false
                    out[k] = b; k += 1; i += 1
                    continue
                }
                if b <= 0x20 || b == 0x7F { pendingSpace = true; i += 1; continue }
                if b == 0xC2, i + 1 < n {
                    let c = p[i + 1]
                    if c == 0xA0 { pendingSpace = true; i += 2; continue }           // NBSP
                    if c >= 0x80 && c <= 0x9F { i += 2; continue }                   // C1 control
                }
                if b == 0xE2, i + 2 < n, p[i + 1] == 0x80, p[i + 2] == 0xA8 || p[i + 2] == 0xA9 || p[i + 2] == 0x8B {
                    if p[i + 2] != 0x8B { pendingSpace = true }                       // LS/PS → space, ZWSP dropped
                    i += 3; continue
                }
                if i + 2 < n, isBlankFiller(b, p[i + 1], p[i + 2]) { pendingSpace = true; i += 3; continue }
                if pendingSpace && k > 0 { out[k] = 0x20; k += 1 }
                pendingSpace = false
                out[k] = b; k += 1; i += 1
            }
            return k
        }
    }

    /// Characters that print nothing but are written as spaces to indent or pad text: the blank Braille pattern
    /// (U+2800) and the Hangul filler (U+3164), as UTF-8 bytes.
    @inline(__always) static func isBlankFiller(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        (a == 0xE2 && b == 0xA0 && c == 0x80) || (a == 0xE3 && b == 0x85 && c == 0xA4)
    }

    /// Escapes control characters for display (`\n`, `\t`, `\u{1B}`), e.g. a file name with a newline.
    static func escapeControls(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x5C: out += "\\\\"
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}

/// A path or source name made safe to print: control characters escaped as `\n`, `\t`, `\u{1B}`.
public func displaySource(_ source: String) -> String { TextClean.escapeControls(source) }

/// FNV-1a 64-bit hash of raw file bytes, used to notice changed files cheaply.
public func contentHash(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    bytes.withUnsafeBufferPointer { p in
        for b in p { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    }
    return h
}
