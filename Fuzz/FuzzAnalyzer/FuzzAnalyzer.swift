// libFuzzer target: the analysis chain (tokenize, split identifiers, fold, stop words, Snowball stem).
import Analysis

let analyzer = Analyzer()
let plain = Analyzer(stemming: false)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let n = text.utf8.count
    for a in [analyzer, plain] {
        for t in a.analyze(text) {
            // Token offsets index the analysed text's UTF-8 (snippets slice with them).
            if t.term.isEmpty || t.start < 0 || t.start > t.end || t.end > n || t.position < 0 {
                fatalError("bad token \(t.term.debugDescription) position \(t.position) [\(t.start), \(t.end)) in \(n) bytes")
            }
        }
    }
    return 0
}
