/// Why a corpus directory or file could not be used; `description` is a short reason phrase for the user.
public enum CorpusError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(String)
    case notADirectory(String)
    case unreadable(String)
    case empty
    case binary(String)
    case tooLarge(Int64)
    case notText
    case unparseable(String)

    public var description: String {
        switch self {
        case .missing(let p): return "no such file or directory: \(displaySource(p))"
        case .notADirectory(let p): return "not a directory: \(displaySource(p))"
        case .unreadable(let why): return why
        case .empty: return "empty file"
        case .binary(let kind): return "binary file (\(kind))"
        case .tooLarge(let size): return "file too large (\(size / (1 << 20)) MiB)"
        case .notText: return "not valid UTF-8, Latin-1 or UTF-16 text"
        case .unparseable(let why): return why
        }
    }
}
