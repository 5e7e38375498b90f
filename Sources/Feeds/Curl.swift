#if canImport(Glibc)
import Glibc
#endif

/// libcurl, loaded with `dlopen` the first time a feed is fetched, so that commands which never fetch
/// (`lore search`, `lore ask`) load no more libraries than before (ARCHITECTURE.md has the numbers).
///
/// `curl_easy_setopt` and `curl_easy_getinfo` are variadic in C; they are called here through
/// non-variadic pointer types with one integer or pointer argument, which is the same call on the
/// System V x86-64 and AArch64 Linux ABIs (the only ones lore builds for).
final class Curl: @unchecked Sendable {
    typealias Handle = OpaquePointer
    let easyInit: @convention(c) () -> Handle?
    let cleanup: @convention(c) (Handle) -> Void
    let perform: @convention(c) (Handle) -> CInt
    let setLong: @convention(c) (Handle, CInt, Int) -> CInt
    let setPointer: @convention(c) (Handle, CInt, UnsafeRawPointer?) -> CInt
    let getInfo: @convention(c) (Handle, CInt, UnsafeMutableRawPointer) -> CInt
    let strerror: @convention(c) (CInt) -> UnsafePointer<CChar>?
    let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> OpaquePointer?
    let slistFree: @convention(c) (OpaquePointer?) -> Void

    /// Option and info numbers from curl.h (stable across libcurl 7 and 8).
    enum Option: CInt {
        case writeData = 10001, url = 10002, errorBuffer = 10010, userAgent = 10018, httpHeader = 10023, caInfo = 10065
        case headerData = 10029, acceptEncoding = 10102, protocols = 10318, redirectProtocols = 10319
        case writeFunction = 20011, headerFunction = 20079
        case followLocation = 52, noSignal = 99, maxFileSize = 114, timeoutMS = 155, connectTimeoutMS = 156
    }
    static let infoResponseCode: CInt = 0x200002
    static let infoRedirectURL: CInt = 0x100000 + 31
    static let infoContentType: CInt = 0x100000 + 18

    /// The shared instance, or an error naming the missing library.
    static let shared: Result<Curl, FeedError> = {
        for name in ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"] {
            if let lib = dlopen(name, RTLD_NOW | RTLD_LOCAL), let curl = Curl(lib) {
                // CURL_GLOBAL_DEFAULT (SSL); done once, before any thread uses curl.
                if let initAll = dlsym(lib, "curl_global_init") {
                    _ = unsafeBitCast(initAll, to: (@convention(c) (Int) -> CInt).self)(3)
                }
                return .success(curl)
            }
        }
        return .failure(.setup("lore update needs libcurl (Debian package libcurl4), which could not be loaded"))
    }()

    private init?(_ lib: UnsafeMutableRawPointer) {
        func sym<T>(_ name: String, _: T.Type) -> T? { dlsym(lib, name).map { unsafeBitCast($0, to: T.self) } }
        guard let a = sym("curl_easy_init", (@convention(c) () -> Handle?).self),
              let b = sym("curl_easy_cleanup", (@convention(c) (Handle) -> Void).self),
              let c = sym("curl_easy_perform", (@convention(c) (Handle) -> CInt).self),
              let d = sym("curl_easy_setopt", (@convention(c) (Handle, CInt, Int) -> CInt).self),
              let e = sym("curl_easy_setopt", (@convention(c) (Handle, CInt, UnsafeRawPointer?) -> CInt).self),
              let f = sym("curl_easy_getinfo", (@convention(c) (Handle, CInt, UnsafeMutableRawPointer) -> CInt).self),
              let g = sym("curl_easy_strerror", (@convention(c) (CInt) -> UnsafePointer<CChar>?).self),
              let h = sym("curl_slist_append", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> OpaquePointer?).self),
              let i = sym("curl_slist_free_all", (@convention(c) (OpaquePointer?) -> Void).self)
        else { return nil }
        (easyInit, cleanup, perform, setLong, setPointer, getInfo, strerror, slistAppend, slistFree) = (a, b, c, d, e, f, g, h, i)
    }

    func set(_ h: Handle, _ o: Option, _ v: Int) { _ = setLong(h, o.rawValue, v) }
    func set(_ h: Handle, _ o: Option, _ v: UnsafeRawPointer?) { _ = setPointer(h, o.rawValue, v) }

    /// Sets a string option; libcurl copies string options, so the buffer may go afterwards.
    func set(_ h: Handle, _ o: Option, _ s: String) -> CInt {
        s.withCString { setPointer(h, o.rawValue, UnsafeRawPointer($0)) }
    }

    func message(_ code: CInt) -> String { strerror(code).map { String(cString: $0) } ?? "curl error \(code)" }
}
