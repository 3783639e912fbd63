import ConformanceRules
import FlowCheckCore
import FlowCheckRecords
import Foundation
import PropertyTesting

// One suite's run: its configuration and properties, the engine's check, the failures described, the notes, the
// verdict.
extension ConformanceRunner {
    struct SuiteOutcome {
        var record: SuiteRecord
        var failures: [FailureRecord]
        var error: ErrorRecord?
    }

    /// Runs one suite, in its phases: the engine's check (generating and shrinking), the failures it found described,
    /// a failure of its own searched for each rule no failure names, the notes, and the suite's verdict.
    func run<S: ConformanceSuite>(
        _ suite: S, workers: [any Implementation], knownCauses: Set<[String]> = []
    ) -> SuiteOutcome {
        let capabilities = implementation.capabilities
        let context = SuiteContext(maxSteps: options.maxSteps, spec: options.spec)
        let required = suite.requiredCoverage(capabilities, context: context)
        let configuration = self.configuration(of: suite, required: required, knownCauses: knownCauses)
        // Checked by suitesToRun before anything runs.
        for worker in workers {
            (worker as? any TimeBoundImplementation)?.stopBy = options.timeLimit.map { ContinuousClock.now + $0 }
        }
        defer { for worker in workers { (worker as? any TimeBoundImplementation)?.stopBy = nil } }
        // A worker's instance may lack a suite's protocol only if makeWorker returned another type: then one worker.
        let boxes = workers.compactMap { suite.subject($0).map(SubjectBox.init) }
        let box = boxes.count == workers.count ? boxes[0] : SubjectBox(suite.subject(implementation)!)
        let logs = (boxes.count == workers.count ? workers : [workers[0]]).map(BreakdownLog.init)
        let deadline = ShrinkDeadline()
        let properties = self.properties(
            suite, boxes: boxes.count == workers.count ? boxes : [box], logs: logs, deadline: deadline,
            context: context)
        let property = properties[0]
        let check = property.check(
            configuration, progress: runProgress.map { report in { runs in report(suite.suite, runs) } },
            workers: Array(properties.dropFirst()))
        var outcome = SuiteOutcome(
            record: record(of: check, suite: suite, required: required, context: context), failures: [], error: nil)
        describeFound(
            check, suite: suite, property: property, box: box, context: context, deadline: deadline,
            into: &outcome)
        let searched = search(
            suite, property: property, check: check, box: box, context: context, outcome: &outcome,
            knownCauses: knownCauses)
        outcome.record.searchedTriggers = searched.isEmpty ? nil : searched
        outcome.failures = FailureRecord.ordered(outcome.failures)
        note(in: &outcome, breakdowns: BreakdownLog.reported(logs, lastTaken: check.lastTakenRun))
        judge(check, into: &outcome)
        return outcome
    }

    /// Notes what a reader of the failures must know: a replayed run that shows several, and breakdowns met beside
    /// them (those of runs the engine took: not of runs computed ahead and never taken, which depend on the number of
    /// workers).
    private func note(in outcome: inout SuiteOutcome, breakdowns: [String]) {
        if let run = options.onlyRun, outcome.failures.count > 1 {
            // A replay line names a run, and one run can show several causes: all of them are listed, not only the
            // failure whose line was followed.
            let note =
                "run \(run) alone shows \(outcome.failures.count) distinct failures: every cause its inputs show is "
                + "listed (its later divergences and the rules searched for included), the failure whose replay line "
                + "led here among them"
            outcome.record.notes = (outcome.record.notes ?? []) + [note]
        }
        if !outcome.failures.contains(where: { $0.kind == .breakdown }), let first = breakdowns.first,
            !outcome.failures.isEmpty
        {
            outcome.failures[0].notes.append(
                "while this suite ran and shrank, the implementation broke down \(counted(breakdowns.count, "time")) "
                    + "and was restarted each time; the failures above replay on a fresh process. "
                    + "The first breakdown: \(first)")
        }
    }

