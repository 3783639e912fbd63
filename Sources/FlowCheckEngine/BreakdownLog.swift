import FlowCheckCore
import PropertyTesting

/// One worker's implementation's breakdowns, each with the generated run it happened in, if any.
///
/// Workers compute runs ahead of the engine, so a breakdown in a run past the last one the engine took happens with
/// some `--jobs` and not with others: it is left out of what is reported, which the same seed must make the same.
/// Unchecked: only its worker's thread writes it, while the check runs; it is read once the check has returned.
final class BreakdownLog: @unchecked Sendable {
    let implementation: (any RecoveringImplementation)?
    /// Where its breakdowns stood when the suite began.
    let start: Int
    /// Positions in the implementation's breakdowns that generated runs added, with their runs' indices.
    private var fromGeneratedRuns: [(positions: Range<Int>, run: UInt64)] = []

    init(_ implementation: any Implementation) {
        self.implementation = implementation as? any RecoveringImplementation
        start = self.implementation?.breakdowns.count ?? 0
    }

    /// Runs `body`, a call into the implementation, noting the breakdowns it added if it is a generated run's.
    func attributing<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        guard let implementation, let run = RunPhase.generatedRun else { return try body() }
        let before = implementation.breakdowns.count
        defer {
            let after = implementation.breakdowns.count
            if after > before { fromGeneratedRuns.append((before..<after, run)) }
        }
        return try body()
    }

    /// The breakdowns since the suite began, each with the generated run it happened in (`nil`: a replay, a shrink's
    /// candidate, a description), oldest first; those of generated runs past `lastTaken` (of every generated run when
    /// the engine took none) are left out.
    func reported(lastTaken: UInt64?) -> [(run: UInt64?, text: String)] {
        guard let breakdowns = implementation?.breakdowns, breakdowns.count > start else { return [] }
        return (start..<breakdowns.count).compactMap { position in
            let run = fromGeneratedRuns.first { $0.positions.contains(position) }?.run
            if let run, lastTaken.map({ run > $0 }) ?? true { return nil }
            return (run, breakdowns[position])
        }
    }

    /// The breakdowns every worker reported, in an order no number of workers changes: those of generated runs by run,
    /// then the others (all on the first worker, which replays, shrinks and describes) as they happened.
    static func reported(_ logs: [BreakdownLog], lastTaken: UInt64?) -> [String] {
        let all = logs.flatMap { $0.reported(lastTaken: lastTaken) }
        let runs = all.compactMap { entry in entry.run.map { ($0, entry.text) } }
        return runs.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
            + all.filter { $0.run == nil }.map(\.text)
    }
}
