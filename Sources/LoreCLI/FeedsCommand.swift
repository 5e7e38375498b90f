import ArgumentParser
import Corpus
import Feeds
#if canImport(Glibc)
import Glibc
#endif

/// `lore feeds add / list / remove / import / export`: the corpus's subscriptions.
struct FeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "feeds", abstract: "Subscriptions to RSS and Atom feeds.",
        subcommands: [Add.self, List.self, Remove.self, Import.self, Export.self], defaultSubcommand: List.self)

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Subscribe to one or more feeds (http:// or https:// URLs).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Feed URLs.") var urls: [String]

        func run() throws {
            try runOrFail {
                let checked = try urls.map { try FeedURL.check($0, argument: "URL") }
                let store = try FeedStores.open(global)
                for url in checked {
                    let added = try store.add(url, now: SessionStore.now())
                    Out.line((added ? "added " : "already subscribed: ") + sanitize(url, keepNewlines: false))
                }
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the subscriptions.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "JSON Lines output.") var json = false

        func run() throws {
            let subs = try runOrFail { try FeedStores.open(global).subscriptions() }
            for s in subs {
                if json {
                    Out.line(JSON.object([("url", .string(s.url)), ("title", .str(s.title)), ("file", .string(s.file)),
                                          ("added", .string(s.added)), ("fetched", .str(s.fetched)), ("status", .str(s.status))]).text)
                } else {
                    let fields = [s.url, s.title ?? "(no title yet)", s.status.map { "\($0) at \(s.fetched ?? "")" } ?? "never fetched"]
                    Out.line(fields.map { sanitize($0, keepNewlines: false) }.joined(separator: "\t"))
                }
            }
            if subs.isEmpty && !json { Out.line("No subscriptions; add one with `lore feeds add URL`.") }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Unsubscribe (the feed's file and articles stay in the corpus).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The feed URL, as `lore feeds list` shows it.") var url: String

        func run() throws {
            try runOrFail {
                guard try FeedStores.open(global).remove(url) else {
                    throw CLIError("not subscribed to \(sanitize(url, keepNewlines: false)); `lore feeds list` shows the subscriptions")
                }
                Out.line("removed " + sanitize(url, keepNewlines: false))
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "import", abstract: "Subscribe to every feed of an OPML file.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "An OPML file.") var file: String

        func run() throws {
            try runOrFail {
                let shown = sanitize(file, keepNewlines: false)
                let bytes: [UInt8]
                do { bytes = try CorpusWalker.readFile(Paths.absolute(file)) } catch { throw CLIError("cannot read \(shown): \(error)") }
                guard let urls = FeedEntries.opmlFeeds(bytes) else { throw CLIError("\(shown) is not an OPML file (no <opml> element)") }
                let store = try FeedStores.open(global)
                var added = 0, known = 0
                for raw in urls {
                    guard let url = try? FeedURL.check(raw, argument: "xmlUrl") else {
                        Out.err("lore: skipped \(sanitize(raw, keepNewlines: false)) in \(shown): not an http:// or https:// URL")
                        continue
                    }
                    if try store.add(url, now: SessionStore.now()) { added += 1 } else { known += 1 }
                }
                Out.line("imported \(added) feeds from \(shown)" + (known > 0 ? " (\(known) already subscribed)" : ""))
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Write the subscriptions as OPML 2.0 on stdout.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let subs = try runOrFail { try FeedStores.open(global).subscriptions() }
            Out.write(OPML.document(subs, created: SessionStore.now()))
        }
    }
}

/// The feeds database beside the index (`NAME.feeds.sqlite`, or LORE_FEEDS_DB).
enum FeedStores {
    static func path(index: String) -> String {
        if let f = env("LORE_FEEDS_DB") { return Paths.absolute(f) }
        return (index.hasSuffix(".sqlite") ? String(index.dropLast(7)) : index) + ".feeds.sqlite"
    }

    static func open(_ global: GlobalOptions) throws -> SubscriptionStore { try open(global.location) }

    static func open(_ location: IndexLocation) throws -> SubscriptionStore {
        let corpus = location.corpusDirectory()
        guard Paths.isDirectory(corpus) else {
            throw CLIError("corpus directory \(sanitize(corpus, keepNewlines: false)) not found; pass --corpus DIR or set LORE_CORPUS")
        }
        return try open(path: path(index: try location.databasePath(corpus: corpus)))
    }

    static func open(path: String) throws -> SubscriptionStore {
        do { return try SubscriptionStore(path: path) } catch { throw CLIError(error.description) }
    }

    /// The store only when the file exists (reading never creates one).
    static func existing(index: String) -> SubscriptionStore? {
        let p = path(index: index)
        return access(p, F_OK) == 0 ? try? SubscriptionStore(path: p) : nil
    }
}

/// Checks a feed URL given on the command line or in an OPML file.
enum FeedURL {
    static func check(_ raw: String, argument: String) throws -> String {
        let url = raw.trimmed
        let lower = url.lowercased()
        let rest = lower.hasPrefix("http://") ? url.dropFirst(7) : lower.hasPrefix("https://") ? url.dropFirst(8) : nil
        let host = rest.map { $0.prefix { $0 != "/" && $0 != "?" && $0 != "#" } } ?? ""
        guard rest != nil, !host.isEmpty, url.utf8.count <= 2048,
              !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0.properties.generalCategory == .control }) else {
            throw CLIError("\(argument) \(sanitize(raw, keepNewlines: false).debugDescription) is not a feed URL; give an http:// or https:// address")
        }
        return url
    }
}
