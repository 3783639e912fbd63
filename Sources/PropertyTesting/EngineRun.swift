/// One check of a property by the ``Engine``, in its phases: ``generate()`` takes runs until a reason to stop
/// (shrinking each failure of a new origin as it is met, since the cap counts causes), ``shrinkAsides()`` and
/// ``shrinkFromSimplerStarts()`` shrink what generation left, and ``judge()`` gives the verdict.
final class EngineRun {
    private let engine: Engine
    private let configuration: Configuration
    private let clock: ContinuousClock
    private let started: ContinuousClock.Instant
    private var result = Engine.Result(verdict: .passed)
    /// The runs to take, and the most to take while coverage is undecided.
    private let planned: Int, ceiling: Int
    private let ahead: RunAhead
    /// The origin of the last generated run that failed, and how many in a row before it failed so.
    private var streak: (origin: String, runs: Int)?
    /// Failing runs met while shrinking another origin, by origin: shrunk at the end if no run brings theirs.
    private var asides: [(origin: String, run: Int, found: TestRun)] = []

    init(_ engine: Engine) {
        self.engine = engine
        let configuration = engine.configuration
        self.configuration = configuration
        let clock = ContinuousClock()
        let started = clock.now
        (self.clock, self.started) = (clock, started)
        var planned = configuration.shard.map { $0.share(of: configuration.runs) } ?? configuration.runs
        var ceiling = configuration.coverageConfidence.map { max($0.maxRuns, planned) } ?? planned
        var index = UInt64(configuration.shard?.index ?? 0)
        var stride = UInt64(configuration.shard?.count ?? 1)
        if let only = configuration.onlyRun {
            (planned, ceiling, index, stride) = (1, 1, UInt64(only), 1)
        }
        (self.planned, self.ceiling) = (planned, ceiling)
        let (seed, maxChoices, limit, stop) = (
            configuration.seed, configuration.maxChoices, configuration.timeLimit, configuration.stop
        )
        ahead = RunAhead(
            tests: engine.tests, first: index, stride: stride,
            source: { index in ChoiceSource.run(Int(index), of: seed, maxChoices: maxChoices) },
            halted: { stop?.isRequested == true || limit.map { clock.now - started > $0 } ?? false })
    }

    private var timeIsUp: Bool { configuration.timeLimit.map { clock.now - started > $0 } ?? false }
    private var stopRequested: Bool { configuration.stop?.isRequested == true }

    // MARK: Generate

    /// Takes generated runs until the budget is spent or another reason stops it, which ``Engine/Result/stop`` says.
    func generate() {
        result.stop = generateRuns()
        switch result.stop {
        // What was found so far stands beside the abort.
        case .aborted: result.verdict = .errored
        case .gaveUp: result.verdict = .gaveUp
        default: break
        }
        ahead.finish()
        result.lastTakenRun = ahead.lastTaken
    }

    private func generateRuns() -> StopReason {
        let requirements = configuration.coverage
        let confidence = configuration.coverageConfidence
        while result.runs < ceiling {
            if timeIsUp { return .timeLimit }
            if stopRequested { return .stopRequested }
            if result.runs >= planned {
                // Past the planned runs only to decide coverage, batch by batch.
                guard
                    result.runs % 100 != 0
                        || requirements.contains(where: { result.coverage.verdict($0, confidence: confidence) == nil })
                else { return .budgetSpent }
            }
            guard let (drawn, (failedChoices, record)) = ahead.take(wanted: ceiling - result.runs) else {
                // A worker saw the time limit or the stop request before this run: as if seen here.
                return stopRequested ? .stopRequested : .timeLimit
            }
            if let stop = take(record, run: Int(drawn), failedChoices: failedChoices) { return stop }
        }
        return .budgetSpent
    }

