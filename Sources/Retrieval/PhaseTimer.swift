#if canImport(Glibc)
import Glibc
#endif

/// With LORE_TIMING set, `lore index` prints the seconds each phase took to stderr (for profiling;
/// off by default and never part of the output).
struct PhaseTimer {
    let enabled = getenv("LORE_TIMING") != nil
    var last = ContinuousClock.now

    mutating func mark(_ phase: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let d = now - last
        last = now
        let ms = d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
        let line = Array("lore timing: \(phase) \(ms) ms\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
