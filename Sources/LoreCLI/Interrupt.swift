import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while an answer streams: the handler only sets a flag; the streaming loop checks it.
enum Interrupt {
    static let flag = Atomic<Bool>(false)

    static func install() {
        // A parent may have started us with SIGINT blocked (some process launchers do): unblock it.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        signal(SIGINT) { _ in Interrupt.flag.store(true, ordering: .relaxed) }
    }
    static func reset() { flag.store(false, ordering: .relaxed) }
    static var requested: Bool { flag.load(ordering: .relaxed) }
}
