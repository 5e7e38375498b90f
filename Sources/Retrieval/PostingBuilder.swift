/// Postings of one term accumulated during an index run, already delta + varint encoded, so a
/// large corpus costs a few bytes per posting in memory rather than a struct each.
struct PostingBuilder {
    var docs: [UInt8] = []
    var passages: [UInt8] = []
    var lastDoc = 0
    var lastPassageDoc = 0
    var df = 0

    /// Appends term `k` of a batch whose first article is document `base` (its doc numbers are all above
    /// this builder's).
    mutating func append(_ batch: BatchPostings, term k: Int, base: Int) {
        batch.docBytes.withUnsafeBytes { PostingBuilder.append($0[batch.docRange(k)], base: base, after: lastDoc, to: &docs) }
        lastDoc = base + Int(batch.lastDoc[k])
        df += Int(batch.docCount[k])
        let passageRange = batch.passageRange(k)
        guard !passageRange.isEmpty else { return }
        batch.passageBytes.withUnsafeBytes { PostingBuilder.append($0[passageRange], base: base, after: lastPassageDoc, to: &passages) }
        lastPassageDoc = base + Int(batch.lastPassageDoc[k])
    }

    /// Copies encoded postings whose doc deltas start from batch doc 0, re-encoding the first delta: the
    /// first posting is document `base` + (its batch doc), and the previous one `last`.
    static func append(_ bytes: Slice<UnsafeRawBufferPointer>, base: Int, after last: Int, to out: inout [UInt8]) {
        let piece = UnsafeRawBufferPointer(rebasing: bytes)
        var offset = 0
        guard let first = Varint.read(piece, &offset) else { return }
        Varint.append(base + first - last, to: &out)
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[offset...]))
    }
}
