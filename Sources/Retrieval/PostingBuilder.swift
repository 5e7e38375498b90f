#if canImport(Glibc)
import Glibc
#endif

/// The postings of an index run, term by term, merged from the workers' batches in doc order.
struct PostingTable {
    /// Terms by number, and numbers by term.
    var terms: [String] = []
    var ids: [String: Int32] = [:]
    var builders: [PostingBuilder] = []
    var lists = ByteLists()
    /// Per worker: the terms of its vocabulary ids, and their numbers here (-1 until first seen).
    var names: [[String]], numbers: [[Int32]]

    init(workers: Int) {
        names = Array(repeating: [], count: workers)
        numbers = Array(repeating: [], count: workers)
    }

    mutating func deallocate() { lists.deallocate() }

    /// Appends a batch analysed by `worker` whose first article is document `base`.
    mutating func add(_ batch: AnalyzedBatch, from worker: Int, base: Int) {
        names[worker] += batch.newTerms
        var map = numbers[worker]
        numbers[worker] = []
        if map.count < names[worker].count { map += repeatElement(-1, count: names[worker].count - map.count) }
        let postings = batch.postings
        for id in postings.ids where map[Int(id)] < 0 {
            let term = names[worker][Int(id)]
            if let known = ids[term] { map[Int(id)] = known; continue }
            map[Int(id)] = Int32(terms.count)
            ids[term] = Int32(terms.count)
            terms.append(term)
            builders.append(PostingBuilder())
            _ = lists.add(); _ = lists.add()
        }
        numbers[worker] = map
        postings.docBytes.withUnsafeBufferPointer { docs in
            postings.passageBytes.withUnsafeBufferPointer { passages in
                for t in postings.ids.indices {
                    let g = Int(map[Int(postings.ids[t])])
                    builders[g].append(docs: UnsafeBufferPointer(rebasing: docs[postings.docRange(t)]),
                                       count: Int(postings.docCount[t]), lastDoc: Int(postings.lastDoc[t]),
                                       passages: UnsafeBufferPointer(rebasing: passages[postings.passageRange(t)]),
                                       lastPassageDoc: Int(postings.lastPassageDoc[t]), base: base, to: &lists, as: g)
                }
            }
        }
    }

    /// The encoded postings of term `g`.
    func postings(of g: Int, docs: inout [UInt8], passages: inout [UInt8]) {
        docs.removeAll(keepingCapacity: true)
        lists.append(2 * g, to: &docs)
        passages.removeAll(keepingCapacity: true)
        lists.append(2 * g + 1, to: &passages)
    }

    /// The names and encoded postings of `terms`, laid end to end.
    func gather(_ terms: ArraySlice<Int>) -> TermRun {
        var run = TermRun(terms: Array(terms))
        for g in terms {
            let name = run.bytes.count
            run.bytes.append(contentsOf: self.terms[g].utf8)
            run.names.append(name..<run.bytes.count)
            let start = run.bytes.count
            lists.append(2 * g, to: &run.bytes)
            let middle = run.bytes.count
            lists.append(2 * g + 1, to: &run.bytes)
            run.docs.append(start..<middle)
            run.passages.append(middle..<run.bytes.count)
        }
        return run
    }
}

/// A run of terms for writing: term `terms[k]` is named `bytes[names[k]]` and has postings
/// `bytes[docs[k]]` and `bytes[passages[k]]`.
struct TermRun {
    var terms: [Int]
    var bytes: [UInt8] = []
    var names: [Range<Int>] = [], docs: [Range<Int>] = [], passages: [Range<Int>] = []
}

/// Postings of one term accumulated during an index run, already delta + varint encoded, so a
/// large corpus costs a few bytes per posting in memory rather than a struct each. The bytes live in
/// a `ByteLists` (docs in list `2 * term`, passages in list `2 * term + 1`).
struct PostingBuilder {
    var lastDoc = 0
    var lastPassageDoc = 0
    var df = 0

    /// Appends one term's postings from a batch whose first article is document `base` (its doc numbers
    /// are all above this builder's), as term `term` of `lists`: `docs` (`count` of them, the last for batch
    /// doc `lastDoc`) and `passages` (maybe none, the last for batch doc `lastPassageDoc`).
    mutating func append(docs: UnsafeBufferPointer<UInt8>, count: Int, lastDoc: Int,
                         passages: UnsafeBufferPointer<UInt8>, lastPassageDoc: Int,
                         base: Int, to lists: inout ByteLists, as term: Int) {
        PostingBuilder.append(docs, base: base, after: self.lastDoc, to: &lists, list: 2 * term)
        self.lastDoc = base + lastDoc
        df += count
        guard !passages.isEmpty else { return }
        PostingBuilder.append(passages, base: base, after: self.lastPassageDoc, to: &lists, list: 2 * term + 1)
        self.lastPassageDoc = base + lastPassageDoc
    }

