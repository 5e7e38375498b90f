#if canImport(Glibc)
import Glibc
#endif

/// Where output goes and how it may look: colour and pacing only on a terminal without NO_COLOR.
struct Terminal {
    static let stdoutIsTTY = isatty(1) == 1
    static let stderrIsTTY = isatty(2) == 1
    static let stdinIsTTY = isatty(0) == 1
    static let colour = stdoutIsTTY && env("NO_COLOR") == nil && env("TERM") != "dumb"
    static let stderrColour = stderrIsTTY && env("NO_COLOR") == nil && env("TERM") != "dumb"

    static var width: Int {
        var ws = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0 { return Int(ws.ws_col) }
        if let c = env("COLUMNS"), let n = Int(c), n > 0 { return n }
        return 80
    }
    static var height: Int {
        var ws = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0 { return Int(ws.ws_row) }
        return 24
    }
}

/// Raw writes to a file descriptor, so streamed tokens appear at once and never reorder.
enum Out {
    static func write(_ s: String, fd: Int32 = 1) {
        var s = s
        s.withUTF8 { buf in
            var off = 0
            while off < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
                if n < 0 { if errno == EINTR { continue }; return }
                off += n
            }
        }
    }
    static func line(_ s: String = "") { write(s + "\n") }
    static func err(_ s: String) { write(s + "\n", fd: 2) }
}

/// ANSI styling, applied only when colour is allowed.
enum Style {
    static func bold(_ s: String, on: Bool = Terminal.colour) -> String { on ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    static func dim(_ s: String, on: Bool = Terminal.colour) -> String { on ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    static func cyan(_ s: String, on: Bool = Terminal.colour) -> String { on ? "\u{1B}[36m\(s)\u{1B}[0m" : s }
    static func yellow(_ s: String, on: Bool = Terminal.colour) -> String { on ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
    static func green(_ s: String, on: Bool = Terminal.colour) -> String { on ? "\u{1B}[32m\(s)\u{1B}[0m" : s }
    static func highlight(_ s: String, on: Bool = Terminal.colour) -> String { on ? "\u{1B}[1;33m\(s)\u{1B}[0m" : s }
}

/// Removes every control character except newline and tab, so text from the corpus can never
/// drive the terminal (escape sequences, OSC 52 clipboard writes, screen clears).
func sanitize(_ s: String, keepNewlines: Bool = true) -> String {
    if !s.unicodeScalars.contains(where: isControl) { return s }
    var out = String.UnicodeScalarView()
    for u in s.unicodeScalars {
        if isControl(u) {
            if keepNewlines && (u == "\n" || u == "\t") { out.append(u) } else if u == "\n" || u == "\t" { out.append(" ") }
            continue
        }
        out.append(u)
    }
    return String(out)
}

@inline(__always) func isControl(_ u: Unicode.Scalar) -> Bool {
    let v = u.value
    return v < 0x20 || v == 0x7F || (v >= 0x80 && v < 0xA0) || v == 0x2028 || v == 0x2029
}
