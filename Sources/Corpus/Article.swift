/// One article of the corpus, cleaned of markup and ready to be analysed and indexed.
public struct Article: Sendable, Equatable, Hashable {
    /// Stable across runs: the feed item's guid or link, a JSON record's id, else `source:line`.
    public var id: String
    public var title: String
    public var url: String?
    public var author: String?
    /// ISO 8601 (`2025-04-05T22:57:05+02:00` or `2025-04-05`), nil when the source has none.
    public var date: String?
    /// The feed, site or collection the article came from (an RSS channel title, a dump's site name).
    public var feed: String?
    /// Path of the file relative to the corpus directory.
    public var source: String
    /// 1-based line (LF-counted) of `source` where the article begins.
    public var line: Int
    /// The article body as blocks in reading order: paragraphs, headings, list items, quotes and code.
    public var blocks: [Block]
    public var links: [Link]
    /// ISO 639-1 code guessed from the text when indexed (`LanguageDetector`); nil when unknown.
    public var language: String?
    /// Tags or categories the source gives (front matter `tags`/`categories`, a feed's `<category>`), each once.
    public var tags: [String] = []

    public init(id: String, title: String, url: String? = nil, author: String? = nil, date: String? = nil,
                feed: String? = nil, source: String, line: Int, blocks: [Block], links: [Link] = []) {
        self.id = id; self.title = title; self.url = url; self.author = author; self.date = date
        self.feed = feed; self.source = source; self.line = line; self.blocks = blocks; self.links = links
    }

    /// The day a listing shows beside a title: the date's first ten characters, or none when the title already says
    /// it ("Version 1.65.0 (2022-11-03)", a changelog's release).
    public static func shownDay(_ date: String?, title: String) -> String? {
        guard let day = date.map({ String($0.prefix(10)) }), !day.isEmpty else { return nil }
        return title.contains(day) ? nil : day
    }

    /// Plain text, one block a line (a code block keeps its own line breaks).
    public var text: String { blocks.map(\.text).joined(separator: "\n") }
    /// Code blocks, verbatim, in reading order.
    public var code: [Block] { blocks.filter { if case .code = $0.kind { return true } else { return false } } }
    /// Adds tags, cleaned (whitespace collapsed, at most 100 characters), each once whatever its case.
    public mutating func addTags<S: Sequence>(_ raw: S) where S.Element == String {
        for r in raw {
            let t = TextClean.collapse(r)
            guard !t.isEmpty, t.count <= 100, !tags.contains(where: { $0.lowercased() == t.lowercased() }) else { continue }
            tags.append(t)
        }
    }
    /// Headings in reading order.
    public var headings: [Block] { blocks.filter { if case .heading = $0.kind { return true } else { return false } } }
}

/// A unit of an article's body.
public struct Block: Sendable, Equatable, Hashable {
    public enum Kind: Sendable, Equatable, Hashable {
        case paragraph
        case heading(level: Int)
        case listItem
        case quote
        /// Verbatim code; `language` from a `language-xxx` class or a fence info string, when known.
        case code(language: String?)
    }
    public var kind: Kind
    /// Clean text: no tags, entities decoded, whitespace collapsed (except in code, which is verbatim).
    public var text: String
    public init(_ kind: Kind, _ text: String) { self.kind = kind; self.text = text }
}

/// A hyperlink found in an article.
public struct Link: Sendable, Equatable, Hashable {
    public var text: String
    public var url: String
    public init(text: String, url: String) { self.text = text; self.url = url }
}

/// The formats lore reads, told apart by content rather than file name.
public enum SourceFormat: String, Sendable, Equatable, CaseIterable {
    case rss, atom, html, markdown, restructuredText, jsonLines, textDump, plainText, json
}