    /// Copies encoded postings whose doc deltas start from batch doc 0, re-encoding the first delta: the
    /// first posting is document `base` + (its batch doc), and the previous one `last`.
    static func append(_ piece: UnsafeBufferPointer<UInt8>, base: Int, after last: Int, to lists: inout ByteLists, list: Int) {
        var offset = 0
        guard let first = Varint.read(UnsafeRawBufferPointer(piece), &offset) else { return }
        lists.append(list, varint: base + first - last, then: UnsafeBufferPointer(rebasing: piece[offset...]))
    }
}

/// Many growable byte lists in a few large blocks: each list is a chain of chunks that double in size
/// (16 bytes up to 32 KiB), each ending with the address of the next. Appending is a copy into the
/// last chunk, with no allocation for most appends; `bytes(of:)` gathers a list. A value type (so that
/// its arrays are not checked for exclusive access at run time) whose owner calls `deallocate()`.
struct ByteLists {
    static let blockSize = 1 << 22, firstChunk = 16, largestChunk = 1 << 15
    /// An address is block << 22 + offset.
    private var blocks: [UnsafeMutablePointer<UInt8>] = []
    private var used = blockSize
    struct List {
        /// Addresses of the first and last chunk (-1 before the first byte).
        var first = -1, last = -1
        /// Bytes used and available in the last chunk.
        var fill: UInt32 = 0, capacity: UInt32 = 0
    }
    private var lists: [List] = []

    mutating func deallocate() {
        for b in blocks { b.deallocate() }
        blocks = []
    }

    var count: Int { lists.count }

    /// Adds an empty list; returns its number.
    mutating func add() -> Int {
        lists.append(List())
        return lists.count - 1
    }

    @inline(__always) private func pointer(_ address: Int) -> UnsafeMutablePointer<UInt8> {
        blocks[address >> 22] + (address & (ByteLists.blockSize - 1))
    }

    /// Appends `value` as a varint, then `bytes`.
    mutating func append(_ list: Int, varint value: Int, then bytes: UnsafeBufferPointer<UInt8>) {
        var encoded: UInt64 = 0, length = 0
        var v = UInt64(truncatingIfNeeded: value)
        while v >= 0x80 { encoded |= UInt64(UInt8(truncatingIfNeeded: v) | 0x80) << (8 * length); v >>= 7; length += 1 }
        encoded |= v << (8 * length); length += 1
        if length <= 8, length + bytes.count <= Int(lists[list].capacity - lists[list].fill) {
            // The common case: both fit in the last chunk.
            let at = pointer(lists[list].last) + Int(lists[list].fill)
            withUnsafeBytes(of: encoded.littleEndian) { at.update(from: $0.bindMemory(to: UInt8.self).baseAddress!, count: length) }
            if !bytes.isEmpty { (at + length).update(from: bytes.baseAddress!, count: bytes.count) }
            lists[list].fill += UInt32(length + bytes.count)
            return
        }
        if length > 8 {   // a negative delta (impossible: docs ascend) or one above 2^56
            var head: [UInt8] = []
            Varint.append(value, to: &head)
            head.withUnsafeBufferPointer { append(list, $0) }
        } else {
            withUnsafeBytes(of: encoded.littleEndian) { append(list, UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[0..<length])) }
        }
        append(list, bytes)
    }

    /// A new chunk holding `size` bytes (plus the address of the next).
    private mutating func allocate(_ size: Int) -> Int {
        if used + size + 8 > ByteLists.blockSize {
            blocks.append(UnsafeMutablePointer<UInt8>.allocate(capacity: ByteLists.blockSize))
            used = 0
        }
        defer { used += size + 8 }
        return (blocks.count - 1) << 22 + used
    }

    mutating func append(_ list: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        var source = bytes.baseAddress, remaining = bytes.count
        while remaining > 0 {
            var l = lists[list]
            if l.fill == l.capacity {
                let size = l.last < 0 ? ByteLists.firstChunk : min(2 * Int(l.capacity), ByteLists.largestChunk)
                let chunk = allocate(size)
                if l.last < 0 { l.first = chunk } else {
                    UnsafeMutableRawPointer(pointer(l.last) + Int(l.capacity)).storeBytes(of: chunk, as: Int.self)
                }
                l.last = chunk; l.fill = 0; l.capacity = UInt32(size)
            }
            let n = min(Int(l.capacity - l.fill), remaining)
            (pointer(l.last) + Int(l.fill)).update(from: source!, count: n)
            l.fill += UInt32(n)
            lists[list] = l
            source! += n
            remaining -= n
        }
    }

    /// Appends the bytes of a list to `out`, in order.
    func append(_ list: Int, to out: inout [UInt8]) {
        let l = lists[list]
        var chunk = l.first, size = ByteLists.firstChunk
        while chunk >= 0 {
            let isLast = chunk == l.last
            let n = isLast ? Int(l.fill) : size
            out.append(contentsOf: UnsafeBufferPointer(start: pointer(chunk), count: n))
            if isLast { break }
            chunk = UnsafeRawPointer(pointer(chunk) + size).loadUnaligned(as: Int.self)
            size = min(2 * size, ByteLists.largestChunk)
        }
    }
}
