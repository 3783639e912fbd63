import Foundation

/// Runs a check's generated runs ahead of the engine on several workers, and hands them out in run order.
///
/// Each run is seeded from the check's seed and its own index, and each worker tests with its own instance of the
/// system, so which worker ran a run cannot change its record. The engine consumes the records one by one in index
/// order, exactly as it would have computed them itself, which is why the result is the same for every number of
/// workers. Runs computed past the point where the engine stops (a failure cap, a time limit) are discarded.
///
/// The workers run ahead within a window (``RunWindow``) that starts at two runs per worker and widens as the engine
/// takes runs, up to ``maxWindow``: the first failure is met after few wasted runs, and a long check keeps every
/// worker busy while the engine counts coverage or shrinks. With one worker nothing runs ahead: each run is computed
/// when the engine asks for it.
final class RunAhead: @unchecked Sendable {
    /// One run: what it produced, and the choices it drew if it failed (the engine replays and shrinks those).
    ///
    /// A run that did not fail lets its source go where it was drawn: on the worker that drew it, whose allocator
    /// made its buffers. Handed to the engine's thread, every run's source was freed there, into another thread's
    /// heap, at the cost of that heap's lock and of the other thread's cache.
    typealias Computed = (failedChoices: [UInt64]?, record: RunTally)

    /// What `test` produced on `source`, for the engine.
    static func computed(_ source: ChoiceSource, _ test: (ChoiceSource) -> RunTally) -> Computed {
        let record = test(source)
        guard case .failed = record.outcome else { return (nil, record) }
        return (source.choices, record)
    }

    private let test: @Sendable (ChoiceSource) -> RunTally
    private let source: @Sendable (UInt64) -> ChoiceSource
    private let first: UInt64
    private let stride: UInt64
    private let window: RunWindow?
    private let workers: Int
    /// Runs taken so far.
    private var taken = 0
    /// The index of the last run taken.
    private(set) var lastTaken: UInt64?

    /// The most runs computed ahead of the engine.
    static let maxWindow = 1024

    init(
        tests: [@Sendable (ChoiceSource) -> RunTally], first: UInt64, stride: UInt64,
        source: @escaping @Sendable (UInt64) -> ChoiceSource, halted: @escaping @Sendable () -> Bool
    ) {
        precondition(!tests.isEmpty, "a check needs at least one worker")
        test = tests[0]
        self.source = source
        self.first = first
        self.stride = stride
        workers = tests.count
        guard tests.count > 1 else {
            window = nil
            return
        }
        window = RunWindow(workers: tests.count, capacity: Self.maxWindow) { offset, worker in
            guard !halted() else { return nil }
            let index = first + UInt64(offset) * stride
            let drawn = source(index)
            return RunPhase.generating(index) { RunAhead.computed(drawn, tests[worker]) }
        }
    }

    deinit { window?.close() }

    /// Stops the workers once the engine will take no more runs, so that none computes a run in vain while the engine
    /// shrinks; waits for the runs they are computing. Taking a run after this is an error.
    func finish() { window?.close() }

    /// The next run in index order, with its index; `nil` when the workers were halted before computing it.
    /// `wanted` is how many more runs the engine expects to need at most, so that little is computed in vain.
    func take(wanted: Int) -> (index: UInt64, computed: Computed)? {
        let index = first + UInt64(taken) * stride
        guard let window else {
            taken += 1
            lastTaken = index
            let drawn = source(index)
            return (index, RunPhase.generating(index) { Self.computed(drawn, test) })
        }
        let ahead = min(2 * workers + taken, Self.maxWindow, max(wanted, 1))
        guard let computed = window.take(reach: taken + ahead) else { return nil }
        taken += 1
        lastTaken = index
        return (index, computed)
    }
}
