/// One article's statistics for one term: field frequencies plus field lengths, so scoring never
/// needs a per-document table (a query reads only its own terms' rows).
public struct DocPosting: Sendable, Equatable {
    public var doc: Int
    public var titleTF: Int, headingTF: Int, bodyTF: Int
    public var titleLength: Int, headingLength: Int, bodyLength: Int
}

/// One passage's statistics for one term.
public struct PassagePosting: Sendable, Equatable {
    public var doc: Int
    public var ordinal: Int
    public var tf: Int
    public var length: Int
}

/// Delta + varint codec for both posting kinds. Documents are kept in ascending `doc` order.
enum PostingCodec {
    /// The most bytes one posting takes: every number fits in 32 bits, so in five varint bytes.
    static let maxDocBytes = 35, maxPassageBytes = 20

    static func encode(_ postings: [DocPosting]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: postings.count * maxDocBytes) { buffer, count in
            var last = 0
            for p in postings { put(p, after: last, into: buffer, at: &count); last = p.doc }
        }
    }

    /// Writes one document posting, its doc number as the gap from `last` (the previous posting's doc
    /// in the same list, 0 for the first).
    @inline(__always)
    static func put(_ p: DocPosting, after last: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
        Varint.put(UInt32(p.doc - last), into: buffer, at: &count)
        Varint.put(UInt32(p.titleTF), into: buffer, at: &count)
        Varint.put(UInt32(p.headingTF), into: buffer, at: &count)
        Varint.put(UInt32(p.bodyTF), into: buffer, at: &count)
        Varint.put(UInt32(p.titleLength), into: buffer, at: &count)
        Varint.put(UInt32(p.headingLength), into: buffer, at: &count)
        Varint.put(UInt32(p.bodyLength), into: buffer, at: &count)
    }

    static func decodeDocs(_ bytes: UnsafeRawBufferPointer, _ body: (DocPosting) -> Void) {
        var o = 0, doc = 0
        while o < bytes.count {
            guard let d = Varint.read(bytes, &o), let t = Varint.read(bytes, &o), let h = Varint.read(bytes, &o),
                  let b = Varint.read(bytes, &o), let lt = Varint.read(bytes, &o), let lh = Varint.read(bytes, &o),
                  let lb = Varint.read(bytes, &o) else { return }
            doc += d
            body(DocPosting(doc: doc, titleTF: t, headingTF: h, bodyTF: b, titleLength: lt, headingLength: lh, bodyLength: lb))
        }
    }

    static func decodeDocs(_ bytes: [UInt8]) -> [DocPosting] {
        var out: [DocPosting] = []
        bytes.withUnsafeBytes { decodeDocs($0) { out.append($0) } }
        return out
    }

    static func encode(_ postings: [PassagePosting]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: postings.count * maxPassageBytes) { buffer, count in
            var last = 0
            for p in postings { put(p, after: last, into: buffer, at: &count); last = p.doc }
        }
    }

    @inline(__always)
    static func put(_ p: PassagePosting, after last: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
        Varint.put(UInt32(p.doc - last), into: buffer, at: &count)
        Varint.put(UInt32(p.ordinal), into: buffer, at: &count)
        Varint.put(UInt32(p.tf), into: buffer, at: &count)
        Varint.put(UInt32(p.length), into: buffer, at: &count)
    }

    static func decodePassages(_ bytes: UnsafeRawBufferPointer, _ body: (PassagePosting) -> Void) {
        var o = 0, doc = 0
        while o < bytes.count {
            guard let d = Varint.read(bytes, &o), let ord = Varint.read(bytes, &o), let tf = Varint.read(bytes, &o),
                  let len = Varint.read(bytes, &o) else { return }
            doc += d
            body(PassagePosting(doc: doc, ordinal: ord, tf: tf, length: len))
        }
    }

    static func decodePassages(_ bytes: [UInt8]) -> [PassagePosting] {
        var out: [PassagePosting] = []
        bytes.withUnsafeBytes { decodePassages($0) { out.append($0) } }
        return out
    }
}
