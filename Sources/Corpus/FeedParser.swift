/// Parses RSS 0.9x/1.0 (RDF)/2.0 items and Atom 0.3/1.0 entries with the tolerant tokenizer: Dublin Core,
/// `content:`, iTunes and Media RSS fallbacks, `mode="base64"`, inline XHTML, `xml:base` for links.
///
/// Streams tokens once; a field's content is located by byte range (start tag end → matching end tag)
/// and decoded afterwards, so CDATA, escaped HTML and inline XHTML are all handled the same way.
struct FeedParser {
    let source: String
    private var items: [Article] = []
    private var warnings: [String] = []
    private var feedTitle: String?
    /// `xml:base` of the feed's root element or channel, for the items' relative links.
    private var feedBase: String?
    private var names: [String] = []          // open elements outside items, bounded, for parent checks
    private var item: ItemFields?
    private var capture: (name: String, attrs: [(name: String, value: String)], from: Int, nesting: Int)?

    /// What has been read of the current item/entry so far.
    private struct ItemFields {
        var line: Int
        var title: String?, link: String?, altLink: String?, id: String?, author: String?
        var tags: [String] = []
        var date: String?, updated: String?, content: Body?, summary: Body?
        /// The rank of the element `date` came from (`published` 0, `issued`/`dc:date` 1, `created` 2).
        var dateRank = Int.max
        /// Used only when the item has no better: `media:title`, a permalink `guid`, `rdf:about`.
        var mediaTitle: String?, guidLink: String?, about: String?
        var base: String?
    }
    typealias ByteRange = Range<Int>
    /// A body element's byte range and how its content is written (`type`, base64 `mode`).
    struct Body { var range: ByteRange; var type: String; var base64: Bool }

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
                    if !selfClosing { item = newItem(attrs, line: line) }
                } else if item != nil || (name == "title" && feedTitle == nil && ["channel", "feed"].contains(names.last ?? "")) {
                    if name == "link", let href = attrs.first(where: { $0.name == "href" })?.value {
                        linkAttr(attrs, href)
                    } else if name == "category", item != nil, let term = Self.attr(attrs, "label") ?? Self.attr(attrs, "term") {
                        item!.tags.append(term)   // Atom: the category is its attributes
                    } else if !selfClosing && Self.fields.contains(name) {
                        capture = (name, attrs, range.upperBound, 1)
                    }
                } else {
                    if feedBase == nil, let b = Self.attr(attrs, "xml:base") { feedBase = b }
                    if !selfClosing && names.count < 512 { names.append(name) }
                }
            case .end(let name, _, _):
                if name == "item" || name == "entry" { finishItem(p) }
                else if item == nil, let i = names.lastIndex(of: name) { names.removeSubrange(i...) }
            default: break
            }
        }
        return item != nil
    }

    static let fields: Set<String> = [
        "title", "dc:title", "media:title", "link", "guid", "id", "dc:creator", "dc:author", "author", "itunes:author",
        "pubdate", "dc:date", "published", "issued", "dcterms:issued", "created", "dcterms:created", "updated", "modified",
        "dcterms:modified", "content:encoded", "content", "body", "xhtml:body", "fullitem", "description", "dc:description",
        "summary", "itunes:summary", "abstract", "category", "dc:subject",
    ]

    static func attr(_ attrs: [(name: String, value: String)], _ name: String) -> String? {
        attrs.first(where: { $0.name == name })?.value
    }

    private func newItem(_ attrs: [(name: String, value: String)], line: Int) -> ItemFields {
        var f = ItemFields(line: line)
        f.about = Self.attr(attrs, "rdf:about").map(TextClean.collapse)
        f.base = Self.attr(attrs, "xml:base").map { FeedText.resolve($0, against: feedBase) } ?? feedBase
        // CDF (Microsoft's Channel Definition Format) puts the link and date on the item itself.
        f.altLink = Self.attr(attrs, "href").map { FeedText.resolve(TextClean.collapse($0), against: f.base) }
        f.updated = Self.attr(attrs, "lastmod").flatMap(DateText.iso8601)
        return f
    }

    private mutating func linkAttr(_ attrs: [(name: String, value: String)], _ href: String) {
        let rel = Self.attr(attrs, "rel") ?? "alternate"
        let url = FeedText.resolve(TextClean.collapse(href), against: Self.attr(attrs, "xml:base").map { FeedText.resolve($0, against: item?.base) } ?? item?.base)
        if rel == "alternate" { if item?.link == nil { item?.link = url } } else if item?.altLink == nil { item?.altLink = url }
    }

    private mutating func field(_ name: String, _ attrs: [(name: String, value: String)], _ r: ByteRange,
                                _ p: UnsafeBufferPointer<UInt8>) {
        let type = Self.attr(attrs, "type")?.lowercased() ?? ""
        let xhtml = type == "xhtml" || type.hasSuffix("xhtml+xml") || Self.attr(attrs, "mode")?.lowercased() == "xml"
        // Atom 0.3 says `mode="base64"`; Atom 1.0 a type that is neither text nor XML (RFC 4287 §4.1.3.3).
        let base64 = Self.attr(attrs, "mode")?.lowercased() == "base64" || (type.contains("/") && !type.hasPrefix("text/") && !type.hasSuffix("xml") && !type.contains("html"))
        guard item != nil else {
            if name == "title" { feedTitle = Self.title(p, r, type: type, base64: base64, xhtml: xhtml) }
            return
        }
        switch name {
        case "title", "dc:title": item!.title = item!.title ?? Self.title(p, r, type: type, base64: base64, xhtml: xhtml)
        case "media:title": item!.mediaTitle = item!.mediaTitle ?? Self.title(p, r, type: type, base64: false, xhtml: false)
        case "link": item!.link = item!.link ?? FeedText.resolve(TextClean.collapse(Self.text(p, r)), against: item!.base)
        case "guid", "id":
            let id = TextClean.collapse(Self.text(p, r))
            item!.id = item!.id ?? id
            if name == "guid", Self.attr(attrs, "ispermalink")?.lowercased() != "false", id.hasPrefix("http") { item!.guidLink = id }
        case "dc:creator", "dc:author", "author", "itunes:author":
            let named = Self.childText(p, r, "name") ?? Self.text(p, r)
            item!.author = item!.author ?? FeedText.personName(TextClean.collapse(named))
        case "pubdate", "published", "dc:date", "issued", "dcterms:issued", "created", "dcterms:created":
            // The most specific element wins; of equals the last, as feedparser has it.
            let rank = name == "pubdate" || name == "published" ? 0 : name.hasSuffix("created") ? 2 : 1
            if rank <= item!.dateRank, let d = DateText.iso8601(Self.text(p, r)) { item!.date = d; item!.dateRank = rank }
        case "category", "dc:subject": item!.tags.append(Self.inlineText(Self.text(p, r), html: false))
        case "updated", "modified", "dcterms:modified": item!.updated = DateText.iso8601(Self.text(p, r)) ?? item!.updated
        case "content:encoded", "content", "body", "xhtml:body", "fullitem":
            if item!.content == nil { item!.content = Body(range: r, type: name.hasSuffix("body") ? "xhtml" : xhtml ? "xhtml" : type, base64: base64) }
        case "description", "dc:description", "summary", "itunes:summary", "abstract":
            item!.summary = Body(range: r, type: xhtml ? "xhtml" : type, base64: base64)
        default: break
        }
    }

    /// A title as text: base64 decoded, inline XHTML read as markup once, escaped HTML as HTML.
    private static func title(_ p: UnsafeBufferPointer<UInt8>, _ r: ByteRange, type: String, base64: Bool, xhtml: Bool) -> String {
        if xhtml && !base64 { return TextClean.collapse(HTMLText.parse(Array(p[r])).blocks.map(\.text).joined(separator: " ")) }
        var t = text(p, r)
        if base64, let d = FeedText.base64(t) { t = d }
        return inlineText(t, html: type.contains("html") || (base64 && type.isEmpty))
    }

    private mutating func finishItem(_ p: UnsafeBufferPointer<UInt8>) {
        guard let f = item else { return }
        item = nil
        let body = f.content ?? f.summary
        var blocks: [Block] = [], links: [Link] = []
        if let b = body {
            var parsed = Self.bodyBlocks(p, b)
            // A summary besides the content leads the article, unless the content already says it.
            if f.content != nil, let s = f.summary, let lead = Self.bodyBlocks(p, s).blocks.first,
               !Self.excerpts(lead.text, parsed.blocks) {
                parsed.blocks.insert(Block(.paragraph, lead.text), at: 0)
            }
            blocks = parsed.blocks; links = parsed.links
            for w in parsed.warnings where !warnings.contains(w) { warnings.append(w) }
        }
        let url = f.link.flatMap { $0.isEmpty ? nil : $0 } ?? f.guidLink ?? f.altLink.map { TextClean.collapse($0) }
        let id = [f.id, f.about, url].compactMap { $0 }.first(where: { !$0.isEmpty }) ?? "\(source):\(f.line)"
        let title = f.title.flatMap { $0.isEmpty ? nil : $0 } ?? f.mediaTitle.flatMap { $0.isEmpty ? nil : $0 }
            ?? Titles.fromBlocks(blocks) ?? "Untitled (\(source):\(f.line))"
        var article = Article(id: TextClean.collapse(id), title: title, url: url, author: f.author.flatMap { $0.isEmpty ? nil : $0 },
                              date: f.date ?? f.updated, feed: feedTitle, source: source, line: f.line, blocks: blocks, links: links)
        article.addTags(f.tags)
        items.append(article)
    }

    /// How many opening words a summary shares with the content when it is cut from it.
    static let excerptWords = 12

    /// Whether `summary` is the content's own opening: its first words, or all of them when it is shorter, open
    /// some block or the text of all blocks read in a row. So is a blog's automatic excerpt, cut off mid-sentence
    /// after a heading's words ("The Discovery One afternoon I was … Read more" over a heading and its paragraph).
    static func excerpts(_ summary: String, _ blocks: [Block]) -> Bool {
        let head = Array(openingWords(summary, excerptWords))
        guard !head.isEmpty else { return true }
        if blocks.contains(where: { $0.text.hasPrefix(summary) }) { return true }
        var content: [Substring] = []
        for b in blocks where content.count < head.count { content += openingWords(b.text, head.count - content.count) }
        return content.count == head.count && zip(content, head).allSatisfy { $0.lowercased() == $1.lowercased() }
    }

    /// Up to `n` opening words of `text`: runs of letters and digits.
    static func openingWords(_ text: String, _ n: Int) -> [Substring] {
        guard n > 0 else { return [] }
        // At most n splits: the rest of a long block is not cut into words only to be dropped.
        return Array(text.split(maxSplits: n, omittingEmptySubsequences: true) { !$0.isLetter && !$0.isNumber }.prefix(n))
    }

    /// Body blocks: inline XHTML as is, `type="text"` as plain paragraphs, else (escaped, CDATA or base64) HTML.
    private static func bodyBlocks(_ p: UnsafeBufferPointer<UInt8>, _ b: Body) -> (blocks: [Block], links: [Link], warnings: [String]) {
        if b.type == "xhtml" && !b.base64 { return HTMLText.parse(Array(p[b.range])) }
        var decoded = text(p, b.range)
        if b.base64, let d = FeedText.base64(decoded) { decoded = d }
        if b.type == "text" || b.type == "text/plain" { return (PlainTextParser.paragraphs(decoded), [], []) }
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
