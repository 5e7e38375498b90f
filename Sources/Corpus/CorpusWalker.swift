#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A candidate article file found in the corpus directory.
public struct CorpusFile: Sendable, Equatable {
    public let path: String
    /// Relative to the corpus directory, `/`-separated.
    public let source: String
    public let size: Int64
    /// Nanoseconds since the epoch.
    public let mtime: Int64
    public init(path: String, source: String, size: Int64, mtime: Int64) {
        self.path = path; self.source = source; self.size = size; self.mtime = mtime
    }
}

/// A file or directory that was not read, and why.
public struct SkippedFile: Sendable, Equatable {
    public let source: String
    public let reason: String
    public init(source: String, reason: String) { self.source = source; self.reason = reason }
}

/// The result of walking a corpus directory.
public struct CorpusWalk: Sendable {
    public var files: [CorpusFile]
    public var skipped: [SkippedFile]
}

/// What the walker does with a symbolic link inside the corpus. ripgrep and find do not follow them by
/// default: a downloaded corpus with a link to `~/.ssh/id_rsa` must not put the key into the index.
public enum SymlinkPolicy: String, Sendable, Equatable {
    /// Report each link as skipped; read nothing through it (the default).
    case skip
    /// Follow links whose target lies inside the corpus directory; skip the others.
    case inside
    /// Follow every link, wherever it points.
    case anywhere
}

