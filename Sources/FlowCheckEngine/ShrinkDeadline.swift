import Synchronization

/// When a suite's own shrinking pass must stop calling the implementation: a hang's every candidate costs a whole step
/// timeout, so its pass gets about as many tries as the engine gave it, in time measured on those tries.
///
/// Past the deadline a candidate is not run: it is taken not to fail, which a shrinking pass reads as "keep what you
/// have". Shared by a suite's properties (one per worker); only the first worker's refines, the others never see it set.
final class ShrinkDeadline: Sendable {
    private let instant = Mutex<ContinuousClock.Instant?>(nil)

    /// Whether a candidate may still be run.
    var allowsCall: Bool { instant.withLock { $0.map { ContinuousClock.now < $0 } ?? true } }

    /// Sets the deadline, or lifts it with `nil`.
    func set(_ deadline: ContinuousClock.Instant?) { instant.withLock { $0 = deadline } }

    /// The deadline for refining a hang, `tries` candidates from now at the cost of one replay of it: `replay` runs the
    /// hang once (on a fresh process, which also shows it recurs) and is timed.
    static func forHang(tries: Int, replay: () -> Void) -> ContinuousClock.Instant {
        let cost = ContinuousClock().measure(replay)
        return .now + cost * tries
    }
}
