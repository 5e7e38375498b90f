/// Postings of one term accumulated during an index run, already delta + varint encoded, so a
/// large corpus costs a few bytes per posting in memory rather than a struct each.
struct PostingBuilder {
    var docs: [UInt8] = []
    var passages: [UInt8] = []
    var lastDoc = 0
    var lastPassageDoc = 0
    var df = 0

    mutating func add(_ p: DocPosting) {
        PostingCodec.append(p, after: &lastDoc, to: &docs)
        df += 1
    }

    mutating func add(_ p: PassagePosting) {
        PostingCodec.append(p, after: &lastPassageDoc, to: &passages)
    }
}
