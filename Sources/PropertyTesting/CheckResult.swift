/// The outcome of checking a property: a verdict, counts, coverage and, on failure, the shrunk counterexample.
public struct CheckResult<Value> {
    /// The configuration the check ran with; its seed replays it.
    public let configuration: Configuration
    /// Passed, failed, insufficient coverage or gave up.
    public let verdict: PropertyVerdict
    /// Runs completed.
    public let runs: Int
    /// Runs whose input could not be completed.
    public let invalidRuns: Int
    /// How often each label appeared.
    public let coverage: CoverageTable
    /// Per trigger, the generated runs whose diverging unit fell under it (``Falsification/unitTriggers``).
    public let divergedTriggers: [String: Int]
    /// Per trigger, the diverging units of generated runs that fell under it, blamed on other triggers only
    /// (``Falsification/masked``).
    public let maskedTriggers: [String: Int]
    /// Per trigger, the first few generated runs whose diverging unit was blamed on it (at most 8), with their choices
    /// and every trigger their diverging unit fell under: where a search for a failure of that trigger's own starts.
    public let witnesses: [String: [(run: Int, choices: [UInt64], rules: [String])]]
    /// Requirements that were not met, or could not be decided.
    public let unmetCoverage: [CoverageRequirement]
    /// One shrunk counterexample per failure origin, in the order found, when the verdict is ``Verdict/failed``.
    public let counterexamples: [Counterexample<Value>]
    /// Why the check stopped generating runs.
    public let stop: StopReason
    /// Whether the check stopped generating because it had found ``Configuration/maxFailures`` distinct failures.
    public var failureCapReached: Bool { stop == .failureCap }
    /// The origin of a failure that ended generation by recurring in that many generated runs in a row
    /// (``Falsification/endsAfterRecurring``); `nil` when none did.
    public var endedByRecurrence: (origin: String, runs: Int)? {
        guard case .recurred(let origin, let runs) = stop else { return nil }
        return (origin, runs)
    }
    /// Whether the time limit ended the runs early.
    public var timedOut: Bool { stop == .timeLimit }
    /// Whether a ``StopRequest`` stopped the check before its budget was spent.
    public var interrupted: Bool { stop == .stopRequested }
    /// Why the check aborted, when the verdict is ``Verdict/errored``.
    public var abortMessage: String? {
        guard case .aborted(let message) = stop else { return nil }
        return message
    }
    /// The first counterexample found.
    public var counterexample: Counterexample<Value>? { counterexamples.first }
    /// Time spent running, shrinking excluded.
    public let duration: Duration
    let lastInvalid: ChoiceSource.Stop?
    /// The index of the last generated run the engine took (``RunPhase``); `nil` if it took none.
    package let lastTakenRun: UInt64?

    init(configuration: Configuration, engine: Engine.Result, counterexamples: [Counterexample<Value>]) {
        self.configuration = configuration
        self.verdict = engine.verdict
        self.runs = engine.runs
        self.invalidRuns = engine.invalidRuns
        self.coverage = engine.coverage
        divergedTriggers = engine.divergedTriggers
        maskedTriggers = engine.maskedTriggers
        witnesses = engine.witnesses.mapValues { list in
            list.map { ($0.run, $0.found.choices, Engine.unitRules(of: $0.found.outcome) ?? []) }
        }
        self.unmetCoverage = engine.unmet + engine.undecided
        self.counterexamples = counterexamples
        stop = engine.stop
        self.duration = engine.duration
        self.lastInvalid = engine.lastInvalid
        lastTakenRun = engine.lastTakenRun
    }

    /// Whether the property passed.
    public var passed: Bool { verdict == .passed }
}

extension CheckResult: CustomStringConvertible {
    /// A report a person can act on: the verdict, the seed that replays it, and the shrunk value.
    public var description: String {
        var lines: [String] = []
        let seed = "seed \(configuration.seed)"
        switch verdict {
        case .passed:
            lines.append("Passed \(runs) runs (\(seed))" + (timedOut ? ", stopped early by the time limit" : "") + ".")
        case .failed:
            guard !counterexamples.isEmpty else { lines.append("Failed (\(seed))."); break }
            if counterexamples.count > 1 {
                lines.append("Failed in \(counterexamples.count) distinct ways (\(seed)):")
            }
            for counterexample in counterexamples {
                lines.append("Failed on run \(counterexample.run + 1) (\(seed)): \(counterexample.message)")
                lines.append("Shrunk counterexample:")
                lines.append("  \(counterexample.value)")
                lines.append("Shrink: \(counterexample.shrink)")
                lines.append(
                    "Replay: run again with seed \(configuration.seed), or Property.replay(choices: \(counterexample.choices))"
                )
            }
            if failureCapReached && configuration.maxFailures > 1 {
                lines.append(
                    "Stopped after \(configuration.maxFailures) distinct failures (the cap); there may be more.")
            }
        case .insufficientCoverage:
            lines.append("Insufficient coverage after \(runs) runs (\(seed)); every run held, but:")
            for requirement in unmetCoverage {
                let seen = coverage.runsWithLabel[requirement.label] ?? 0
                lines.append("  - \(requirement): seen in \(seen) of \(runs) runs")
            }
        case .errored:
            lines.append("Could not run (\(seed)): \(abortMessage ?? "the test aborted")")
        case .gaveUp:
            lines.append(
                "Gave up after \(invalidRuns) inputs could not be generated (\(seed))"
                    + (lastInvalid.map { ": last reason \($0)" } ?? "") + ".")
        }
        return lines.joined(separator: "\n")
    }
}
