import ArgumentParser
import Feeds
#if canImport(Glibc)
import Glibc
#endif

/// `lore new [--since DATE|last]`: articles `lore update` first saw since then.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: "List articles first seen since a date or the last chat session.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "A date (2025-01-31), a UTC time (2025-01-31T08:00Z), or `last` (the last chat session).") var since = "last"
    @Flag(help: "JSON Lines output.") var json = false

    mutating func validate() throws {
        if NewArticles.time(since) == nil && since != "last" {
            throw ValidationError("--since takes a date (2025-01-31), a UTC time (2025-01-31T08:00Z) or `last`, not \(sanitize(since, keepNewlines: false).debugDescription)")
        }
    }

    func run() throws {
        let (list, from): ([NewArticle], String?) = try runOrFail {
            let index = try global.databasePath(corpus: global.corpusDirectory())
            let from = since == "last" ? NewArticles.lastSession(index: index) : NewArticles.time(since)
            return (try FeedStores.existing(index: index)?.newArticles(since: from ?? "") ?? [], from)
        }
        if json { for a in list { Out.line(NewArticles.json(a).text) }; return }
        Out.write(NewArticles.render(list, since: from))
    }
}

/// What's new: the listing shared by `lore new`, `/new-articles` and "what's new?" in the chat.
enum NewArticles {
    /// A `--since` value as the ISO 8601 prefix it is compared with, or nil when it is not one.
    static func time(_ s: String) -> String? {
        let b = Array(s.utf8)
        func digits(_ r: Range<Int>) -> Bool { r.upperBound <= b.count && b[r].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        guard b.count >= 10, digits(0 ..< 4), b[4] == 0x2D, digits(5 ..< 7), b[7] == 0x2D, digits(8 ..< 10) else { return nil }
        if b.count == 10 { return s }
        guard b.count <= 20, b[10] == 0x54 || b[10] == 0x20, digits(11 ..< 13), b.count > 13, b[13] == 0x3A, digits(14 ..< 16) else { return nil }
        let rest = b[16...]
        guard rest.isEmpty || rest == [0x5A] || (rest.count == 3 && rest.first == 0x3A && digits(17 ..< 19))
              || (rest.count == 4 && rest.first == 0x3A && digits(17 ..< 19) && rest.last == 0x5A) else { return nil }
        return String(s.prefix(10)) + "T" + String(decoding: b[11 ..< 16], as: UTF8.self) + (rest.count >= 3 ? String(decoding: b[16 ..< 19], as: UTF8.self) : "")
    }

    /// When the last saved chat session was last active, or nil when there is none.
    static func lastSession(index: String) -> String? {
        let path = GlobalOptions().sessionsPath(index: index)
        guard access(path, F_OK) == 0, let store = try? SessionStore(path: path) else { return nil }
        return (try? store.list())?.first?.updated
    }

    static func json(_ a: NewArticle) -> JSON {
        .object([("id", .string(a.id)), ("title", .string(a.title)), ("url", .str(a.url)), ("feed", .str(a.feed)),
                 ("source", .string(a.source)), ("line", .int(a.line)), ("first_seen", .string(a.firstSeen))])
    }

    /// Plain text, one article a line, corpus text sanitized.
    static func render(_ list: [NewArticle], since: String?, limit: Int = .max) -> String {
        let when = since.map { " since " + $0.prefix(16).replacing("T", with: " ") + " UTC" } ?? ""
        guard !list.isEmpty else { return "No new articles\(when). `lore update` fetches your feeds.\n" }
        var out = "\(list.count) new article\(list.count == 1 ? "" : "s")\(when):\n"
        for (i, a) in list.prefix(limit).enumerated() {
            let feed = a.feed.map { " — " + sanitize($0, keepNewlines: false) } ?? ""
            out += "\(i + 1). \(sanitize(a.title, keepNewlines: false))\(feed) · \(displaySourceLine(a.source, a.line))\n"
        }
        if list.count > limit { out += "… and \(list.count - limit) more (`lore new` lists them all).\n" }
        return out
    }
}
