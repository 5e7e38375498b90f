import Assistant
import Corpus
import Analysis
import ArgumentParser
import Retrieval

/// `lore search`: ranked articles.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Rank articles for a query.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The query.") var query: [String]
    @Option(name: .shortAndLong, help: "How many hits.") var limit = 10
    @Option(help: "bm25 or tfidf.") var ranking: String = "bm25"
    @Option(help: "Only articles whose author contains this.") var author: String?
    @Option(help: "Only articles from a feed or file whose name contains this.") var feed: String?
    @Option(help: "Only articles with this tag or category (whole, any case).") var tag: String?
    @Option(help: "Only articles dated on or after (YYYY, YYYY-MM or YYYY-MM-DD).") var after: String?
    @Option(help: "Only articles dated before.") var before: String?
    @Flag(help: "Show how each score was built.") var explain = false
    @Flag(help: "JSON output.") var json = false

    /// The parsed options as plain values.
    var request: SearchRequest {
        SearchRequest(query: query, limit: limit, ranking: ranking, author: author, feed: feed, tag: tag, after: after,
                      before: before, explain: explain, json: json, location: global.location)
    }

    func validate() throws { try request.validate() }

    func run() throws { try request.run() }
}

/// A `lore search` invocation as plain values. Scripts run `lore search` far more than anything
/// else, and their usual spellings are parsed here directly (`init?(plainArguments:)`): building
/// ArgumentParser's model of every command costs more than the search itself.
struct SearchRequest: Equatable {
    var query: [String] = []
    var limit = 10
    var ranking = "bm25"
    var author: String?, feed: String?, tag: String?, after: String?, before: String?
    var explain = false, json = false
    var location = IndexLocation()

    func validate() throws {
        guard limit > 0 && limit <= 1000 else { throw ValidationError("--limit must be between 1 and 1000") }
        guard Ranking(rawValue: ranking) != nil else { throw ValidationError("--ranking must be bm25 or tfidf") }
        guard !query.joined().trimmed.isEmpty else { throw ValidationError("give a query, e.g. lore search swiftui navigation") }
        for (name, value) in [("--after", after), ("--before", before)] {
            if let v = value, !Self.isDateBound(v) {
                throw ValidationError("\(name) takes a date as YYYY, YYYY-MM or YYYY-MM-DD, not \"\(sanitize(v, keepNewlines: false))\"")
            }
        }
    }

    /// `2024`, `2024-05` or `2024-05-17`, with a real month and day.
    static func isDateBound(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        let widths = [4, 2, 2]
        guard (1...3).contains(parts.count) else { return false }
        for (k, p) in parts.enumerated() where p.count != widths[k] || !p.allSatisfy({ $0.isASCII && $0.isNumber }) { return false }
        if parts.count > 1, !(1...12).contains(Int(parts[1]) ?? 0) { return false }
        if parts.count > 2, !(1...31).contains(Int(parts[2]) ?? 0) { return false }
        return true
    }

    /// The table of how common English words are, in the Prompts directory.
    static func commonWords() -> CommonWords { CommonWords(path: Talk.promptsDirectory(nil) + "/common_words_en.txt") }

    func run() throws {
        let text = query.joined(separator: " ")
        guard text.utf8.count <= 10_000 else {
            Out.err("lore: the query is \(text.utf8.count) bytes long; keep it under 10,000")
            throw ExitCode.failure
        }
        let hits: [Hit] = try runOrFail {
            let ws = try Workspace(location)
            var q = SearchQuery(text: text, limit: limit)
            q.ranking = Ranking(rawValue: ranking) ?? .bm25
            q.author = author; q.feed = feed; q.tag = tag; q.after = after; q.before = before; q.explain = explain
            let searcher = try Searcher(index: ws.index)
            q.everyday = Self.commonWords().everyday(for: text, searcher: searcher, parameters: q.parameters)
            return try searcher.search(q)
        }
        if json {
            Out.line(JSON.object([("query", .string(text)), ("hits", .array(hits.map(Shapes.hit)))]).text)
            return
        }
        if hits.isEmpty { Out.line("No articles match “\(sanitize(text, keepNewlines: false))”."); return }
        let analyzer = Analyzer()
        let terms = Set(analyzer.terms(text))
        for (i, h) in hits.enumerated() {
            Out.line(HitView.render(h, number: i + 1, terms: terms, analyzer: analyzer))
            if explain, let e = h.explanation { for l in e.lines { Out.line(Style.dim("    " + l)) } }
        }
    }
}

