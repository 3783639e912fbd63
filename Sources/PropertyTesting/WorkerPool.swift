import Foundation

/// Threads that run one job at a time together with the caller: the caller is worker 0, the threads 1 to N − 1.
///
/// Threads rather than Dispatch's pool, so that N workers are N at once even past the number of cores: a worker
/// that waits for a process's reply must not keep another worker's process from being driven.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var job: (@Sendable (Int) -> Void)?
    private var generation = 0
    private var busy = 0
    private var closed = false
    private let extra: Int

    /// Generators recurse as deep as the documents they build; give workers the main thread's stack size.
    static let stackSize = 16 << 20

    init(extraWorkers: Int) {
        extra = extraWorkers
        for worker in 1...extraWorkers {
            let thread = Thread { [self] in loop(worker: worker) }
            thread.stackSize = Self.stackSize
            thread.start()
        }
    }

    /// Runs `body` on every worker, the caller's thread as worker 0, and returns when all have returned.
    func perform(_ body: @escaping @Sendable (Int) -> Void) {
        condition.lock()
        job = body
        generation += 1
        busy = extra
        condition.broadcast()
        condition.unlock()
        body(0)
        condition.lock()
        while busy > 0 { condition.wait() }
        job = nil
        condition.unlock()
    }

    /// Ends the threads once they are idle.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func loop(worker: Int) {
        var seen = 0
        while true {
            condition.lock()
            while generation == seen && !closed { condition.wait() }
            if closed {
                condition.unlock()
                return
            }
            seen = generation
            let body = job!
            condition.unlock()
            body(worker)
            condition.lock()
            busy -= 1
            condition.broadcast()
            condition.unlock()
        }
    }
}
