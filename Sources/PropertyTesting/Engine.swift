/// What one run produced, for the engine's bookkeeping.
struct RunTally {
    var outcome: TestOutcome
    var runLabels: [String] = []
    /// Every label given to a step of the run, one entry per occurrence.
    var stepLabels: [String] = []
    /// The same labels counted, when the property counts them itself (``stepLabels`` is then empty).
    var stepLabelCounts: LabelCounts?
    var steps = 0
    /// Per named trigger, how many of the run's units fell under it.
    var triggers = TriggerCounts.none
}

/// Why a check ended the way it did.
public enum PropertyVerdict: String, Hashable, Sendable, Codable {
    /// Every run held and every coverage requirement was met.
    case passed
    /// A run failed; the result carries the shrunk counterexamples.
    case failed
    /// Every run held, but a coverage requirement was not met: not a pass.
    case insufficientCoverage
    /// Too many inputs could not be completed (a filter rejected too much).
    case gaveUp
    /// The test aborted: the system under test could not be run.
    case errored
}

/// The part of a check that does not depend on the value type: runs, coverage, shrinking.
///
/// After a failure the engine goes on generating until the budget is spent, and keeps one failure per origin:
/// each is shrunk on its own, and a candidate that fails with another origin is never taken (no slipping). Such a
/// candidate is kept aside instead, and shrunk later when no generated run brought its origin.
struct Engine {
    let configuration: Configuration
    /// Executes the test on a source and says what happened: one per worker, each with its own system. The first
    /// also replays and shrinks.
    let tests: [@Sendable (ChoiceSource) -> RunTally]
    /// Told the number of completed runs every 25 runs, for a progress line.
    var progress: ((Int) -> Void)?

    struct Failure {
        var run: Int
        var origin: String
        var original: TestRun
        var shrunk: TestRun
        var statistics: ShrinkStatistics
        /// Generated runs that failed with this origin, the first included.
        var occurrences = 1
        /// The simplest later generated run of this origin, when simpler than the one shrunk: shrunk too once
        /// generation ends, since a shrinker stuck in a local minimum from one start often is not from another.
        var simplerStart: (run: Int, found: TestRun, origin: String)?

        /// What the shrunk run's failure is blamed on: its unit's triggers, sorted, or its origin when it has none.
        var cause: [String] { Engine.cause(of: shrunk.outcome) ?? [origin] }
    }

    /// Every trigger a failing outcome's unit falls under (``Falsification/unitRules``, else the blamed ones); `nil`
    /// when the outcome names none.
    static func unitRules(of outcome: TestOutcome) -> [String]? {
        guard case .failed(let falsification) = outcome else { return nil }
        return falsification.unitRules ?? falsification.unitTriggers
    }

    /// The rules a failing outcome's run fell under up to its divergence (``Falsification/comparedTriggers``);
    /// `nil` when the property does not count them.
    static func comparedRules(of outcome: TestOutcome) -> Set<String>? {
        guard case .failed(let falsification) = outcome, let counts = falsification.comparedTriggers else { return nil }
        return Set(counts.filter { $0.value > 0 }.keys)
    }

    /// The triggers a failing outcome's unit is blamed on, sorted; `nil` when the outcome names none (a breakdown
    /// blames no trigger, so that two breakdowns are told apart by their origins, never folded as one empty cause).
    static func cause(of outcome: TestOutcome) -> [String]? {
        guard case .failed(let falsification) = outcome, let unit = falsification.unitTriggers, !unit.isEmpty else {
            return nil
        }
        return Set(unit).sorted()
    }

    struct Result {
        var verdict: PropertyVerdict
        var runs = 0
        var invalidRuns = 0
        var coverage = CoverageTable()
        /// Per trigger, the generated runs whose diverging unit fell under it.
        var divergedTriggers: [String: Int] = [:]
        /// Per trigger, the diverging units that fell under it blamed on other triggers only.
        var maskedTriggers: [String: Int] = [:]
        var unmet: [CoverageRequirement] = []
        var undecided: [CoverageRequirement] = []
        /// One per origin, in the order found.
        var failures: [Failure] = []
        /// Origins whose shrunk failure had the cause of an earlier failure, and was folded into it.
        var folded: [String] = []
        /// Per trigger, the first few generated runs whose diverging unit was blamed on it: where a search for a
        /// failure of that trigger's own starts.
        var witnesses: [String: [(run: Int, found: TestRun)]] = [:]
        /// Why generation stopped.
        var stop = StopReason.budgetSpent
        var duration: Duration = .zero
        var lastInvalid: ChoiceSource.Stop?
        /// The index of the last generated run the engine took; runs computed past it were discarded.
        var lastTakenRun: UInt64?
    }

    /// Replays a choice sequence with spans recorded; a shrink's candidate with the `outcomes` of those before it.
    func replay(_ choices: [UInt64], outcomes: OutcomeMemo? = nil) -> TestRun {
        let source = ChoiceSource.replaying(choices, maxChoices: configuration.maxChoices)
        source.outcomes = outcomes
        let record = tests[0](source)
        return TestRun(outcome: record.outcome, choices: source.choices, spans: source.spans)
    }

    init(configuration: Configuration, tests: [@Sendable (ChoiceSource) -> RunTally]) {
        self.configuration = configuration
        self.tests = tests
    }

    /// An engine with one worker, the caller's thread: its test is never called from another thread.
    init(configuration: Configuration, test: @escaping (ChoiceSource) -> RunTally) {
        let single = CallerOnly(test)
        self.init(configuration: configuration, tests: [{ single.body($0) }])
    }

    /// Checks the property in its phases: generate runs until a reason to stop (shrinking each new failure as it
    /// comes), shrink what generation left, judge the verdict.
    func run() -> Result {
        let check = EngineRun(self)
        check.generate()
        check.shrinkAsides()
        check.shrinkFromSimplerStarts()
        return check.judge()
    }
}

/// A closure that is only ever called on the thread that made it, so it may capture what is not `Sendable`.
private final class CallerOnly: @unchecked Sendable {
    let body: (ChoiceSource) -> RunTally
    init(_ body: @escaping (ChoiceSource) -> RunTally) { self.body = body }
}