/// Lists corpus files recursively without recursion: hidden names skipped, symlinks skipped unless the
/// policy says otherwise (then resolved, kept inside the corpus unless `.anywhere`, with (device, inode)
/// loop detection), unreadable entries reported rather than fatal. Every listed `path` is free of
/// symbolic links (the root is resolved, a followed link is replaced by its target), so `readFile`
/// opens it with `O_NOFOLLOW`.
public enum CorpusWalker {
    public static func walk(_ directory: String, symlinks: SymlinkPolicy = .skip) throws(CorpusError) -> CorpusWalk {
        var st = stat()
        guard stat(absolute(directory), &st) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .missing(directory) : .unreadable(reason(errno))
        }
        guard st.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(directory) }
        guard let root = resolved(absolute(directory)) else { throw .unreadable(reason(errno)) }
        guard let probe = opendir(root) else { throw .unreadable(reason(errno)) }
        closedir(probe)

        var files: [CorpusFile] = [], skipped: [SkippedFile] = []
        var visited: Set<[UInt64]> = [[UInt64(st.st_dev), UInt64(st.st_ino)]]
        var pending: [(path: String, source: String)] = [(root, "")]
        while let (dirPath, dirSource) = pending.popLast() {
            guard let dir = opendir(dirPath) else {
                skipped.append(SkippedFile(source: dirSource, reason: reason(errno))); continue
            }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(validatingCString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                }
                guard let name else {
                    skipped.append(SkippedFile(source: dirSource.isEmpty ? "?" : dirSource + "/?", reason: "file name is not valid UTF-8"))
                    continue
                }
                if name.hasPrefix(".") { continue }
                var path = dirPath == "/" ? "/" + name : dirPath + "/" + name
                let source = dirSource.isEmpty ? name : dirSource + "/" + name
                var lst = stat(), tst = stat()
                guard lstat(path, &lst) == 0 else { skipped.append(SkippedFile(source: source, reason: reason(errno))); continue }
                let isLink = lst.st_mode & S_IFMT == S_IFLNK
                if isLink {
                    switch follow(path, root: root, policy: symlinks) {
                    case .failure(let why): skipped.append(SkippedFile(source: source, reason: why.text)); continue
                    case .success(let target): path = target
                    }
                    guard stat(path, &tst) == 0 else { skipped.append(SkippedFile(source: source, reason: reason(errno))); continue }
                } else { tst = lst }
                switch tst.st_mode & S_IFMT {
                case S_IFDIR:
                    let key = [UInt64(tst.st_dev), UInt64(tst.st_ino)]
                    guard !visited.contains(key) else {
                        skipped.append(SkippedFile(source: source, reason: isLink ? "symbolic link loop" : "directory already visited"))
                        continue
                    }
                    visited.insert(key)
                    pending.append((path, source))
                case S_IFREG:
                    guard access(path, R_OK) == 0 else { skipped.append(SkippedFile(source: source, reason: reason(errno))); continue }
                    if tst.st_size > Int64(ArticleParser.maxJSONLinesSize) {
                        skipped.append(SkippedFile(source: source, reason: "file too large (\(tst.st_size >> 20) MiB)")); continue
                    }
                    let mtime = Int64(tst.st_mtim.tv_sec) * 1_000_000_000 + Int64(tst.st_mtim.tv_nsec)
                    files.append(CorpusFile(path: path, source: source, size: Int64(tst.st_size), mtime: mtime))
                default:
                    skipped.append(SkippedFile(source: source, reason: "not a regular file"))
                }
            }
        }
        files.sort { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
        skipped.sort { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
        return CorpusWalk(files: files, skipped: skipped)
    }

    /// The reason a link is not followed as a `SkippedFile` reason. Shown once per link by the CLI.
    public static let linkNotFollowed = "symbolic link not followed (--follow-symlinks follows links inside the corpus)"
    public static let linkOutside = "symbolic link points outside the corpus (--follow-symlinks-anywhere follows it)"

    /// The link's target with every link resolved, if the policy allows following it.
    private static func follow(_ link: String, root: String, policy: SymlinkPolicy) -> Result<String, SkipReason> {
        guard policy != .skip else { return .failure(SkipReason(linkNotFollowed)) }
        guard let target = resolved(link) else {
            let e = errno
            return .failure(SkipReason(e == ELOOP ? "symbolic link loop" : e == ENOENT ? "broken symbolic link" : reason(e)))
        }
        if policy == .inside && !(target == root || target.hasPrefix(root == "/" ? "/" : root + "/")) {
            return .failure(SkipReason(linkOutside))
        }
        return .success(target)
    }

    /// Whether a skip reason is the link policy's (as opposed to a file unreadable for now).
    public static func isLinkPolicy(_ reason: String) -> Bool { reason == linkNotFollowed || reason == linkOutside }

    struct SkipReason: Error { let text: String; init(_ t: String) { text = t } }

    /// `realpath(3)`: absolute, no `.`/`..`, no symbolic links; nil (errno set) when it cannot be resolved.
    static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Reads a whole file; errors carry a short reason (e.g. "permission denied"). A symbolic link as the
    /// last component is refused: the walker lists resolved paths, so a link there was put in since.
    public static func readFile(_ path: String) throws(CorpusError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw errno == ENOENT ? .missing(path) : .unreadable(reason(errno)) }
        defer { close(fd) }
        var st = stat()
        let expected = fstat(fd, &st) == 0 ? Int(st.st_size) : 0
        if expected > ArticleParser.maxJSONLinesSize { throw .tooLarge(Int64(expected)) }
        // One byte to spare, so that reading a file of the expected size to its end takes no growth.
        var size = max(expected + 1, 1 << 16)
        var bytes: [UInt8] = []
        while true {
            var full = false
            var failure: Int32 = 0
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                _ = buffer.initialize(from: previous)
                count = previous.count
                while count < size {
                    let n = read(fd, buffer.baseAddress! + count, size - count)
                    if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                    if n == 0 { return }
                    count += n
                }
                full = true
            }
            if failure != 0 { throw .unreadable(reason(failure)) }
            if !full { return bytes }
            if size > ArticleParser.maxJSONLinesSize { throw .tooLarge(Int64(size)) }
            size *= 2
        }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ELOOP: return "symbolic link loop"
        case ENOENT: return "no such file or directory"
        case EISDIR: return "is a directory"
        case ENAMETOOLONG: return "file name too long"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    static func absolute(_ path: String) -> String {
        var p = path
        if !p.hasPrefix("/") {
            var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let cwd = getcwd(&buf, buf.count) != nil ? String(decoding: buf.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "."
            p = p == "." ? cwd : cwd + "/" + p
        }
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }
}
