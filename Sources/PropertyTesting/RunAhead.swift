import Foundation

/// Runs a check's generated runs ahead of the engine on several workers, and hands them out in run order.
///
/// Each run is seeded from the check's seed and its own index, and each worker tests with its own instance of the
/// system, so which worker ran a run cannot change its record. The engine consumes the records one by one in index
/// order, exactly as it would have computed them itself, which is why the result is the same for every number of
/// workers. Runs computed past the point where the engine stops (a failure cap, a time limit) are discarded.
///
/// With one worker nothing runs ahead: each run is computed when the engine asks for it.
final class RunAhead: @unchecked Sendable {
    /// One run: the source it drew from (its choices) and what it produced.
    typealias Computed = (source: ChoiceSource, record: RunRecord)

    private let tests: [@Sendable (ChoiceSource) -> RunRecord]
    private let source: @Sendable (UInt64) -> ChoiceSource
    private let stride: UInt64
    /// Whether workers should stop taking runs (a stop request, a spent time limit).
    private let halted: @Sendable () -> Bool
    private let pool: WorkerPool?

    private var next: UInt64
    private var ready: [Computed?] = []
    private var head = 0
    /// Runs per batch: grows while batches are quick, so the first failure is met after few wasted runs and long
    /// checks pay for few barriers; shrinks when a batch is slow, so a time limit or a stop is heard soon.
    private var batch: Int

    /// The largest batch, in runs.
    static let maxBatch = 1024

    init(
        tests: [@Sendable (ChoiceSource) -> RunRecord], first: UInt64, stride: UInt64,
        source: @escaping @Sendable (UInt64) -> ChoiceSource, halted: @escaping @Sendable () -> Bool
    ) {
        precondition(!tests.isEmpty, "a check needs at least one worker")
        self.tests = tests
        self.source = source
        self.stride = stride
        self.halted = halted
        self.next = first
        self.batch = 2 * tests.count
        pool = tests.count > 1 ? WorkerPool(extraWorkers: tests.count - 1) : nil
    }

    deinit { pool?.close() }

    /// The next run in index order, with its index; `nil` when the workers were halted before computing it.
    /// `wanted` is how many more runs the engine expects to need at most, so that little is computed in vain.
    func take(wanted: Int) -> (index: UInt64, computed: Computed)? {
        if head == ready.count {
            guard let pool else {
                let index = next
                next += stride
                let drawn = source(index)
                return (index, (drawn, tests[0](drawn)))
            }
            fill(count: min(batch, max(wanted, 1)), pool: pool)
        }
        let index = next + UInt64(head) * stride
        guard let computed = ready[head] else { return nil }
        ready[head] = nil
        head += 1
        if head == ready.count {
            next += UInt64(ready.count) * stride
            ready = []
            head = 0
        }
        return (index, computed)
    }

    /// Computes the next `count` runs on every worker.
    private func fill(count: Int, pool: WorkerPool) {
        let slots = UnsafeMutableBufferPointer<Computed?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            // The slots' references were copied into `ready`; release the slots' own before freeing them.
            _ = slots.deinitialize()
            slots.deallocate()
        }
        let claimed = Counter()
        let started = ContinuousClock.now
        let (first, stride, tests, source, halted) = (next, self.stride, tests, self.source, self.halted)
        let shared = SlotBuffer(slots)
        pool.perform { worker in
            while let offset = claimed.take(below: count), !halted() {
                let drawn = source(first + UInt64(offset) * stride)
                shared.buffer[offset] = (drawn, tests[worker](drawn))
            }
        }
        ready = Array(slots)
        head = 0
        // Keep batches to a few tenths of a second, whatever a run costs.
        let elapsed = ContinuousClock.now - started
        if elapsed < .milliseconds(100) {
            batch = min(batch * 2, Self.maxBatch)
        } else if elapsed > .milliseconds(400) {
            batch = max(batch / 2, tests.count)
        }
    }
}

/// The batch's result slots, written by the workers at distinct offsets and read after they all finished.
private final class SlotBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// Hands out offsets 0, 1, 2, … to whichever worker asks first.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
