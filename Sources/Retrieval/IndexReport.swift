import Corpus

/// What an index run did: the `lore index --json` object of CLI.md.
public struct IndexReport: Sendable {
    public var files = 0, articles = 0, passages = 0, terms = 0
    public var added = 0, updated = 0, unchanged = 0, removed = 0
    public var skipped: [SkippedFile] = []
    public var warnings: [String] = []
    public var seconds = 0.0
    /// True when nothing had to be written.
    public var upToDate: Bool { added == 0 && updated == 0 && removed == 0 }
    public init() {}
}

/// Errors of the retrieval layer, with messages that say what to do.
public enum RetrievalError: Error, Sendable, CustomStringConvertible {
    case corpus(String)
    case database(path: String, message: String)
    case corruptDatabase(path: String)
    case readOnly(path: String)
    case notFound(String)

    public var description: String {
        switch self {
        case .corpus(let m): return m
        case .database(let path, let m): return "index \(path): \(m)"
        case .corruptDatabase(let path):
            return "index \(path) is not a lore database or is damaged; move it aside or pass --db with another file"
        case .readOnly(let path):
            return "cannot write the index at \(path) (read-only location); pass --db with a writable file or set LORE_DB"
        case .notFound(let ref): return "no article matches \(ref); try `lore articles` to list them"
        }
    }
}
