/// One lexical unit of XML or HTML.
enum MarkupToken {
    /// `range` spans the whole tag, `<` to `>`.
    case start(name: String, attributes: [(name: String, value: String)], selfClosing: Bool, line: Int, range: Range<Int>)
    case end(name: String, line: Int, range: Range<Int>)
    /// Raw character data; decode with `Entities.decode`.
    case text(Range<Int>)
    /// CDATA content, taken literally.
    case cdata(Range<Int>)
}

/// A tolerant, non-recursive XML/HTML tokenizer over UTF-8 bytes.
///
/// It never expands DTD entities (the DOCTYPE, internal subset included, is skipped whole), never
/// rescans input (every byte is examined a bounded number of times, so malformed input stays linear)
/// and lowercases names so that `pubDate` and `PUBDATE` compare equal.
struct MarkupTokenizer {
    let p: UnsafeBufferPointer<UInt8>
    private(set) var pos = 0
    private var lineCursor = 0
    private var lineNumber = 1
    /// In HTML, the content of these elements is raw text up to the matching end tag.
    var rawTextElements: Set<String> = ["script", "style", "textarea", "xmp", "title", "noscript", "iframe", "plaintext"]
    private var pendingRawEnd: String?
    private let html: Bool

    init(_ p: UnsafeBufferPointer<UInt8>, html: Bool) {
        self.p = p
        self.html = html
        if !html { rawTextElements = [] }
    }

    /// The 1-based LF-counted line of byte offset `offset`; offsets must not decrease between calls.
    mutating func line(at offset: Int) -> Int {
        while lineCursor < offset && lineCursor < p.count {
            if p[lineCursor] == 0x0A { lineNumber += 1 }
            lineCursor += 1
        }
        return lineNumber
    }

    mutating func next() -> MarkupToken? {
        let n = p.count
        if let raw = pendingRawEnd {
            pendingRawEnd = nil
            let start = pos
            let close = findRawEnd(raw, from: pos)
            pos = close
            if close > start { return .text(start ..< close) }
        }
        while pos < n {
            let start = pos
            if p[pos] != 0x3C {   // text up to the next '<'
                while pos < n && p[pos] != 0x3C { pos += 1 }
                return .text(start ..< pos)
            }
            guard pos + 1 < n else { pos = n; return .text(start ..< n) }
            let c = p[pos + 1]
            if c == 0x21 {   // '!'
                if hasPrefix("<!--", at: pos) { pos = find("-->", from: pos + 4).map { $0 + 3 } ?? n; continue }
                if hasPrefix("<![CDATA[", at: pos) {
                    let body = pos + 9
                    let close = find("]]>", from: body) ?? n
                    pos = min(n, close + 3)
                    return .cdata(body ..< close)
                }
                skipDeclaration(); continue   // DOCTYPE, ENTITY…: ignored entirely, never expanded.
            }
            if c == 0x3F { pos = find("?>", from: pos + 2).map { $0 + 2 } ?? n; continue }
            if c == 0x2F {   // end tag
                var i = pos + 2
                let nameStart = i
                while i < n && isNameByte(p[i]) { i += 1 }
                if i == nameStart || (html && !Self.isElementName(p, nameStart ..< i)) { pos += 1; return .text(start ..< pos) }
                let name = lowerName(nameStart ..< i)
                while i < n && p[i] != 0x3E { i += 1 }
                pos = min(n, i + 1)
                return .end(name: name, line: line(at: start), range: start ..< pos)
            }
            guard isNameStart(c), !html || Self.isElementName(p, pos + 1 ..< nameEnd(from: pos + 1)) else {
                pos += 1; return .text(start ..< pos)
            }
            return startTag()
        }
        return nil
    }

    private mutating func startTag() -> MarkupToken {
        let n = p.count
        let start = pos
        var i = pos + 1
        let nameStart = i
        while i < n && isNameByte(p[i]) { i += 1 }
        let name = lowerName(nameStart ..< i)
        var attrs: [(name: String, value: String)] = []
        var selfClosing = false
        while i < n {
            while i < n && (p[i] <= 0x20 || p[i] == 0x2F) { if p[i] == 0x2F { selfClosing = true }; i += 1 }
            if i >= n || p[i] == 0x3E { break }
            selfClosing = false
            let an = i
            while i < n && p[i] > 0x20 && p[i] != 0x3E && p[i] != 0x3D && p[i] != 0x2F { i += 1 }
            let attrName = lowerName(an ..< max(i, an + 1))
            if i == an { i += 1; continue }
            var value = ""
            var j = i
            while j < n && p[j] <= 0x20 { j += 1 }
            if j < n && p[j] == 0x3D {
                j += 1
                while j < n && p[j] <= 0x20 { j += 1 }
                if j < n && (p[j] == 0x22 || p[j] == 0x27) {
                    let q = p[j]
                    let vs = j + 1
                    var k = vs
                    while k < n && p[k] != q { k += 1 }
                    value = decoded(vs ..< k)
                    i = min(n, k + 1)
                } else {
                    let vs = j
                    while j < n && p[j] > 0x20 && p[j] != 0x3E { j += 1 }
                    value = decoded(vs ..< j)
                    i = j
                }
            }
            if attrs.count < 64 { attrs.append((attrName, value)) }
        }
        pos = min(n, i + 1)
        if !selfClosing && rawTextElements.contains(name) { pendingRawEnd = name }
        return .start(name: name, attributes: attrs, selfClosing: selfClosing, line: line(at: start), range: start ..< pos)
    }