extension SearchRequest {
    /// Query words plus `--json`, `--explain`, and `--corpus`, `--db`, `--limit`/`-l`, `--ranking`,
    /// `--author`, `--feed`, `--tag`, `--after`, `--before` each followed by its value, read as `SearchCommand`
    /// reads them (a test holds the two together). Anything else — `--opt=value`, `--`, `--help`, an
    /// option given twice, a value that starts with "-" or fails validation — gives nil, and then
    /// ArgumentParser parses the arguments and words any error.
    init?(plainArguments args: [String]) {
        guard let plain = PlainArguments(args, flags: ["--json", "--explain", "--follow-symlinks", "--follow-symlinks-anywhere"],
                                         options: ["--corpus", "--db", "--limit", "--ranking", "--author", "--feed", "--tag", "--after", "--before"],
                                         aliases: [("-l", "--limit")]) else { return nil }
        query = plain.words
        json = plain.has("--json"); explain = plain.has("--explain")
        location = IndexLocation(plain)
        if let l = plain.value("--limit") {
            guard let n = Int(l) else { return nil }
            limit = n
        }
        ranking = plain.value("--ranking") ?? ranking
        author = plain.value("--author"); feed = plain.value("--feed"); tag = plain.value("--tag")
        after = plain.value("--after"); before = plain.value("--before")
        guard (try? validate()) != nil else { return nil }
    }
}

/// The plain spellings of a command line that `SearchRequest` and `AskRequest` read without
/// ArgumentParser: words, flags, and options each followed by a value, every option at most once.
/// Anything else — `--opt=value`, `--`, `--help`, a repeat, a value starting with "-" — gives nil.
/// (Arrays, not Sets: there are few options, and a Set costs more to set up than it saves.)
struct PlainArguments {
    var words: [String] = []
    var flags: [String] = []
    var values: [(String, String)] = []

    init?(_ args: [String], flags known: [String], options: [String], aliases: [(String, String)] = [], dashIsWord: Bool = false) {
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            guard arg.hasPrefix("-"), !(dashIsWord && arg == "-") else { words.append(arg); continue }
            let name = aliases.first { $0.0 == arg }?.1 ?? arg
            guard !flags.contains(name), !values.contains(where: { $0.0 == name }) else { return nil }
            if known.contains(name) { flags.append(name); continue }
            guard options.contains(name), i < args.count, !args[i].hasPrefix("-") else { return nil }
            values.append((name, args[i]))
            i += 1
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values.first { $0.0 == option }?.1 }
}

/// How one hit looks to a person.
enum HitView {
    static func render(_ h: Hit, number: Int, terms: Set<String>, analyzer: Analyzer) -> String {
        var meta: [String] = []
        if let a = h.author { meta.append(sanitize(a, keepNewlines: false)) }
        if let d = Article.shownDay(h.date, title: h.title) { meta.append(d) }
        meta.append("\(displaySourceLine(h.source, h.line))")
        meta.append("score " + String((h.score * 100).rounded() / 100))
        let title = Style.bold(sanitize(h.title, keepNewlines: false))
        var snippet = sanitize(h.snippet, keepNewlines: false)
        if Terminal.colour { snippet = highlight(snippet, terms: terms, analyzer: analyzer) }
        return "\(number). \(title)\n   \(Style.dim(meta.joined(separator: " · ")))\n   \(snippet)\n"
    }

    static func highlight(_ text: String, terms: Set<String>, analyzer: Analyzer) -> String {
        let spans = Snippets.highlights(text, terms: terms, analyzer: analyzer)
        guard !spans.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var out = ""
        var last = 0
        for r in spans where r.lowerBound >= last {
            out += String(decoding: bytes[last..<r.lowerBound], as: UTF8.self)
            out += Style.highlight(String(decoding: bytes[r], as: UTF8.self))
            last = r.upperBound
        }
        out += String(decoding: bytes[last...], as: UTF8.self)
        return out
    }
}

func displaySourceLine(_ source: String, _ line: Int) -> String { "\(sanitize(source, keepNewlines: false)):\(line)" }
