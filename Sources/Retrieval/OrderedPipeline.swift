import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Runs `work(worker, job)` for jobs 0, 1, … on `workers` threads and hands the results to one consumer
/// in job order. Each worker takes the lowest job not yet taken, and at most `window` results are taken
/// but not yet consumed, so memory stays bounded when the consumer is the slower side.
final class OrderedPipeline<Result>: @unchecked Sendable {
    private let count: Int
    private let window: Int
    private var results: [Result?]
    private var nextJob = 0, consumed = 0
    private var cancelled = false
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let running = DispatchGroup()

    init(jobs: Int, workers: Int, window: Int, work: @escaping @Sendable (_ worker: Int, _ job: Int) -> Result) {
        count = jobs
        self.window = max(window, workers)
        results = Array(repeating: nil, count: jobs)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
        for w in 0..<workers {
            running.enter()
            DispatchQueue.global().async { [self] in
                while let job = take() {
                    let r = work(w, job)
                    pthread_mutex_lock(mutex)
                    results[job] = r
                    pthread_cond_broadcast(changed)
                    pthread_mutex_unlock(mutex)
                }
                running.leave()
            }
        }
    }

    deinit {
        cancel()
        pthread_cond_destroy(changed); pthread_mutex_destroy(mutex)
        changed.deallocate(); mutex.deallocate()
    }

    /// The next job for a worker, nil when there is none (or the pipeline was cancelled).
    private func take() -> Int? {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        while !cancelled && nextJob < count && nextJob >= consumed + window { pthread_cond_wait(changed, mutex) }
        guard !cancelled && nextJob < count else { return nil }
        nextJob += 1
        return nextJob - 1
    }

    /// The result of the next job, waiting for it; nil after the last.
    func next() -> Result? {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        guard consumed < count, !cancelled else { return nil }
        while results[consumed] == nil { pthread_cond_wait(changed, mutex) }
        let r = results[consumed].take()
        consumed += 1
        pthread_cond_broadcast(changed)
        return r
    }

    /// Stops handing out jobs and waits for the jobs under way to finish.
    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        running.wait()
    }
}
