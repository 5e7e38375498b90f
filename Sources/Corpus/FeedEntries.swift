/// A fetched RSS or Atom document cut into its entries, each kept as the exact bytes it had, so a
/// feed file can be written back from the entries lore keeps (one copy of each) and parsed as usual.
public struct FeedDocument: Sendable {
    /// Bytes before the first entry (XML declaration, root element, channel metadata).
    public var header: [UInt8]
    /// Bytes after the last entry (the closing tags).
    public var footer: [UInt8]
    public var title: String?
    public var entries: [FeedEntry]
}

/// One `<item>` or `<entry>`: its identity and its bytes.
public struct FeedEntry: Sendable, Equatable {
    /// `guid:…` (RSS guid, Atom id), else `link:…`, else `hash:…` of the entry's bytes.
    public var key: String
    public var link: String?
    public var title: String
    public var raw: [UInt8]
    /// FNV-1a of `raw`, hex: tells an edited entry from the one seen before.
    public var hash: String
}

public enum FeedEntries {
    /// Splits a feed; nil when the bytes are not an RSS or Atom document.
    public static func split(_ bytes: [UInt8]) -> FeedDocument? {
        bytes.withUnsafeBufferPointer { p in
            var s = Splitter(p: p)
            return s.run()
        }
    }

    /// FNV-1a 64 of `bytes`, as 16 hex digits.
    public static func hash(_ bytes: some Sequence<UInt8>) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        let s = String(h, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// The `xmlUrl` of every `<outline>` in an OPML document, in order, without repeats; nil when the
    /// bytes are not OPML.
    public static func opmlFeeds(_ bytes: [UInt8]) -> [String]? {
        bytes.withUnsafeBufferPointer { p in
            var tk = MarkupTokenizer(p, html: false)
            var isOPML = false, urls: [String] = []
            while let t = tk.next() {
                guard case .start(let name, let attrs, _, _, _) = t else { continue }
                if name == "opml" { isOPML = true }
                guard isOPML, name == "outline",
                      let v = attrs.first(where: { $0.name == "xmlurl" })?.value else { continue }
                let url = TextClean.collapse(v)   // attribute values come decoded, names lower-cased
                if !url.isEmpty && !urls.contains(url) { urls.append(url) }
            }
            return isOPML ? urls : nil
        }
    }
}

/// One pass of the tokenizer: entry boundaries and each entry's direct `guid`/`id`, `link`, `title`.
private struct Splitter {
    let p: UnsafeBufferPointer<UInt8>
    var root: String?
    var title: String?
    var entries: [FeedEntry] = []
    var first: Int?, last: Int?
    // The open entry: where it starts, element depth inside it, and its fields.
    var start: Int?, depth = 0
    var field: (name: String, from: Int)?
    var guid: String?, link: String?, entryTitle: String?

    mutating func run() -> FeedDocument? {
        var tk = MarkupTokenizer(p, html: false)
        while let t = tk.next() {
            switch t {
            case .start(let name, let attrs, let selfClosing, _, let range):
                if root == nil {
                    guard ["rss", "feed", "rdf:rdf"].contains(name) else { return nil }
                    root = name
                }
                open(name, attrs, selfClosing, range)
            case .end(let name, _, let range): close(name, range)
            default: break
            }
        }
        guard root != nil else { return nil }
        let header = Array(p[0 ..< (first ?? p.count)])
        let footer = last.map { Array(p[$0 ..< p.count]) } ?? []
        return FeedDocument(header: header, footer: footer, title: title, entries: entries)
    }

    mutating func open(_ name: String, _ attrs: [(name: String, value: String)], _ selfClosing: Bool, _ range: Range<Int>) {
        guard start != nil else {
            if (name == "item" || name == "entry") && !selfClosing {
                start = range.lowerBound; depth = 0; guid = nil; link = nil; entryTitle = nil
                if first == nil { first = range.lowerBound }
            } else if name == "title" && title == nil && !selfClosing {
                field = (name, range.upperBound)
            }
            return
        }
        if depth == 0 {
            if name == "link", let href = attrs.first(where: { $0.name == "href" })?.value {
                let rel = attrs.first(where: { $0.name == "rel" })?.value ?? "alternate"
                if rel == "alternate" && link == nil { link = TextClean.collapse(href) }
            } else if ["guid", "id", "link", "title"].contains(name) && !selfClosing {
                field = (name, range.upperBound)
            }
        }
        if !selfClosing { depth += 1 }
    }

    mutating func close(_ name: String, _ range: Range<Int>) {
        guard let s = start else {
            if let f = field, f.name == name, title == nil {
                title = FeedParser.inlineText(FeedParser.text(p, f.from ..< range.lowerBound), html: false)
                field = nil
            }
            return
        }
        if name == "item" || name == "entry" {
            finish(s, range.upperBound)
            return
        }
        guard depth > 0 else { return }
        depth -= 1
        if depth == 0, let f = field, f.name == name {
            let text = TextClean.collapse(FeedParser.text(p, f.from ..< range.lowerBound))
            switch name {
            case "guid", "id": if guid == nil && !text.isEmpty { guid = text }
            case "link": if link == nil && !text.isEmpty { link = text }
            default: if entryTitle == nil { entryTitle = FeedParser.inlineText(text, html: false) }
            }
            field = nil
        }
    }

    mutating func finish(_ s: Int, _ end: Int) {
        let raw = Array(p[s ..< end])
        let hash = FeedEntries.hash(raw)
        let key = guid.map { "guid:" + $0 } ?? link.map { "link:" + $0 } ?? "hash:" + hash
        entries.append(FeedEntry(key: key, link: link, title: entryTitle ?? link ?? "Untitled", raw: raw, hash: hash))
        start = nil; field = nil; last = end
    }
}
