import ArgumentParser
import Corpus
import Retrieval
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Options every subcommand takes: where the corpus and the index live.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "Corpus directory (default ./Corpus, else the package's; env LORE_CORPUS).")
    var corpus: String?

    @Option(name: .long, help: "Index database file (default under $XDG_DATA_HOME/lore; env LORE_DB).")
    var db: String?

    @Flag(name: .long, help: "Follow symbolic links whose target is inside the corpus (default: skip every link).")
    var followSymlinks = false

    @Flag(name: .long, help: "Follow symbolic links wherever they point, outside the corpus too.")
    var followSymlinksAnywhere = false

    /// The options as plain values.
    var location: IndexLocation {
        IndexLocation(corpus: corpus, db: db, symlinks: IndexLocation.policy(inside: followSymlinks, anywhere: followSymlinksAnywhere))
    }

    func corpusDirectory() -> String { location.corpusDirectory() }

    func databasePath(corpus: String) throws -> String { try location.databasePath(corpus: corpus) }

    /// Where chat sessions are kept: beside the index (`NAME.sessions.sqlite`), or LORE_SESSIONS_DB.
    func sessionsPath(index: String) -> String {
        if let s = env("LORE_SESSIONS_DB") { return Paths.absolute(s) }
        let base = index.hasSuffix(".sqlite") ? String(index.dropLast(7)) : index
        return base + ".sessions.sqlite"
    }
}

/// Where the corpus and the index live, as `--corpus` and `--db` gave them (nil: the defaults).
struct IndexLocation: Equatable {
    var corpus: String?
    var db: String?
    var symlinks = SymlinkPolicy.skip

    /// The link policy the two `--follow-symlinks…` flags ask for.
    static func policy(inside: Bool, anywhere: Bool) -> SymlinkPolicy { anywhere ? .anywhere : inside ? .inside : .skip }

    /// `--corpus`, `--db` and the link flags as `PlainArguments` read them.
    init(_ plain: PlainArguments) {
        corpus = plain.value("--corpus"); db = plain.value("--db")
        symlinks = Self.policy(inside: plain.has("--follow-symlinks"), anywhere: plain.has("--follow-symlinks-anywhere"))
    }

    init(corpus: String? = nil, db: String? = nil, symlinks: SymlinkPolicy = .skip) {
        self.corpus = corpus; self.db = db; self.symlinks = symlinks
    }

    /// The corpus directory, absolute: `--corpus` (or LORE_CORPUS); else the one an index named by `--db`
    /// (or LORE_DB) was built from, so that `lore ask --db notes.db` asks the notes, not the default corpus;
    /// else the defaults.
    func corpusDirectory() -> String {
        if let c = corpus ?? env("LORE_CORPUS") { return Paths.absolute(c) }
        if let d = db ?? env("LORE_DB"), let recorded = Index.recordedCorpus(at: Paths.absolute(d)) { return recorded }
        if Paths.isDirectory("Corpus") { return Paths.absolute("Corpus") }
        return Paths.packageCorpus
    }

    /// The index file: one per corpus directory unless given.
    func databasePath(corpus: String) throws -> String {
        if let d = db ?? env("LORE_DB") { return Paths.absolute(d) }
        let dir = Paths.dataDirectory
        try Paths.makeDirectories(dir)
        return dir + "/index-" + Paths.slug(corpus) + ".sqlite"
    }
}

func env(_ name: String) -> String? {
    guard let v = getenv(name) else { return nil }
    let s = String(cString: v)
    return s.isEmpty ? nil : s
}

/// File-system paths lore derives.
enum Paths {
    static func absolute(_ p: String) -> String {
        if p.hasPrefix("/") { return p }
        if p.hasPrefix("~/"), let home = env("HOME") { return home + p.dropFirst(1) }
        var buf = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buf, buf.count) != nil else { return p }
        let cwd = String(cString: buf)
        return p == "." ? cwd : cwd + "/" + p
    }

    static func isDirectory(_ p: String) -> Bool {
        var st = stat()
        return stat(p, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    static var dataDirectory: String {
        if let x = env("XDG_DATA_HOME") { return x + "/lore" }
        return (env("HOME") ?? "/tmp") + "/.local/share/lore"
    }

    static var stateDirectory: String {
        if let x = env("XDG_STATE_HOME") { return x + "/lore" }
        return (env("HOME") ?? "/tmp") + "/.local/state/lore"
    }

    /// The `Corpus/` directory of the source package this binary was built from.
    static var packageCorpus: String { packageRoot + "/Corpus" }

    /// The source package this binary was built from (Corpus/ and Prompts/ live there).
    static var packageRoot: String {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Sources/LoreCLI/GlobalOptions.swift
        return parts.joined(separator: "/")
    }

    static func makeDirectories(_ p: String) throws {
        var path = ""
        for part in p.split(separator: "/") {
            path += "/" + part
            if !isDirectory(path) && mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw CLIError("cannot create directory \(path); set XDG_DATA_HOME or pass --db")
            }
        }
    }

    /// A file-name-safe, stable name for a corpus path.
    static func slug(_ path: String) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in path.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        let name = path.split(separator: "/").last.map(String.init) ?? "corpus"
        let safe = String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }.map(Character.init))
        return (safe.isEmpty ? "corpus" : safe) + "-" + String(h & 0xFFFF_FFFF, radix: 16)
    }
}

/// A user-facing failure: one line on stderr, exit 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
