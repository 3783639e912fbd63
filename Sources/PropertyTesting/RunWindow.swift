import Foundation

/// The runs a check's workers have claimed ahead of the engine, and the threads that compute them.
///
/// Runs are claimed in index order, below a limit the engine raises as it takes them, and kept in a ring until the
/// engine takes them in that order. The extra workers are threads of their own, so that they go on while the engine
/// counts coverage or shrinks a failure; the caller's thread is worker 0 and computes the first unclaimed run itself
/// whenever the run it waits for is not ready. Threads rather than Dispatch's pool, so that N workers are N at once
/// even past the number of cores: a worker that waits for a process's reply must not keep another worker's process
/// from being driven.
final class RunWindow: @unchecked Sendable {
    typealias Computed = RunAhead.Computed

    private enum Slot {
        case empty
        /// A worker saw the check halted before computing the run.
        case halted
        case done(Computed)
    }

    /// Generators recurse as deep as the documents they build; give workers the main thread's stack size.
    static let stackSize = 16 << 20

    /// Let go of at ``close()``, so that the systems it captures are released on the caller's thread, not on the
    /// last worker to end.
    private var compute: (@Sendable (_ offset: Int, _ worker: Int) -> Computed?)?
    private let condition = NSCondition()
    private var slots: [Slot]
    /// Offsets from the first run: the next to claim, the next the engine takes, and the first not to claim yet.
    private var claimed = 0
    private var head = 0
    private var limit = 0
    private var closed = false
    private var running: Int
    private var engineWaits = false
    private var idleWorkers = 0

    /// Starts `workers - 1` threads that compute runs by offset (`compute` returns `nil` for a halted check); at most
    /// `capacity` runs are claimed ahead of the engine.
    init(workers: Int, capacity: Int, compute: @escaping @Sendable (_ offset: Int, _ worker: Int) -> Computed?) {
        precondition(workers > 1 && capacity > 0)
        self.compute = compute
        slots = Array(repeating: .empty, count: capacity)
        running = workers - 1
        for worker in 1..<workers {
            let thread = Thread { [self] in work(worker: worker) }
            thread.stackSize = Self.stackSize
            thread.start()
        }
    }

    /// The run at the head, once computed, or `nil` if it was halted; first lets the workers claim below `reach`,
    /// which must be past the head. One caller only (the engine), and not after ``close()``.
    func take(reach: Int) -> Computed? {
        condition.lock()
        defer { condition.unlock() }
        precondition(!closed && reach > head, "a run window takes runs in reach, before it is closed")
        let reach = min(reach, head + slots.count)
        if reach > limit {
            limit = reach
            if idleWorkers > 0 { condition.broadcast() }
        }
        while true {
            let position = head % slots.count
            switch slots[position] {
            case .done(let computed):
                slots[position] = .empty
                head += 1
                return computed
            case .halted:
                return nil
            case .empty where claimed < limit:
                let offset = claimed
                claimed += 1
                let compute = compute!
                condition.unlock()
                let computed = compute(offset, 0)
                condition.lock()
                slots[offset % slots.count] = computed.map(Slot.done) ?? .halted
            case .empty:
                engineWaits = true
                condition.wait()
                engineWaits = false
            }
        }
    }

    /// Stops the workers, waits until each has finished the run it was computing, and frees every run not taken.
    /// Closing again does nothing.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        let released = (slots, compute)
        slots = []
        compute = nil
        condition.unlock()
        withExtendedLifetime(released) {}
    }

    private func work(worker: Int) {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while !closed && claimed >= limit {
                idleWorkers += 1
                condition.wait()
                idleWorkers -= 1
            }
            if closed { break }
            let offset = claimed
            claimed += 1
            let compute = compute!
            condition.unlock()
            let computed = compute(offset, worker)
            condition.lock()
            slots[offset % slots.count] = computed.map(Slot.done) ?? .halted
            if engineWaits { condition.broadcast() }
        }
        running -= 1
        condition.broadcast()
    }
}
