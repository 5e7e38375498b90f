import Corpus
#if canImport(Glibc)
import Glibc
#endif

/// The file under the corpus directory where a subscription's articles live.
enum FeedFile {
    static let directory = "feeds"

    /// `feeds/HOST-HASH.xml`: readable, stable for the URL it was added with (a permanent redirect
    /// later keeps the file), and unique per URL.
    static func name(for url: String) -> String {
        let afterScheme = url.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        let host = afterScheme.count > 2 ? afterScheme[2].split(separator: "/").first.map(String.init) ?? "" : ""
        let safe = String(host.unicodeScalars.prefix(60).map { s -> Character in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == ".") ? Character(s) : "_"
        })
        return "\(directory)/\(safe.isEmpty ? "feed" : safe)-\(FeedEntries.hash(url.utf8).prefix(8)).xml"
    }

    /// Writes `bytes` to `corpus/file` through a hidden temporary file and a rename, so the indexer
    /// never reads half a file and a failed write leaves the previous one.
    static func write(_ bytes: [UInt8], to file: String, corpus: String) throws(FeedError) {
        let dir = corpus + "/" + directory
        if mkdir(dir, 0o755) != 0 && errno != EEXIST {
            throw .storage("cannot create \(dir): \(String(cString: strerror(errno)))")
        }
        let path = corpus + "/" + file
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let tmp = dir + "/." + base + ".tmp"
        guard let f = fopen(tmp, "wb") else { throw .storage("cannot write \(tmp): \(String(cString: strerror(errno)))") }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
        let flushed = fflush(f) == 0 && fsync(fileno(f)) == 0
        fclose(f)
        guard written == bytes.count, flushed, rename(tmp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            throw .storage("cannot write \(path): \(reason)")
        }
    }
}
