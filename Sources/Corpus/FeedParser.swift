/// Parses RSS 2.0 (and RSS 1.0) items and Atom 1.0 entries with the tolerant tokenizer.
///
/// Streams tokens once; a field's content is located by byte range (start tag end → matching end tag)
/// and decoded afterwards, so CDATA, escaped HTML and inline XHTML are all handled the same way.
struct FeedParser {
    let source: String
    private var items: [Article] = []
    private var warnings: [String] = []
    private var feedTitle: String?
    private var names: [String] = []          // open elements outside items, bounded, for parent checks
    private var item: ItemFields?
    private var capture: (name: String, attrs: [(name: String, value: String)], from: Int, nesting: Int)?

    /// What has been read of the current item/entry so far.
    private struct ItemFields {
        var line: Int
        var title: String?, link: String?, altLink: String?, id: String?, author: String?
        var date: String?, updated: String?, content: (ByteRange, String)?, summary: (ByteRange, String)?
    }
    typealias ByteRange = Range<Int>

    init(source: String) { self.source = source }

    static func parse(_ bytes: [UInt8], source: String, format: SourceFormat) throws(CorpusError) -> ParsedFile {
        var parser = FeedParser(source: source)
        let truncated = bytes.withUnsafeBufferPointer { parser.run($0) }
        if truncated { parser.warnings.append("file ends inside an unfinished \(format == .atom ? "entry" : "item"); it was dropped") }
        if parser.items.isEmpty {
            throw .unparseable(truncated ? "truncated \(format == .atom ? "Atom" : "RSS") feed with no complete item"
                                         : "\(format == .atom ? "Atom" : "RSS") feed with no items")
        }
        return ParsedFile(format: format, articles: parser.items, warnings: parser.warnings)
    }

    /// Returns true when input ended inside an item.
    private mutating func run(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        var tk = MarkupTokenizer(p, html: false)
        while let t = tk.next() {
            if var c = capture {
                switch t {
                case .start(let name, _, let selfClosing, _, _) where name == c.name && !selfClosing: c.nesting += 1; capture = c
                case .end(let name, _, let range) where name == c.name:
                    c.nesting -= 1
                    capture = c.nesting == 0 ? nil : c
                    if c.nesting == 0 { field(c.name, c.attrs, c.from ..< range.lowerBound, p) }
                default: break
                }
                continue
            }
            switch t {
            case .start(let name, let attrs, let selfClosing, let line, let range):
                if name == "item" || name == "entry" {
                    if !selfClosing { item = ItemFields(line: line) }
                } else if item != nil || (name == "title" && feedTitle == nil && ["channel", "feed"].contains(names.last ?? "")) {
                    if name == "link", let href = attrs.first(where: { $0.name == "href" })?.value {
                        linkAttr(attrs, href)
                    } else if !selfClosing && Self.fields.contains(name) {
                        capture = (name, attrs, range.upperBound, 1)
                    }
                } else if !selfClosing && names.count < 512 { names.append(name) }
            case .end(let name, _, _):
                if name == "item" || name == "entry" { finishItem(p) }
                else if item == nil, let i = names.lastIndex(of: name) { names.removeSubrange(i...) }
            default: break
            }
        }
        return item != nil
    }

    static let fields: Set<String> = ["title", "link", "guid", "id", "dc:creator", "author", "pubdate", "dc:date",
                                      "published", "updated", "content:encoded", "content", "description", "summary"]

    private mutating func linkAttr(_ attrs: [(name: String, value: String)], _ href: String) {
        let rel = attrs.first(where: { $0.name == "rel" })?.value ?? "alternate"
        if rel == "alternate" { if item?.link == nil { item?.link = href } } else if item?.altLink == nil { item?.altLink = href }
    }

