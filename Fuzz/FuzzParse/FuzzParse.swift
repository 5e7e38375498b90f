// libFuzzer target: ArticleParser.parse on raw bytes (decoding, format detection, every parser).
// Built only with LORE_FUZZ=1 by scripts/fuzz.sh; libFuzzer supplies `main`.
import Corpus

/// Source names the parser may see; chosen by input length so the bytes reach the parser unchanged.
/// (A name with control characters is left out: JSON Lines ids are built from it unsanitised — see
/// Tests/CorpusTests/FuzzRegressionTests.swift — and it would stop every run at once.)
let sources = ["feed.xml", "page.html", "notes.md", "dump.txt", "records.jsonl", "data.json",
               "", "dir/sub/ünïcode name.txt", "a very long name " + String(repeating: "x", count: 300) + ".txt"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let source = sources[size % sources.count]
    do throws(CorpusError) {
        let parsed = try ArticleParser.parse(bytes, source: source)
        for a in parsed.articles { checkSanitized(a) }
    } catch {
        _ = error.description
    }
    return 0
}

/// ArticleParser's documented guarantee: no control character (terminal escape) survives in any field;
/// collapsed fields carry no line breaks; titles are never empty.
func checkSanitized(_ a: Article) {
    func isControl(_ u: Unicode.Scalar, allowing allowed: Set<UInt32> = []) -> Bool {
        let v = u.value
        return (v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)) && !allowed.contains(v)
    }
    func check(_ s: String?, _ field: String, allowing allowed: Set<UInt32> = []) {
        guard let s else { return }
        if let bad = s.unicodeScalars.first(where: { isControl($0, allowing: allowed) }) {
            fatalError("control character U+\(String(bad.value, radix: 16)) survived in \(field): \(s.debugDescription)")
        }
    }
    check(a.id, "id"); check(a.title, "title"); check(a.url, "url"); check(a.author, "author")
    check(a.date, "date"); check(a.feed, "feed")
    if a.title.isEmpty { fatalError("empty title") }
    for b in a.blocks {
        if case .code = b.kind { check(b.text, "code block", allowing: [0x09, 0x0A]) } else { check(b.text, "block") }
        if b.text.isEmpty { fatalError("empty block") }
    }
    for l in a.links { check(l.text, "link text"); check(l.url, "link url") }
}
