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
    static func encode(_ postings: [DocPosting]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(postings.count * 7)
        var last = 0
        for p in postings { append(p, after: &last, to: &out) }
        return out
    }

    @inline(__always)
    static func append(_ p: DocPosting, after last: inout Int, to out: inout [UInt8]) {
        Varint.append(p.doc - last, to: &out); last = p.doc
        Varint.append(p.titleTF, to: &out); Varint.append(p.headingTF, to: &out); Varint.append(p.bodyTF, to: &out)
        Varint.append(p.titleLength, to: &out); Varint.append(p.headingLength, to: &out); Varint.append(p.bodyLength, to: &out)
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
        var out: [UInt8] = []
        var last = 0
        for p in postings { append(p, after: &last, to: &out) }
        return out
    }

    @inline(__always)
    static func append(_ p: PassagePosting, after last: inout Int, to out: inout [UInt8]) {
        Varint.append(p.doc - last, to: &out); last = p.doc
        Varint.append(p.ordinal, to: &out); Varint.append(p.tf, to: &out); Varint.append(p.length, to: &out)
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