    private mutating func field(_ name: String, _ attrs: [(name: String, value: String)], _ r: ByteRange,
                                _ p: UnsafeBufferPointer<UInt8>) {
        let type = attrs.first(where: { $0.name == "type" })?.value.lowercased() ?? ""
        guard item != nil else {
            if name == "title" { feedTitle = Self.inlineText(Self.text(p, r), html: type == "html") }
            return
        }
        switch name {
        case "title": item!.title = item!.title ?? Self.inlineText(Self.text(p, r), html: type.contains("html"))
        case "link": item!.link = item!.link ?? TextClean.collapse(Self.text(p, r))
        case "guid", "id": item!.id = item!.id ?? TextClean.collapse(Self.text(p, r))
        case "dc:creator", "author":
            let named = Self.childText(p, r, "name") ?? Self.text(p, r)
            item!.author = item!.author ?? TextClean.collapse(named)
        case "pubdate", "published", "dc:date": item!.date = item!.date ?? DateText.iso8601(Self.text(p, r))
        case "updated": item!.updated = item!.updated ?? DateText.iso8601(Self.text(p, r))
        case "content:encoded", "content": if item!.content == nil { item!.content = (r, type) }
        case "description", "summary": if item!.summary == nil { item!.summary = (r, type) }
        default: break
        }
    }

    private mutating func finishItem(_ p: UnsafeBufferPointer<UInt8>) {
        guard let f = item else { return }
        item = nil
        let body = f.content ?? f.summary
        var blocks: [Block] = [], links: [Link] = []
        if let (r, type) = body {
            let parsed = Self.bodyBlocks(p, r, type: type)
            blocks = parsed.blocks; links = parsed.links
            for w in parsed.warnings where !warnings.contains(w) { warnings.append(w) }
        }
        let url = f.link.flatMap { $0.isEmpty ? nil : $0 } ?? f.altLink.map { TextClean.collapse($0) }
        let id = [f.id, url].compactMap { $0 }.first(where: { !$0.isEmpty }) ?? "\(source):\(f.line)"
        let title = f.title.flatMap { $0.isEmpty ? nil : $0 } ?? Titles.fromBlocks(blocks) ?? "Untitled (\(source):\(f.line))"
        items.append(Article(id: TextClean.collapse(id), title: title, url: url, author: f.author.flatMap { $0.isEmpty ? nil : $0 },
                             date: f.date ?? f.updated, feed: feedTitle, source: source, line: f.line,
                             blocks: blocks, links: links))
    }

    /// Body blocks: inline XHTML as is, `type="text"` as plain paragraphs, else (escaped or CDATA) HTML.
    private static func bodyBlocks(_ p: UnsafeBufferPointer<UInt8>, _ r: ByteRange, type: String)
        -> (blocks: [Block], links: [Link], warnings: [String]) {
        if type == "xhtml" { return HTMLText.parse(Array(p[r])) }
        let decoded = text(p, r)
        if type == "text" { return (PlainTextParser.paragraphs(decoded), [], []) }
        return HTMLText.parse(Array(decoded.utf8))
    }

    /// Character data of `r` with tags dropped: text decoded once, CDATA literal.
    static func text(_ p: UnsafeBufferPointer<UInt8>, _ r: ByteRange) -> String {
        var out = [UInt8]()
        var tk = MarkupTokenizer(UnsafeBufferPointer(rebasing: p[r]), html: false)
        let base = UnsafeBufferPointer(rebasing: p[r])
        while let t = tk.next() {
            switch t {
            case .text(let tr): Entities.decode(base, tr, into: &out)
            case .cdata(let cr): out.append(contentsOf: base[cr])
            default: break
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Text of the first `<child>` inside `r` (Atom `author/name`).
    static func childText(_ p: UnsafeBufferPointer<UInt8>, _ r: ByteRange, _ child: String) -> String? {
        let base = UnsafeBufferPointer(rebasing: p[r])
        var tk = MarkupTokenizer(base, html: false)
        var from: Int?
        while let t = tk.next() {
            if case .start(let n, _, false, _, let range) = t, n == child, from == nil { from = range.upperBound }
            if case .end(let n, _, let range) = t, n == child, let f = from { return text(base, f ..< range.lowerBound) }
        }
        return nil
    }

    /// A title-like string; `html` titles (or ones still carrying entities) get their markup removed.
    static func inlineText(_ s: String, html: Bool) -> String {
        if html || s.contains("&") || s.contains("</") {
            return TextClean.collapse(HTMLText.parse(Array(s.utf8)).blocks.map(\.text).joined(separator: " "))
        }
        return TextClean.collapse(s)
    }
}