    /// Counts one generated run, adds its failure; why generation stops after it, if it does.
    private func take(_ record: RunTally, run: Int, failedChoices: [UInt64]?) -> StopReason? {
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
            if let progress = engine.progress, result.runs % 25 == 0 { progress(result.runs) }
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
            // A few per trigger: the search starts from the one that falls under the fewest rules other failures
            // name, and the first may fall under many. Those blamed on the fewest triggers, then falling under the
            // fewest, are kept: the first ones met are most often other bugs' cases, and the case of a rule's own
            // may come late.
            let blamed = (falsification.unitTriggers ?? []) + falsification.later.joined()
            for trigger in Set(blamed).sorted() {
                Engine.keep((run, found), in: &result.witnesses[trigger, default: []])
            }
            add(found, origin: falsification.origin, run: run)
            if distinctCauses() >= configuration.maxFailures { return .failureCap }
            if let streak, let limit = falsification.endsAfterRecurring, streak.runs >= limit {
                return .recurred(origin: streak.origin, runs: streak.runs)
            }
            if let progress = engine.progress, result.runs % 25 == 0 { progress(result.runs) }
        case .aborted(let message):
            return .aborted(message)
        case .invalid(let stop):
            result.invalidRuns += 1
            result.lastInvalid = stop
            if result.invalidRuns > configuration.maxInvalidRuns { return .gaveUp }
        }
        return nil
    }

    /// Distinct causes among the failures: what the cap counts. Left out are causes an earlier check already
    /// reported, and combinations whose every trigger a cause with fewer triggers names (one bug met beside
    /// another, which a report folds into theirs).
    private func distinctCauses() -> Int {
        let causes = Set(result.failures.map(\.cause)).subtracting(configuration.knownCauses)
        return causes.filter { cause in
            cause.count < 2
                || !Set(cause).isSubset(
                    of: causes.filter { $0.count < cause.count && !Set($0).isDisjoint(with: cause) }.joined())
        }.count
    }

    /// Adds a failing run: counted with the failure of its origin or cause when there is one, else shrunk and listed.
    /// `generated`: whether `found` is a generated run, which counts among the runs that failed so (a failure met
    /// only while shrinking another is no such run).
    private func add(_ found: TestRun, origin: String, run: Int, generated: Bool = true) {
        let counted = generated ? 1 : 0
        if let known = result.failures.firstIndex(where: { $0.origin == origin }) {
            count(found, run: run, origin: origin, generated: generated, into: known)
            return
        }
        if result.folded.contains(origin) {
            if let same = result.failures.firstIndex(where: { Engine.cause(of: found.outcome) == $0.cause }) {
                count(found, run: run, origin: origin, generated: generated, into: same)
            }
            return
        }
        guard distinctCauses() < configuration.maxFailures else { return }
        let original = engine.replay(found.choices)
        guard original.outcome.origin == origin else {
            // A test that fails only at random cannot be shrunk or replayed; report the run as is.
            result.failures.append(
                Engine.Failure(
                    run: run, origin: origin, original: found, shrunk: found, statistics: ShrinkStatistics(),
                    occurrences: counted))
            return
        }
        var failure = shrink(original, origin: origin, run: run)
        failure.occurrences = counted
        // Another symptom of a cause already shrunk: folded into that failure with its count, not listed again. The
        // simpler of the two counterexamples stands for the cause.
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

    /// Counts a run with a failure already listed, and keeps it as a simpler start for a later shrink.
    private func count(_ found: TestRun, run: Int, origin: String, generated: Bool, into index: Int) {
        guard generated else { return }
        result.failures[index].occurrences += 1
        let failure = result.failures[index]
        if isSimpler(found, than: failure.simplerStart?.found ?? failure.original) {
            result.failures[index].simplerStart = (run, found, origin)
        }
    }

    // MARK: Shrink

    /// Shrinks a failing run within what is left of the time limit, never slipping to another origin.
    private func shrink(_ original: TestRun, origin: String, run: Int) -> Engine.Failure {
        // The time limit bounds the whole check, shrinking included: shrink only in what is left of it.
        var limit = configuration.shrinkLimit
        if let total = configuration.timeLimit {
            let left = max(total - (clock.now - started), .milliseconds(1))
            limit.time = limit.time.map { min($0, left) } ?? left
        }
        if case .failed(let falsification) = original.outcome {
            if let calls = falsification.shrinkCalls { limit.calls = min(limit.calls, calls) }
            if let failing = falsification.shrinkFailingCalls {
                limit.failingCalls = min(limit.failingCalls ?? failing, failing)
            }
        }
        let outcomes = configuration.remembersOutcomes ? OutcomeMemo() : nil
        // A simpler case may not bring in a rule the original did not fall under: shown to a reader, that rule would
        // look like a second bug (a step stripped of its flow, rejected for the flow it lacks).
        let within = Engine.comparedRules(of: original.outcome)
        let engine = self.engine
        let shrinker = Shrinker(failing: original, limit: limit, execute: { engine.replay($0, outcomes: outcomes) }) {
            guard $0.origin == origin else { return false }
            guard let within, let rules = Engine.comparedRules(of: $0) else { return true }
            return rules.isSubset(of: within)
        }
        shrinker.stop = configuration.stop
        shrinker.sawOther = { [self] other in
            guard let found = other.outcome.origin, !asides.contains(where: { $0.origin == found }) else { return }
            asides.append((found, run, other))
        }
        let shrunk = Falsification.$laterWanted.withValue(false) { shrinker.shrink() }
        return Engine.Failure(
            run: run, origin: origin, original: original, shrunk: shrunk, statistics: shrinker.statistics)
    }

    /// Shrinks the origins met only while shrinking another, within the same budgets, when generation spent its
    /// budget (a cap, a recurrence, an abort or giving up ends the check as it is).
    func shrinkAsides() {
        guard result.stop == .budgetSpent else { return }
        for aside in asides where !result.failures.contains(where: { $0.origin == aside.origin }) {
            if stopRequested || timeIsUp { break }
            add(aside.found, origin: aside.origin, run: aside.run, generated: false)
            if distinctCauses() >= configuration.maxFailures {
                result.stop = .failureCap
                break
            }
        }
    }

    /// Shrinks each failure once more from the simplest generated run of its origin, when there is a simpler one
    /// than it was shrunk from; the simpler of the two results stands. Breakdowns are not: each of their replays
    /// costs up to a timeout.
    func shrinkFromSimplerStarts() {
        for index in result.failures.indices {
            if result.verdict == .errored || stopRequested || timeIsUp { break }
            let failure = result.failures[index]
            guard let start = failure.simplerStart, Engine.cause(of: failure.shrunk.outcome) != nil else { continue }
            let original = engine.replay(start.found.choices)
            guard original.outcome.origin == start.origin else { continue }
            let again = shrink(original, origin: start.origin, run: start.run)
            guard isSimpler(again.shrunk, than: failure.shrunk), again.cause == failure.cause else { continue }
            result.failures[index].run = again.run
            result.failures[index].origin = again.origin
            result.failures[index].original = again.original
            result.failures[index].shrunk = again.shrunk
            result.failures[index].statistics = again.statistics
        }
    }

    // MARK: Judge

    /// The verdict: failed with a failure, else insufficient coverage with a requirement unmet or undecided, else
    /// passed; an abort or giving up stands as it is.
    func judge() -> Engine.Result {
        result.duration = clock.now - started
        if result.verdict == .errored || result.verdict == .gaveUp { return result }
        let confidence = configuration.coverageConfidence
        for requirement in configuration.coverage {
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
