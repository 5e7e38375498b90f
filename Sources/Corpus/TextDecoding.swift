/// Turns raw file bytes into text: UTF-8 (with or without BOM), UTF-16 with BOM, else Latin-1;
/// refuses binary files by magic number or NUL bytes.
enum TextDecoding {
    /// Returns the decoded text as UTF-8 bytes (what every parser works on) plus a warning, if any.
    static func decode(_ bytes: [UInt8]) throws(CorpusError) -> (utf8: [UInt8], warning: String?) {
        if let kind = magic(bytes) { throw .binary(kind) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (validUTF8(bytes, from: 3) ?? latin1(Array(bytes.dropFirst(3))), nil)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return (utf16(bytes, littleEndian: true), nil) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (utf16(bytes, littleEndian: false), nil) }
        let head = bytes.prefix(8192)
        if head.contains(0) { throw .binary("contains NUL bytes") }
        if let text = validUTF8(bytes, from: 0) { return (text, nil) }
        return (latin1(bytes), "not valid UTF-8; read as Latin-1")
    }

    /// A recognisable binary signature, named for the skip reason.
    static func magic(_ b: [UInt8]) -> String? {
        let sigs: [([UInt8], String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "PNG image"), ([0xFF, 0xD8, 0xFF], "JPEG image"),
            ([0x47, 0x49, 0x46, 0x38], "GIF image"), ([0x25, 0x50, 0x44, 0x46, 0x2D], "PDF document"),
            ([0x50, 0x4B, 0x03, 0x04], "ZIP archive"), ([0x1F, 0x8B], "gzip archive"),
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz archive"), ([0x7F, 0x45, 0x4C, 0x46], "ELF executable"),
            ([0x42, 0x5A, 0x68], "bzip2 archive"), ([0x28, 0xB5, 0x2F, 0xFD], "zstd archive"),
            ([0x53, 0x51, 0x4C, 0x69, 0x74, 0x65, 0x20, 0x66], "SQLite database"),
        ]
        for (sig, name) in sigs where b.starts(with: sig) { return name }
        return nil
    }

    private static func validUTF8(_ bytes: [UInt8], from start: Int) -> [UInt8]? {
        guard isValidUTF8(bytes, from: start) else { return nil }
        return start == 0 ? bytes : Array(bytes[start...])
    }

    /// Validates without copying the text: it is checked in stretches of about 64 KiB cut just before an
    /// ASCII byte (always a character boundary, and never inside a malformed sequence), all-ASCII
    /// stretches eight bytes at a time and the others by the standard library's (vectorised) validator.
    static func isValidUTF8(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { p in
            let n = p.count
            var i = start
            while i < n {
                var j = min(i + (1 << 16), n)
                while j < n && p[j] >= 0x80 { j += 1 }
                let stretch = UnsafeBufferPointer(rebasing: p[i..<j])
                if !isASCII(stretch) && String(validating: stretch, as: UTF8.self) == nil { return false }
                i = j
            }
            return true
        }
    }

    static func isASCII(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = p.baseAddress else { return true }
        var i = 0
        var high: UInt64 = 0
        while i + 8 <= p.count {
            high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < p.count { high |= UInt64(p[i]); i += 1 }
        return high & 0x8080_8080_8080_8080 == 0
    }

    private static func latin1(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](); out.reserveCapacity(bytes.count + bytes.count / 8)
        for b in bytes {
            if b < 0x80 { out.append(b) } else { out.append(0xC0 | (b >> 6)); out.append(0x80 | (b & 0x3F)) }
        }
        return out
    }

    private static func utf16(_ bytes: [UInt8], littleEndian: Bool) -> [UInt8] {
        var units = [UInt16](); units.reserveCapacity(bytes.count / 2)
        var i = 2
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
