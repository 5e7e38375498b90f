// libFuzzer target: HTMLText.blocks(fromHTML:) and Sentences.split on arbitrary text.
import Corpus

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let (blocks, links) = HTMLText.blocks(fromHTML: text)
    for b in blocks {
        for s in Sentences.split(b.text) where s.isEmpty { fatalError("Sentences.split returned an empty sentence") }
    }
    for l in links { _ = l.text.utf8.count + l.url.utf8.count }
    for s in Sentences.split(text) where s.isEmpty { fatalError("Sentences.split returned an empty sentence") }
    return 0
}
