#if canImport(Glibc)
import Glibc
#endif

/// With LORE_TIMING set, `lore index` prints the milliseconds each phase took to stderr (for
/// profiling; off by default and never part of the output).
struct PhaseTimer {
    let enabled = getenv("LORE_TIMING") != nil
    var last = ContinuousClock.now

    mutating func mark(_ phase: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let d = now - last
        last = now
        let line = Array("lore timing: \(phase) \(PhaseTimer.ms(d)) ms\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    static func ms(_ d: Duration) -> Int64 {
        d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    }
}
