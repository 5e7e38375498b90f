#if canImport(Glibc)
import Glibc
#endif

/// What one GET asks for: the feed's URL and the validators the server gave last time.
public struct FetchRequest: Sendable {
    public var url: String
    public var etag: String?
    public var lastModified: String?
    public init(url: String, etag: String?, lastModified: String?) {
        self.url = url; self.etag = etag; self.lastModified = lastModified
    }
}

/// How a GET ended.
public struct FetchResult: Sendable {
    public enum Outcome: Sendable { case fetched([UInt8]), notModified, failed(String) }
    public var outcome: Outcome
    public var etag: String?
    public var lastModified: String?
    /// Where the feed now lives when every redirect on the way was permanent (301/308).
    public var movedTo: String?
}

/// Limits for every feed fetch.
public struct FetchLimits: Sendable {
    public var timeoutSeconds: Int
    public var maxBytes: Int
    public var maxRedirects = 5
    /// A PEM file of certificate authorities to trust besides the system's (nil: the system's only).
    public var caFile: String?
    public init(timeoutSeconds: Int, maxBytes: Int, caFile: String? = nil) {
        self.timeoutSeconds = timeoutSeconds; self.maxBytes = maxBytes; self.caFile = caFile
    }
}

/// HTTP and HTTPS GETs through libcurl: gzip/deflate bodies decoded, redirects followed here (not by
/// curl) so a permanent move can be told from a temporary one, conditional GET, a deadline and a
/// size limit per feed.
public struct HTTPFetcher: Sendable {
    let curl: Curl
    public let limits: FetchLimits

    public init(limits: FetchLimits) throws(FeedError) {
        curl = try Curl.shared.get()
        self.limits = limits
    }

    /// Fetches one feed, following at most `maxRedirects` redirects within one deadline.
    public func fetch(_ request: FetchRequest) -> FetchResult {
        var url = request.url, permanent = true
        let deadline = monotonicMS() + limits.timeoutSeconds * 1000
        for _ in 0 ... limits.maxRedirects {
            let hop = get(url, request, msLeft: max(1, deadline - monotonicMS()))
            switch hop {
            case .failed(let reason): return FetchResult(outcome: .failed(reason))
            case .redirect(let to, let status):
                let scheme = to.prefix(8).lowercased()
                guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://") else {
                    return FetchResult(outcome: .failed("redirected to a non-HTTP address"))
                }
                permanent = permanent && (status == 301 || status == 308)
                url = to
            case .done(let outcome, let etag, let modified):
                let moved = permanent && url != request.url ? url : nil
                return FetchResult(outcome: outcome, etag: etag, lastModified: modified, movedTo: moved)
            }
        }
        return FetchResult(outcome: .failed("more than \(limits.maxRedirects) redirects"))
    }

    enum Hop { case failed(String), redirect(String, Int), done(FetchResult.Outcome, String?, String?) }

    private func get(_ url: String, _ request: FetchRequest, msLeft: Int) -> Hop {
        guard let h = curl.easyInit() else { return .failed("libcurl could not start a transfer") }
        defer { curl.cleanup(h) }
        let box = Transfer(limit: limits.maxBytes)
        let ctx = Unmanaged.passUnretained(box).toOpaque()
        var errorBuffer = [CChar](repeating: 0, count: 256)
        var headers: OpaquePointer?
        defer { curl.slistFree(headers) }
        if let e = request.etag { headers = curl.slistAppend(headers, "If-None-Match: " + e) }
        if let m = request.lastModified { headers = curl.slistAppend(headers, "If-Modified-Since: " + m) }
        _ = curl.set(h, .url, url)
        _ = curl.set(h, .protocols, "http,https")
        _ = curl.set(h, .redirectProtocols, "http,https")
        _ = curl.set(h, .acceptEncoding, "")   // every encoding libcurl can decode (gzip, deflate)
        _ = curl.set(h, .userAgent, "lore/0.1 (feed reader)")
        if let ca = limits.caFile { _ = curl.set(h, .caInfo, ca) }
        curl.set(h, .followLocation, 0)
        curl.set(h, .noSignal, 1)
        curl.set(h, .timeoutMS, msLeft)
        curl.set(h, .connectTimeoutMS, min(msLeft, 10_000))
        curl.set(h, .maxFileSize, limits.maxBytes)
        curl.set(h, .httpHeader, UnsafeRawPointer(headers))
        curl.set(h, .writeFunction, unsafeBitCast(Transfer.write, to: UnsafeRawPointer.self))
        curl.set(h, .writeData, UnsafeRawPointer(ctx))
        curl.set(h, .headerFunction, unsafeBitCast(Transfer.header, to: UnsafeRawPointer.self))
        curl.set(h, .headerData, UnsafeRawPointer(ctx))
        let rc = errorBuffer.withUnsafeMutableBufferPointer { buf in
            curl.set(h, .errorBuffer, UnsafeRawPointer(buf.baseAddress))
            return curl.perform(h)
        }
        if rc != 0 { return .failed(reason(rc, box, errorBuffer)) }
        var status = 0
        _ = curl.getInfo(h, Curl.infoResponseCode, &status)
        return hop(h, status: status, box)
    }

    private func hop(_ h: Curl.Handle, status: Int, _ box: Transfer) -> Hop {
        switch status {
        case 301, 302, 303, 307, 308:
            var p: UnsafePointer<CChar>?
            _ = curl.getInfo(h, Curl.infoRedirectURL, &p)
            guard let p else { return .failed("HTTP \(status) without a Location") }
            return .redirect(String(cString: p), status)
        case 304: return .done(.notModified, box.headers["etag"], box.headers["last-modified"])
        case 200 ..< 300: return .done(.fetched(box.body), box.headers["etag"], box.headers["last-modified"])
        default: return .failed("HTTP \(status)")
        }
    }

    private func reason(_ rc: CInt, _ box: Transfer, _ buffer: [CChar]) -> String {
        if box.exceeded || rc == 63 { return "larger than the size limit of \(limits.maxBytes) bytes" }
        if rc == 28 { return "timed out after \(limits.timeoutSeconds) s" }
        let detail = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return detail.isEmpty ? curl.message(rc) : detail
    }
}

/// The body and response headers of one transfer, filled in by libcurl's callbacks.
final class Transfer {
    var body: [UInt8] = []
    var headers: [String: String] = [:]
    let limit: Int
    var exceeded = false
    init(limit: Int) { self.limit = limit }

    static let write: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, ctx in
        let t = Unmanaged<Transfer>.fromOpaque(ctx!).takeUnretainedValue()
        let n = size * count
        guard t.body.count + n <= t.limit else { t.exceeded = true; return 0 }   // 0 makes curl stop
        if let data { data.withMemoryRebound(to: UInt8.self, capacity: n) { t.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: n)) } }
        return n
    }

    static let header: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, ctx in
        let t = Unmanaged<Transfer>.fromOpaque(ctx!).takeUnretainedValue()
        let n = size * count
        guard let data, n < 8192 else { return n }
        let line = data.withMemoryRebound(to: UInt8.self, capacity: n) { String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self) }
        if line.hasPrefix("HTTP/") { t.headers = [:]; return n }
        guard let colon = line.firstIndex(of: ":") else { return n }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmed(of: " \t\r\n")
        if !value.isEmpty { t.headers[name] = value }
        return n
    }
}

func monotonicMS() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000
}

extension StringProtocol {
    func trimmed(of set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s.removeFirst() }
        while let l = s.last, chars.contains(l) { s.removeLast() }
        return String(s)
    }
}