    /// Offset of `</name` (case-insensitive) at or after `from`, or the end of input.
    private func findRawEnd(_ name: String, from: Int) -> Int {
        let nameBytes = Array(name.utf8)
        var i = from
        while let lt = indexOf(0x3C, from: i) {
            if lt + 1 < p.count, p[lt + 1] == 0x2F, lt + 2 + nameBytes.count <= p.count {
                var ok = true
                for (k, b) in nameBytes.enumerated() where p[lt + 2 + k] | 0x20 != b { ok = false; break }
                if ok { return lt }
            }
            i = lt + 1
        }
        return p.count
    }

    private mutating func skipDeclaration() {
        // Skips `<!…>`, including a DOCTYPE internal subset `[…]` and quoted strings inside it.
        var i = pos + 2
        var depth = 0
        var quote: UInt8 = 0
        while i < p.count {
            let b = p[i]
            if quote != 0 { if b == quote { quote = 0 } }
            else if b == 0x22 || b == 0x27 { quote = b }
            else if b == 0x5B { depth += 1 }
            else if b == 0x5D { depth = max(0, depth - 1) }
            else if b == 0x3E && depth == 0 { break }
            i += 1
        }
        pos = min(p.count, i + 1)
    }

    private func decoded(_ r: Range<Int>) -> String {
        var out = [UInt8]()
        Entities.decode(p, r, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func lowerName(_ r: Range<Int>) -> String {
        var bytes = [UInt8](UnsafeBufferPointer(rebasing: p[r]))
        for k in bytes.indices where bytes[k] >= 0x41 && bytes[k] <= 0x5A { bytes[k] |= 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func isNameStart(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F || b >= 0x80 }
    private func isNameByte(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x3A || b == 0x2D || b == 0x2E
    }

    /// The end of the name that starts at `from`.
    private func nameEnd(from: Int) -> Int {
        var i = from
        while i < p.count && isNameByte(p[i]) { i += 1 }
        return i
    }

    /// Whether the name in `r`, as written, can name an element in HTML: one of HTML's, SVG's or MathML's own, or
    /// a custom or namespaced one (it holds `-` or `:`). Code that lost its `&lt;` is no element
    /// (`for i in 0..<names.count {`, `Task<Never, Never>`, `Array<T>`), and its `<` is text: else the "tag" would
    /// run on to the next `>` and swallow the code and the prose after it. A capitalised name (`Optional<Data>`)
    /// is a type, not the element `data`; HTML's tags are written in one case.
    static func isElementName(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard !r.isEmpty, r.count <= 16 else { return !r.isEmpty && p[r].contains(0x2D) && !p[r].contains(0x2E) }
        var lower = [UInt8]()
        lower.reserveCapacity(r.count)
        var hasUpper = false, hasLower = false
        for (k, b) in p[r].enumerated() {
            if b >= 0x80 { break }   // a tag cut short ("<pre…") is read as the element it began
            if b == 0x2E { return false }
            if b == 0x2D || b == 0x3A { return true }
            let upper = b >= 0x41 && b <= 0x5A
            if upper { hasUpper = true } else if b >= 0x61 && b <= 0x7A, k > 0 { hasLower = true }
            lower.append(upper ? b | 0x20 : b)
        }
        let first = p[r.lowerBound]
        if first >= 0x41 && first <= 0x5A && hasLower && hasUpper { return false }
        return elementNames.contains(String(decoding: lower, as: UTF8.self))
    }

    /// The elements of HTML (current and obsolete), SVG and MathML, lowercased.
    static let elementNames: Set<String> = Set("""
        a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink blockquote
        body br button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div
        dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header
        hgroup hr html i iframe image img input ins isindex kbd keygen label legend li link listing main map mark
        marquee menu menuitem meta meter multicol nav nobr noembed noframes noscript object ol optgroup option output
        p param picture plaintext portal pre progress q rb rp rt rtc ruby s samp script search section select slot
        small source spacer span strike strong style sub summary sup table tbody td template textarea tfoot th
        thead time title tr track tt u ul var video wbr xmp
        svg g path rect circle ellipse line polyline polygon text tspan textpath defs use symbol marker mask
        pattern clippath lineargradient radialgradient stop filter foreignobject desc metadata view switch
        feblend fecolormatrix fecomposite fegaussianblur feoffset feflood femerge femergenode feimage feturbulence
        animate animatetransform animatemotion set
        math mi mn mo ms mtext mrow msup msub msubsup mfrac msqrt mroot mtable mtr mtd mspace mstyle semantics
        annotation mover munder munderover mpadded mphantom menclose
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    private func indexOf(_ b: UInt8, from: Int) -> Int? {
        var i = from
        while i < p.count { if p[i] == b { return i }; i += 1 }
        return nil
    }

    func hasPrefix(_ s: StaticString, at i: Int) -> Bool {
        let len = s.utf8CodeUnitCount
        guard i + len <= p.count else { return false }
        let sp = s.utf8Start
        for k in 0 ..< len where p[i + k] | (sp[k] >= 0x41 && sp[k] <= 0x5A ? 0x20 : 0) != sp[k] | (sp[k] >= 0x41 && sp[k] <= 0x5A ? 0x20 : 0) { return false }
        return true
    }

    func find(_ s: StaticString, from: Int) -> Int? {
        let first = s.utf8Start[0]
        var i = from
        while let j = indexOf(first, from: i) {
            if hasPrefix(s, at: j) { return j }
            i = j + 1
        }
        return nil
    }
}
