/// A whole HTML page: one article from `<article>`/`<main>`/`role="main"` (else `<body>`), with title, author and date
/// taken from `<title>`/first `<h1>`, `<meta>` tags and `<time datetime>`.
enum HTMLPageParser {
    /// Classes of an `<h1>` that holds the site's or book's name over every page (mdBook's "menu-title").
    static let bannerClasses = ["menu-title", "site-title", "site-name", "sitename", "logo", "brand"]

    /// A page that only sends its reader on (`<meta http-equiv="refresh">` and a line saying so) says at most this
    /// many words: it is skipped with its reason, as a Markdown redirect stub is.
    static let maxRedirectWords = 30

    static func parse(_ bytes: [UInt8], source: String) throws(CorpusError) -> ParsedFile {
        var title: String?, h1: String?, author: String?, date: String?, url: String?, site: String?, generator = ""
        var refresh: String?
        var tags: [String] = []
        var scope: Set<String> = [], roleMain = false, bannerH1 = false
        bytes.withUnsafeBufferPointer { p in
            var tk = MarkupTokenizer(p, html: true)
            var inTitle = false, inH1 = false
            var text = [UInt8]()
            while let t = tk.next() {
                switch t {
                case .start(let name, let attrs, _, _, _):
                    func attr(_ n: String) -> String? { attrs.first(where: { $0.name == n })?.value }
                    if attr("role")?.lowercased() == "main" { roleMain = true }
                    switch name {
                    case "title" where title == nil: inTitle = true; text = []
                    case "h1" where h1 == nil:
                        inH1 = true; text = []
                        let classes = (attr("class") ?? "").lowercased()
                        bannerH1 = HTMLPageParser.bannerClasses.contains { classes.contains($0) }
                    case "article": scope = ["article"]
                    case "main" where scope.isEmpty: scope = ["main"]
                    case "meta":
                        let key = (attr("name") ?? attr("property") ?? attr("itemprop") ?? "").lowercased()
                        guard let content = attr("content") else { break }
                        if attr("http-equiv")?.lowercased() == "refresh" { refresh = content }
                        switch key {
                        case "author", "article:author", "dc.creator": author = author ?? content
                        case "article:published_time", "date", "dc.date", "datepublished", "pubdate": date = date ?? content
                        case "og:url": url = url ?? content
                        case "og:site_name": site = site ?? content
                        case "generator": generator = content.lowercased()
                        case "og:title": title = title ?? content
                        case "keywords": tags += content.split(separator: ",").map(String.init)
                        case "article:tag": tags.append(content)
                        default: break
                        }
                    case "link" where attr("rel") == "canonical": url = url ?? attr("href")
                    case "time": if date == nil, let d = attr("datetime") { date = d }
                    default: break
                    }
                case .end(let name, _, _):
                    if name == "title" && inTitle { inTitle = false; title = TextClean.collapse(bytes: text[...]) }
                    if name == "h1" && inH1 { inH1 = false; h1 = TextClean.collapse(bytes: text[...]) }
                case .text(let r): if inTitle || inH1 { Entities.decode(p, r, into: &text) }
                case .cdata(let r): if inTitle || inH1 { text.append(contentsOf: p[r]) }
                }
            }
        }
        // `<article>`, else `<main>`, else the element marked `role="main"` holds the page's own text.
        let role = scope.isEmpty && roleMain ? "main" : nil
        var parsed = HTMLText.parse(bytes, scope: scope, role: role)
        if parsed.blocks.isEmpty && (!scope.isEmpty || role != nil) { parsed = HTMLText.parse(bytes) }
        parsed.blocks.removeAll { $0.kind == .paragraph && Titles.isNodeNavigation($0.text) }
        if let refresh, let target = redirectTarget(refresh), parsed.blocks.reduce(0, { $0 + $1.text.split(separator: " ").count }) <= maxRedirectWords {
            throw .unparseable("no body text (a redirect to \(Titles.cut(target, limit: 100)))")
        }
        // A texinfo page is titled "Node (Manual title)" and repeats that as its keywords.
        let texinfo = generator.contains("makeinfo") || generator.contains("texinfo")
        if texinfo, let t = title { tags.removeAll { TextClean.collapse($0) == t }; title = Titles.withoutParenthesisedEnd(t) }
        let headings = parsed.blocks.lazy.filter { if case .heading = $0.kind { return true }; return false }.prefix(8).map(\.text)
        // A first <h1> styled as the site's banner names the site or the book, not the page.
        let banner = bannerH1 ? h1 : nil
        let name = [title, bannerH1 ? nil : h1].compactMap { $0 }.first { !$0.isEmpty }
            .map { Titles.withoutSiteName($0, headings: Array(headings), site: site, banner: banner) }
        let finalTitle = name.map { Titles.cut($0, limit: 200) } ?? Titles.fromBlocks(parsed.blocks) ?? PlainTextParser.fileTitle(source)
        var article = Article(id: url.map(TextClean.collapse) ?? "\(source):1", title: finalTitle,
                              url: url.map(TextClean.collapse), author: author.map(TextClean.collapse),
                              date: date.flatMap(DateText.iso8601), feed: site.map(TextClean.collapse), source: source, line: 1,
                              blocks: parsed.blocks, links: parsed.links)
        article.addTags(tags)
        return ParsedFile(format: .html, articles: [article], warnings: parsed.warnings)
    }

    /// Where a refresh sends the reader ("0; URL=./other.html" → "./other.html"); nil for a page that only reloads
    /// itself ("300").
    static func redirectTarget(_ content: String) -> String? {
        let b = Array(content.utf8), key = Array("url=".utf8)
        guard b.count >= key.count,
              let at = (0...(b.count - key.count)).first(where: { i in (0..<key.count).allSatisfy { b[i + $0] | 0x20 == key[$0] } })
        else { return nil }
        let quotes: Set<UInt8> = [0x20, 0x22, 0x27]
        let target = Array(b[(at + key.count)...].drop(while: quotes.contains).reversed().drop(while: quotes.contains).reversed())
        return target.isEmpty ? nil : String(decoding: target, as: UTF8.self)
    }
}
