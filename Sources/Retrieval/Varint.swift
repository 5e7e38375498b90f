/// LEB128 variable-length integers: the posting lists' encoding (small deltas take one byte).
enum Varint {
    @inline(__always)
    static func append(_ value: Int, to out: inout [UInt8]) {
        var v = UInt64(truncatingIfNeeded: value)
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// Reads one value at `offset` and advances it; returns nil on truncated input.
    @inline(__always)
    static func read(_ bytes: UnsafeRawBufferPointer, _ offset: inout Int) -> Int? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            let b = bytes[offset]
            offset += 1
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return Int(truncatingIfNeeded: result) }
            shift += 7
            if shift > 63 { return nil }
        }
        return nil
    }

    /// Writes `value` at `buffer[offset...]` (at most five bytes) and advances `offset`.
    @inline(__always)
    static func put(_ value: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: inout Int) {
        var v = value
        while v >= 0x80 {
            buffer[offset] = UInt8(truncatingIfNeeded: v) | 0x80
            offset += 1
            v >>= 7
        }
        buffer[offset] = UInt8(v)
        offset += 1
    }
}
