/// What one run produced, for the engine's bookkeeping.
struct RunRecord {
    var outcome: TestOutcome
    var runLabels: [String] = []
    /// Every label given to a step of the run, one entry per occurrence.
    var stepLabels: [String] = []
    var steps = 0
}

/// Why a check ended the way it did.
public enum Verdict: String, Hashable, Sendable, Codable {
    /// Every run held and every coverage requirement was met.
    case passed
    /// A run failed; the result carries the shrunk counterexample.
    case failed
    /// Every run held, but a coverage requirement was not met: not a pass.
    case insufficientCoverage
    /// Too many inputs could not be completed (a filter rejected too much).
    case gaveUp
    /// The test aborted: the system under test could not be run.
    case errored
}

/// The part of a check that does not depend on the value type: runs, coverage, shrinking.
struct Engine {
    let configuration: Configuration
    /// Executes the test on a source and says what happened.
    let test: (ChoiceSource) -> RunRecord
    /// Told the number of completed runs every 25 runs, for a progress line.
    var progress: ((Int) -> Void)?

    struct Failure {
        var run: Int
        var original: TestRun
        var shrunk: TestRun
        var statistics: ShrinkStatistics
    }

    struct Result {
        var verdict: Verdict
        var runs = 0
        var invalidRuns = 0
        var coverage = CoverageTable()
        var unmet: [CoverageRequirement] = []
        var undecided: [CoverageRequirement] = []
        var failure: Failure?
        var duration: Duration = .zero
        var timedOut = false
        var interrupted = false
        var lastInvalid: ChoiceSource.Stop?
        var abortMessage: String?
    }

    /// Replays a choice sequence with spans recorded.
    func replay(_ choices: [UInt64]) -> TestRun {
        let source = ChoiceSource.replaying(choices, maxChoices: configuration.maxChoices)
        let record = test(source)
        return TestRun(outcome: record.outcome, choices: source.choices, spans: source.spans)
    }

    func run() -> Result {
        let clock = ContinuousClock()
        let started = clock.now
        var result = Result(verdict: .passed)
        let requirements = configuration.coverage
        let confidence = configuration.coverageConfidence
        let planned = configuration.shard.map { $0.share(of: configuration.runs) } ?? configuration.runs
        let ceiling = confidence.map { max($0.maxRuns, planned) } ?? planned
        var index = UInt64(configuration.shard?.index ?? 0)
        let stride = UInt64(configuration.shard?.count ?? 1)

        while result.runs < ceiling {
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
            let source = ChoiceSource.random(
                seed: SplitMix64.derive(configuration.seed, index), maxChoices: configuration.maxChoices)
            index += stride
            let record = test(source)
            switch record.outcome {
            case .passed:
                result.runs += 1
                result.coverage.add(runLabels: record.runLabels, stepLabels: record.stepLabels, steps: record.steps)
                if let progress, result.runs % 25 == 0 { progress(result.runs) }
            case .failed:
                // The failing run executed its steps too: a report that said "1 run, 0 steps" would mislead.
                result.runs += 1
                result.coverage.add(runLabels: record.runLabels, stepLabels: record.stepLabels, steps: record.steps)
                let original = replay(source.choices)
                guard original.outcome.isFailure else {
                    // A test that fails only at random cannot be shrunk or replayed; report the run as is.
                    let run = TestRun(outcome: record.outcome, choices: source.choices, spans: [])
                    result.failure = Failure(
                        run: Int(index - stride), original: run, shrunk: run, statistics: ShrinkStatistics())
                    result.verdict = .failed
                    result.duration = clock.now - started
                    return result
                }
                // The time limit bounds the whole check, shrinking included: shrink only in what is left of it.
                var limit = configuration.shrinkLimit
                if let total = configuration.timeLimit {
                    let left = max(total - (clock.now - started), .milliseconds(1))
                    limit.time = limit.time.map { min($0, left) } ?? left
                }
                let shrinker = Shrinker(failing: original, limit: limit, execute: replay)
                shrinker.stop = configuration.stop
                let shrunk = shrinker.shrink()
                result.failure = Failure(
                    run: Int(index - stride), original: original, shrunk: shrunk, statistics: shrinker.statistics)
                result.verdict = .failed
                result.duration = clock.now - started
                return result
            case .aborted(let message):
                result.verdict = .errored
                result.abortMessage = message
                result.duration = clock.now - started
                return result
            case .invalid(let stop):
                result.invalidRuns += 1
                result.lastInvalid = stop
                if result.invalidRuns > configuration.maxInvalidRuns {
                    result.verdict = .gaveUp
                    result.duration = clock.now - started
                    return result
                }
            }
        }
        for requirement in requirements {
            switch result.coverage.verdict(requirement, confidence: confidence) {
            case true?: break
            case false?: result.unmet.append(requirement)
            case nil: result.undecided.append(requirement)
            }
        }
        if !result.unmet.isEmpty || !result.undecided.isEmpty { result.verdict = .insufficientCoverage }
        result.duration = clock.now - started
        return result
    }
}
