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
        /// Whether generation stopped because ``Configuration/maxFailures`` distinct failures were found.
        var capReached = false
        /// The origin, and the number of runs in a row, of a failure that ended generation by recurring
        /// (``Falsification/endsAfterRecurring``).
        var endedByRecurrence: (origin: String, runs: Int)?
        var duration: Duration = .zero
        var timedOut = false
        var interrupted = false
        var lastInvalid: ChoiceSource.Stop?
        var abortMessage: String?
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

    func run() -> Result {
        let clock = ContinuousClock()
        let started = clock.now
        var result = Result(verdict: .passed)
        let requirements = configuration.coverage
        let confidence = configuration.coverageConfidence
        var planned = configuration.shard.map { $0.share(of: configuration.runs) } ?? configuration.runs
        var ceiling = confidence.map { max($0.maxRuns, planned) } ?? planned
        var index = UInt64(configuration.shard?.index ?? 0)
        var stride = UInt64(configuration.shard?.count ?? 1)
        if let only = configuration.onlyRun {
            (planned, ceiling, index, stride) = (1, 1, UInt64(only), 1)
        }
        let (seed, maxChoices, limit, stop) = (
            configuration.seed, configuration.maxChoices, configuration.timeLimit, configuration.stop
        )
        let ahead = RunAhead(
            tests: tests, first: index, stride: stride,
            source: { index in ChoiceSource.run(Int(index), of: seed, maxChoices: maxChoices) },
            halted: { stop?.isRequested == true || limit.map { clock.now - started > $0 } ?? false })
        // The origin of the last generated run that failed, and how many in a row before it failed so.
        var streak: (origin: String, runs: Int)?
        // Failing runs met while shrinking another origin, by origin: shrunk at the end if no run brings theirs.
        var asides: [(origin: String, run: Int, found: TestRun)] = []

        func timeLeft() -> Duration? {
            configuration.timeLimit.map { max($0 - (clock.now - started), .milliseconds(1)) }
        }

        func shrink(_ original: TestRun, origin: String, run: Int) -> Failure {
            // The time limit bounds the whole check, shrinking included: shrink only in what is left of it.
            var limit = configuration.shrinkLimit
            if let left = timeLeft() { limit.time = limit.time.map { min($0, left) } ?? left }
            if case .failed(let falsification) = original.outcome, let calls = falsification.shrinkCalls {
                limit.calls = min(limit.calls, calls)
            }
            let outcomes = configuration.remembersOutcomes ? OutcomeMemo() : nil
            // A simpler case may not bring in a rule the original did not fall under: shown to a reader, that rule
            // would look like a second bug (a step stripped of its flow, rejected for the flow it lacks).
            let within = Self.comparedRules(of: original.outcome)
            let shrinker = Shrinker(failing: original, limit: limit, execute: { replay($0, outcomes: outcomes) }) {
                guard $0.origin == origin else { return false }
                guard let within, let rules = Self.comparedRules(of: $0) else { return true }
                return rules.isSubset(of: within)
            }
            shrinker.stop = configuration.stop
            shrinker.sawOther = { other in
                guard let found = other.outcome.origin, !asides.contains(where: { $0.origin == found }) else { return }
                asides.append((found, run, other))
            }
            let shrunk = Falsification.$laterWanted.withValue(false) { shrinker.shrink() }
            return Failure(
                run: run, origin: origin, original: original, shrunk: shrunk, statistics: shrinker.statistics)
        }

        /// Distinct causes among the failures: what the cap counts. Left out are causes an earlier check already
        /// reported, and combinations whose every trigger a cause with fewer triggers names (one bug met beside
        /// another, which a report folds into theirs).
        func distinctCauses() -> Int {
            let causes = Set(result.failures.map(\.cause)).subtracting(configuration.knownCauses)
            return causes.filter { cause in
                cause.count < 2
                    || !Set(cause).isSubset(
                        of: causes.filter { $0.count < cause.count && !Set($0).isDisjoint(with: cause) }.joined())
            }.count
        }

        // `generated`: whether `found` is a generated run, which counts among the runs that failed so (a failure met
        // only while shrinking another is no such run).
        func add(_ found: TestRun, origin: String, run: Int, generated: Bool = true) {
            let counted = generated ? 1 : 0
            if let known = result.failures.firstIndex(where: { $0.origin == origin }) {
                result.failures[known].occurrences += counted
                let failure = result.failures[known]
                if generated, isSimpler(found, than: failure.simplerStart?.found ?? failure.original) {
                    result.failures[known].simplerStart = (run, found, origin)
                }
                return
            }
            if result.folded.contains(origin) {
                if let same = result.failures.firstIndex(where: { Engine.cause(of: found.outcome) == $0.cause }) {
                    result.failures[same].occurrences += counted
                    let failure = result.failures[same]
                    if generated, isSimpler(found, than: failure.simplerStart?.found ?? failure.original) {
                        result.failures[same].simplerStart = (run, found, origin)
                    }
                }
                return
            }
            guard distinctCauses() < configuration.maxFailures else { return }
            let original = replay(found.choices)
            guard original.outcome.origin == origin else {
                // A test that fails only at random cannot be shrunk or replayed; report the run as is.
                result.failures.append(
                    Failure(
                        run: run, origin: origin, original: found, shrunk: found, statistics: ShrinkStatistics(),
                        occurrences: counted))
                return
            }
            var failure = shrink(original, origin: origin, run: run)
            failure.occurrences = counted
            // Another symptom of a cause already shrunk: folded into that failure with its count, not listed again.
            // The simpler of the two counterexamples stands for the cause.
            if let same = result.failures.firstIndex(where: { $0.cause == failure.cause }),
                Engine.cause(of: failure.shrunk.outcome) != nil
            {
                if isSimpler(failure.shrunk, than: result.failures[same].shrunk) {
                    failure.occurrences += result.failures[same].occurrences
                    result.folded.append(result.failures[same].origin)
                    result.failures[same] = failure
                } else {
                    result.failures[same].occurrences += failure.occurrences
                    result.folded.append(origin)
                }
                return
            }
            result.failures.append(failure)
            // The failure that reaches the cap ends generation.
            if distinctCauses() >= configuration.maxFailures { ahead.finish() }
        }

        loop: while result.runs < ceiling {
            if let limit = configuration.timeLimit, clock.now - started > limit {
                result.timedOut = true
                break
            }
            if configuration.stop?.isRequested == true {
                result.interrupted = true
                break
            }
            if result.runs >= planned {
                // Past the planned runs only to decide coverage, batch by batch.
                guard
                    result.runs % 100 != 0
                        || requirements.contains(where: { result.coverage.verdict($0, confidence: confidence) == nil })
                else { break }
            }
            guard let (drawn, (failedChoices, record)) = ahead.take(wanted: ceiling - result.runs) else {
                // A worker saw the time limit or the stop request before this run: as if seen here.
                if configuration.stop?.isRequested == true { result.interrupted = true } else { result.timedOut = true }
                break
            }
            let run = Int(drawn)
            if case .failed(let falsification) = record.outcome {
                let runs = streak?.origin == falsification.origin ? (streak?.runs ?? 0) + 1 : 1
                streak = (falsification.origin, runs)
            } else {
                streak = nil
            }
            switch record.outcome {
            case .passed:
                result.runs += 1
                result.coverage.add(record)
                if let progress, result.runs % 25 == 0 { progress(result.runs) }
            case .failed(let falsification):
                // The failing run executed its steps too: a report that said "1 run, 0 steps" would mislead. Its
                // triggers count only up to the unit that diverged: what came after was never compared.
                result.runs += 1
                var compared = record
                if let triggers = falsification.comparedTriggers { compared.triggers = TriggerCounts(triggers) }
                result.coverage.add(compared)
                for name in falsification.masked { result.maskedTriggers[name, default: 0] += 1 }
                if let unit = falsification.unitTriggers {
                    for name in Set(unit + falsification.later.joined()) {
                        result.divergedTriggers[name, default: 0] += 1
                    }
                } else {
                    for (name, units) in record.triggers.byName where units > 0 {
                        result.divergedTriggers[name, default: 0] += 1
                    }
                }
                guard let failedChoices else { preconditionFailure("a failed run hands over the choices it drew") }
                let found = TestRun(outcome: record.outcome, choices: failedChoices, spans: [])
                // A few per trigger: the search starts from the one that falls under the fewest rules other
                // failures name, and the first may fall under many. Those blamed on the fewest triggers, then
                // falling under the fewest, are kept: the first ones met are most often other bugs' cases, and the
                // case of a rule's own may come late.
                let blamed = (falsification.unitTriggers ?? []) + falsification.later.joined()
                for trigger in Set(blamed).sorted() {
                    Self.keep((run, found), in: &result.witnesses[trigger, default: []])
                }
                add(found, origin: falsification.origin, run: run)
                if distinctCauses() >= configuration.maxFailures {
                    result.capReached = true
                    break loop
                }
                if let streak, let limit = falsification.endsAfterRecurring, streak.runs >= limit {
                    result.endedByRecurrence = streak
                    break loop
                }
                if let progress, result.runs % 25 == 0 { progress(result.runs) }
            case .aborted(let message):
                // What was found so far stands beside the abort.
                result.verdict = .errored
                result.abortMessage = message
                break loop
            case .invalid(let stop):
                result.invalidRuns += 1
                result.lastInvalid = stop
                if result.invalidRuns > configuration.maxInvalidRuns {
                    result.verdict = .gaveUp
                    break loop
                }
            }
        }
        ahead.finish()
        result.lastTakenRun = ahead.lastTaken
        // The origins met only while shrinking another, within the same budgets.
        for aside in asides where !result.failures.contains(where: { $0.origin == aside.origin }) {
            if result.capReached || result.verdict == .errored || result.endedByRecurrence != nil { break }
            if configuration.stop?.isRequested == true { break }
            if let limit = configuration.timeLimit, clock.now - started > limit { break }
            add(aside.found, origin: aside.origin, run: aside.run, generated: false)
            result.capReached = distinctCauses() >= configuration.maxFailures
        }
        // Each failure shrunk once more from the simplest generated run of its origin, when there is a simpler one
        // than it was shrunk from; the simpler of the two results stands. Breakdowns are not: each of their replays
        // costs up to a timeout.
        for index in result.failures.indices {
            if result.verdict == .errored || configuration.stop?.isRequested == true { break }
            if let limit = configuration.timeLimit, clock.now - started > limit { break }
            let failure = result.failures[index]
            guard let start = failure.simplerStart, Engine.cause(of: failure.shrunk.outcome) != nil else { continue }
            let original = replay(start.found.choices)
            guard original.outcome.origin == start.origin else { continue }
            let again = shrink(original, origin: start.origin, run: start.run)
            guard isSimpler(again.shrunk, than: failure.shrunk), again.cause == failure.cause else {
                continue
            }
            result.failures[index].run = again.run
            result.failures[index].origin = again.origin
            result.failures[index].original = again.original
            result.failures[index].shrunk = again.shrunk
            result.failures[index].statistics = again.statistics
        }
        result.duration = clock.now - started
        if result.verdict == .errored || result.verdict == .gaveUp { return result }
        for requirement in requirements {
            switch result.coverage.verdict(requirement, confidence: confidence) {
            case true?: break
            case false?: result.unmet.append(requirement)
            case nil: result.undecided.append(requirement)
            }
        }
        if !result.failures.isEmpty {
            result.verdict = .failed
        } else if !result.unmet.isEmpty || !result.undecided.isEmpty {
            result.verdict = .insufficientCoverage
        }
        return result
    }
}

/// A closure that is only ever called on the thread that made it, so it may capture what is not `Sendable`.
private final class CallerOnly: @unchecked Sendable {
    let body: (ChoiceSource) -> RunTally
    init(_ body: @escaping (ChoiceSource) -> RunTally) { self.body = body }
}
