/// A whole HTML page: one article from `<article>`/`<main>`/`role="main"` (else `<body>`), with title, author and date
/// taken from `<title>`/first `<h1>`, `<meta>` tags and `<time datetime>`.
enum HTMLPageParser {
    static func parse(_ bytes: [UInt8], source: String) -> ParsedFile {
        var title: String?, h1: String?, author: String?, date: String?, url: String?, site: String?, generator = ""
        var tags: [String] = []
        var scope: Set<String> = [], roleMain = false
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
                    case "h1" where h1 == nil: inH1 = true; text = []
                    case "article": scope = ["article"]
                    case "main" where scope.isEmpty: scope = ["main"]
                    case "meta":
                        let key = (attr("name") ?? attr("property") ?? attr("itemprop") ?? "").lowercased()
                        guard let content = attr("content") else { break }
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
        // A texinfo page is titled "Node (Manual title)" and repeats that as its keywords.
        let texinfo = generator.contains("makeinfo") || generator.contains("texinfo")
        if texinfo, let t = title { tags.removeAll { TextClean.collapse($0) == t }; title = Titles.withoutParenthesisedEnd(t) }
        let headings = parsed.blocks.lazy.filter { if case .heading = $0.kind { return true }; return false }.prefix(8).map(\.text)
        let name = [title, h1].compactMap { $0 }.first { !$0.isEmpty }
            .map { Titles.withoutSiteName($0, headings: Array(headings), site: site) }
        let finalTitle = name.map { Titles.cut($0, limit: 200) } ?? Titles.fromBlocks(parsed.blocks) ?? PlainTextParser.fileTitle(source)
        var article = Article(id: url.map(TextClean.collapse) ?? "\(source):1", title: finalTitle,
                              url: url.map(TextClean.collapse), author: author.map(TextClean.collapse),
                              date: date.flatMap(DateText.iso8601), feed: site.map(TextClean.collapse), source: source, line: 1,
                              blocks: parsed.blocks, links: parsed.links)
        article.addTags(tags)
        return ParsedFile(format: .html, articles: [article], warnings: parsed.warnings)
    }
}