    /// The engine's configuration for one suite: its own seed, the run's budget, and the coverage it must reach.
    private func configuration<S: ConformanceSuite>(
        of suite: S, required: [String], knownCauses: Set<[String]>
    ) -> Configuration {
        // One shard, or one replayed run, cannot be judged on coverage alone.
        let judged = options.shard == nil && options.onlyRun == nil
        var configuration = Configuration(
            seed: SplitMix64.derive(options.seed, suite.seedSalt), runs: options.runs, maxSteps: options.maxSteps,
            timeLimit: options.timeLimit, shrinkLimit: options.shrinkLimit,
            coverage: judged ? required.map { .runs($0, atLeast: 1) } : [])
        configuration.shard = options.shard
        configuration.stop = stop
        // A replayed run looks for as many failures as the full run did: shrinking one failure can meet another
        // (reported with the same run), and the replay must find that one again too.
        configuration.maxFailures = options.maxFailures
        configuration.knownCauses = knownCauses
        configuration.onlyRun = options.onlyRun
        return configuration
    }

    /// The suite's check as a property, one per worker, each calling its own instance of the implementation.
    private func properties<S: ConformanceSuite>(
        _ suite: S, boxes: [SubjectBox<S.Subject>], logs: [BreakdownLog], deadline: ShrinkDeadline,
        context: SuiteContext
    ) -> [Property<S.Case>] {
        let capabilities = implementation.capabilities
        let generator = suite.generator(capabilities, context: context)
        let stop = self.stop
        return zip(boxes, logs).map { box, log in
            let property = Property(
                generator, labels: { suite.runLabels($0) }, stepLabelCounts: { suite.unitLabelCounts($0) },
                triggerCounts: { suite.triggers($0, capabilities: capabilities) }
            ) { value -> Falsification? in
                // After a stop request the implementation is not called again: what it already did is the result.
                if stop?.isRequested == true { throw Abort("stopped (\(stop?.reason ?? "interrupted"))") }
                guard deadline.allowsCall else { return nil }
                return try log.attributing {
                    try Self.verdict(stop: stop) { try suite.check(value, on: box.subject, capabilities: capabilities) }
                }
            }
            guard let stepped = suite.checkWhileGenerating(capabilities, context: context, on: box.subject) else {
                return property
            }
            // The stepped check drives this worker's implementation: only this worker calls it, as it calls the judge.
            let steppedCheck = SubjectBox(stepped)
            return property.judgingWhileGenerating { source throws(ChoiceSource.Stop) in
                try log.attributing { () throws(ChoiceSource.Stop) in
                    let (value, verdict) = try steppedCheck.subject(source)
                    return (value, Result { try Self.verdict(stop: stop) { try verdict.get() } })
                }
            }
        }
    }

    /// The suite's record of what the check exercised.
    private func record<S: ConformanceSuite>(
        of check: CheckResult<S.Case>, suite: S, required: [String], context: SuiteContext
    ) -> SuiteRecord {
        let capabilities = implementation.capabilities
        var record = SuiteRecord(
            suite: suite.suite, seed: check.configuration.seed, runs: check.runs,
            exercised: UnitCount(check.coverage.steps, suite.unit),
            seconds: check.duration.seconds, coverage: Self.rows(check.coverage, required: required),
            missingCoverage: [],
            rules: suite.rules, uncertifiedRules: suite.uncertifiedRules(capabilities, context: context),
            stoppedByTimeLimit: check.timedOut ? options.timeLimit.map(Self.durationText) : nil)
        record.triggered = check.coverage.triggered
        // A stop requested by now ended the suite's check (or came as it ended): it judged only what it finished.
        if stop?.isRequested == true { record.interrupted = stop?.reason ?? "a stop request" }
        record.divergedTriggered = check.divergedTriggers.isEmpty ? nil : check.divergedTriggers
        record.maskedTriggered = check.maskedTriggers.isEmpty ? nil : check.maskedTriggers
        record.triggerUnit = suite.triggerUnit
        // One replayed run judges no rule; a shard's counts are judged when the shards are merged.
        record.ruleMinimum = options.onlyRun == nil ? options.ruleMinimum : 0
        record.failureCap = check.failureCapReached && options.onlyRun == nil ? options.maxFailures : nil
        return record
    }

    /// Describes each failure the check found; one that would not replay is a note beside the others, or the suite's
    /// error alone.
    private func describeFound<S: ConformanceSuite>(
        _ check: CheckResult<S.Case>, suite: S, property: Property<S.Case>, box: SubjectBox<S.Subject>,
        context: SuiteContext, deadline: ShrinkDeadline, into outcome: inout SuiteOutcome
    ) {
        var unreplayed: [String] = []
        for found in check.counterexamples {
            // Asked twice to stop: what was found is kept as found, with no call into the implementation.
            if stop?.isUrgent == true {
                outcome.failures.append(undescribed(found, suite: suite))
                continue
            }
            var replayed = Duration.zero
            switch describe(
                found, suite: suite, property: property, check: check, box: box, context: context, deadline: deadline,
                replayed: &replayed)
            {
            case .success(let failure):
                outcome.failures.append(failure)
            case .failure(_) where stop?.isRequested == true:
                // Stopped before its replay ended: kept as found, never dropped, never turned into an error.
                outcome.failures.append(undescribed(found, suite: suite))
            case .failure(let abort):
                // Found, but it would not replay: never dropped in silence.
                let limit = (implementation as? any TimeBoundImplementation)?.stepLimit
                let slow = found.origin == "breakdown: timeout" && limit.map { replayed * 2 >= $0 } == true
                let replay = replayText(options.replay(for: suite, run: found.run >= 0 ? found.run : nil))
                let message =
                    stop?.isRequested == true
                    ? "run \(found.run) failed (\(found.origin)), and was not described: the run was stopped "
                        + "(\(stop?.reason ?? "interrupted")) before its replay ended; replay it alone with \(replay)"
                    : slow
                        ? Self.slowInput(run: found.run, took: replayed, limit: limit ?? replayed, replay: replay)
                        : found.origin.hasPrefix("breakdown: ")
                            ? "run \(found.run) broke down (\(found.origin.dropFirst("breakdown: ".count))), but "
                                + "not again when its case was replayed on a fresh process: the breakdown depends on "
                                + "more than the input (how long the process ran, its memory, timing)"
                            : "run \(found.run) failed (\(found.origin)), but replaying its minimal case: "
                                + abort.message
                unreplayed.append(message)
            }
        }
        // Beside reproducible failures, one that would not replay is a note: it never stands in for their verdict.
        // Alone, it is all the suite has to say, and a run that broke down once is not a pass: errored.
        if outcome.failures.contains(where: { $0.kind == .divergence }) {
            outcome.record.notes = unreplayed.isEmpty ? nil : unreplayed
        } else if let first = unreplayed.first {
            outcome.error = ErrorRecord(suite: suite.suite, message: first)
        }
        if let ended = check.endedByRecurrence {
            let note =
                "the implementation hung on \(ended.runs) runs in a row, each on a fresh process, so the suite "
                + "stopped after \(counted(check.runs, "run")) instead of waiting out a step timeout on every run "
                + "left; what those runs would have exercised is not certified"
            outcome.record.notes = (outcome.record.notes ?? []) + [note]
        }
        outcome.failures = FailureRecord.folded(outcome.failures)
    }

    /// The suite's verdict from the check's: coverage missing, or the error that ended it (unless the kit's own stop
    /// or time limit did).
    private func judge<S>(_ check: CheckResult<S>, into outcome: inout SuiteOutcome) {
        let suite = outcome.record.suite
        switch check.verdict {
        case .passed, .failed:
            break
        case .insufficientCoverage:
            outcome.record.missingCoverage = check.unmetCoverage.map(\.label)
        case .errored, .gaveUp:
            // A breakdown after a stop request, or when the time limit ran out mid-call, is the kit's own doing (it
            // ended the wait), not the implementation's: the suite was cut short, as a time limit cuts it between runs.
            let timeLimited = check.abortMessage?.hasPrefix("the time limit ran out") == true
            if timeLimited {
                // Cut short mid-call: what was never exercised is missing, as when the limit falls between runs.
                outcome.record.stoppedByTimeLimit = options.timeLimit.map(Self.durationText)
                outcome.record.missingCoverage = outcome.record.coverage.filter { $0.required && $0.runs == 0 }.map(
                    \.label)
            }
            if stop?.isRequested != true && !timeLimited {
                outcome.error = ErrorRecord(suite: suite, message: check.abortMessage ?? check.description)
            }
        }
    }

    /// A suite's check as the engine's test: an error of the implementation's (a breakdown) is a counterexample like a
    /// divergence, unless the kit itself ended the wait (a stop request, the time limit) or the implementation cannot
    /// be run again.
    static func verdict(stop: StopRequest?, _ check: () throws -> Falsification?) throws -> Falsification? {
        do {
            return try check()
        } catch let abort as Abort {
            throw abort
        } catch {
            if stop?.isRequested == true { throw Abort("stopped (\(stop?.reason ?? "interrupted"))") }
            guard let kind = Breakdown.kind(of: error) else { throw Abort("\(error)") }
            // Each try of a breakdown costs a restart, and a hang's a whole step timeout: shrink within a few.
            // A breakdown judges no rule: the rules its unit fell under are neither held nor broken by it.
            return Falsification(
                origin: "breakdown: \(kind)", message: "\(error)",
                shrinkCalls: kind == "timeout" ? hangShrinkCalls : breakdownShrinkCalls,
                shrinkFailingCalls: kind == "timeout" ? nil : breakdownShrinkFailures, unitTriggers: [],
                endsAfterRecurring: kind == "timeout" ? hangsInARow : nil)
        }
    }

    /// What a timeout whose replay answered, but took at least half the step timeout, is: slow input, not flakiness.
    static func slowInput(run: Int, took: Duration, limit: Duration, replay: String) -> String {
        let percent = Int((took / limit * 100).rounded())
        return "slow input: run \(run) timed out, and its minimal case, replayed on a fresh process, was answered "
            + "in \(Int(took.seconds * 1000)) ms (\(percent)% of the \(durationText(limit)) step timeout): the "
            + "implementation is slow on this input, near or past the limit, rather than hung; replay it with \(replay)"
    }

    /// How long the replay that describes a failure may take once a stop was requested.
    static let stoppedReplayGrace = Duration.seconds(2)
    /// How many generated runs in a row that hang end a suite: an implementation that deadlocked would otherwise cost
    /// a step timeout on each of its runs (hours at the defaults).
    static let hangsInARow = 3
    /// The most candidates tried when shrinking a hang (each costs a step timeout).
    static let hangShrinkCalls = 6
    /// The most candidates tried when shrinking any other breakdown: those that pass cost a replay each, over a
    /// process a round trip per step, and an input-dependent crash would otherwise shrink for the whole shrink time.
    static let breakdownShrinkCalls = 300
    /// The most candidates that break down again tried when shrinking any other breakdown (each costs a restart of
    /// the implementation; a candidate that passes costs no more than a generated run).
    static let breakdownShrinkFailures = 30

    /// `30s`, `500ms`: a duration as `--time-limit` takes it.
    static func durationText(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }

    static func rows(_ table: CoverageTable, required: [String]) -> [CoverageRow] {
        var labels = table.labels
        // Each built once: both are made from the whole table.
        let runs = table.runsWithLabel, units = table.stepsWithLabel
        for label in required where runs[label] == nil { labels.append(label) }
        let requiredSet = Set(required)
        return labels.map {
            CoverageRow(label: $0, runs: runs[$0] ?? 0, units: units[$0] ?? 0, required: requiredSet.contains($0))
        }
    }
}
