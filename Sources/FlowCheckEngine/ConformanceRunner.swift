public import ConformanceRules
public import FlowCheckCore
public import FlowCheckRecords
import Foundation
import JSON
public import PropertyTesting

/// The result of a conformance run: the records every report renders, with the verdict computed once.
public typealias ConformanceResult = RunRecord

/// Runs the registered suites against an implementation: generates cases, checks each against the model,
/// shrinks a failure to its minimal form and names the rules it breaks.
///
/// The runner knows no suite by name: it is handed the kit's suites (`SuiteRegistry`, a module above every suite).
public struct ConformanceRunner {
    /// What to run, and with what budget.
    public struct Options: Hashable, Sendable {
        /// The seed every suite's seed derives from.
        public var seed: UInt64
        /// Runs per suite.
        public var runs: Int
        /// The most steps in one run.
        public var maxSteps: Int
        /// A wall-clock limit per suite; `nil` for none.
        public var timeLimit: Duration?
        /// The suites to run; `nil` for every declared suite.
        public var suites: [Suite]?
        /// The shrink budget.
        public var shrinkLimit: ShrinkLimit
        /// When set, only this shard of each suite's runs; coverage is then judged when the shards are merged.
        public var shard: Shard?
        /// When set, destinations come from this app spec.
        public var spec: SpecPlan?
        /// The most distinct failures each suite looks for and shrinks; once it has that many it stops.
        public var maxFailures: Int
        /// When set, each suite runs only its run with this index (from 0): a failure's replay, alone.
        public var onlyRun: Int?
        /// The fewest steps or documents that must fall under a rule's trigger for the rule to be held.
        public var ruleMinimum: Int
        /// Whether SHOULD rules are held to as MUST rules are (`--strict`): a deviation from one then fails the run.
        public var strict = false
        /// How many workers run each suite's runs: one per instance of a ``ParallelImplementation``, one for any
        /// other implementation. The result is the same for every number.
        public var jobs: Int

        /// The default number of runs per suite.
        public static let defaultRuns = 400
        /// The default most steps in one run.
        public static let defaultMaxSteps = 30
        /// The default most distinct failures (causes) per suite: enough for an implementation with many bugs to
        /// have every broken rule named in one run (a suite has about 25 rules).
        public static let defaultMaxFailures = 30
        /// The default fewest triggered units for a rule to be held.
        public static let defaultRuleMinimum = 20

        /// Creates options; the defaults (400 runs of at most 30 steps per suite) exercise every required combination.
        public init(
            seed: UInt64, runs: Int = defaultRuns, maxSteps: Int = defaultMaxSteps, timeLimit: Duration? = nil,
            suites: [Suite]? = nil, shrinkLimit: ShrinkLimit = ShrinkLimit(calls: 20_000, time: .seconds(60)),
            shard: Shard? = nil, spec: SpecPlan? = nil, maxFailures: Int = defaultMaxFailures,
            onlyRun: Int? = nil, ruleMinimum: Int = defaultRuleMinimum, jobs: Int = 1
        ) {
            self.jobs = max(jobs, 1)
            self.maxFailures = maxFailures
            self.onlyRun = onlyRun
            self.ruleMinimum = ruleMinimum
            self.seed = seed
            self.runs = runs
            self.maxSteps = maxSteps
            self.timeLimit = timeLimit
            self.suites = suites
            self.shrinkLimit = shrinkLimit
            self.shard = shard
            self.spec = spec
        }

        /// What replays one suite of this run; with `run`, that run alone: the failure it found, and no other.
        package func replay(for checked: any ConformanceSuite, run: Int? = nil) -> Replay {
            // --max-steps matters only to suites whose runs are made of steps.
            Replay(
                suite: checked.suite, seed: seed, run: run, runs: runs,
                maxSteps: checked.unit == .step ? maxSteps : nil, strict: strict, shard: shard)
        }
    }

    /// Why a run cannot start: the implementation declares a suite it cannot serve, or one the kit does not have.
    public struct SetupError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, in one sentence.
        public var message: String
        public var description: String { message }
    }

    /// The implementation under test.
    public let implementation: any Implementation
    /// The options.
    public let options: Options
    /// Called after each suite, for progress output.
    public var progress: (@Sendable (FlowCheckCore.RunVerdict.SuiteVerdict) -> Void)?
    /// Called now and then while a suite runs, with the suite and its completed runs.
    public var runProgress: (@Sendable (Suite, Int) -> Void)?
    /// Told, in one sentence, when the run gets fewer workers than ``Options/jobs`` asked for.
    public var workerNotice: (@Sendable (String) -> Void)?
    /// The text of a replay, as the face that prints it writes it (a command line, a call in a test); by default the
    /// replay in words.
    public var replayText: @Sendable (Replay) -> String = { $0.description }
    /// When requested (on SIGINT, say), the suite under way stops after its current run, the rest do not start,
    /// and the result says the run was interrupted.
    public var stop: StopRequest?

    /// Every suite the kit has, in run order.
    package let registry: [any ConformanceSuite]

    /// Creates a runner for an implementation, with the kit's suites.
    package init(implementation: any Implementation, options: Options, registry: [any ConformanceSuite]) {
        self.implementation = implementation
        self.options = options
        self.registry = registry
    }

    /// The kit's suite of this name.
    private func named(_ suite: Suite) -> (any ConformanceSuite)? { registry.first { $0.suite == suite } }

    /// The suites that will run, in order: those requested that the implementation declares.
    ///
    /// - Throws: ``SetupError`` when a requested suite is unknown to the kit, or when a declared suite cannot
    ///   be served (the adapter lacks its protocol, or its capabilities are incomplete).
    package func suitesToRun() throws(SetupError) -> [any ConformanceSuite] {
        let capabilities = implementation.capabilities
        if let requested = options.suites {
            for suite in requested where named(suite) == nil {
                throw SetupError(
                    message:
                        "unknown suite \"\(suite)\"; this kit has \(registry.map(\.suite.rawValue).joined(separator: ", "))"
                )
            }
        }
        var result: [any ConformanceSuite] = []
        for suite in registry where capabilities.suites.contains(suite.suite) {
            if suite.subject(implementation) == nil {
                throw SetupError(
                    message:
                        "\(implementation.info.name) declares the \(suite.suite) suite but does not conform to \(suite.requiredProtocol)"
                )
            }
            if let problem = suite.problem(with: capabilities) {
                throw SetupError(
                    message: "\(implementation.info.name) declares the \(suite.suite) suite, but \(problem)")
            }
            if options.suites?.contains(suite.suite) ?? true { result.append(suite) }
        }
        if let spec = options.spec, !result.contains(where: \.followsSpec) {
            let names = registry.filter(\.followsSpec).map(\.suite.rawValue)
            let steered =
                names.count < 3
                ? names.joined(separator: " and ") : names.dropLast().joined(separator: ", ") + " and " + names.last!
            throw SetupError(
                message:
                    "the spec \(spec.file) steers the \(steered) suites, and none of them runs for \(implementation.info.name)"
            )
        }
        return result
    }

    /// What this run does not certify, one sentence each.
    public func notCertified() -> [String] {
        let capabilities = implementation.capabilities
        var result: [String] = []
        for suite in registry {
            if !capabilities.suites.contains(suite.suite) {
                // A suite outside what the implementation is (a decoder that does not navigate) is not its scope;
                // it is named only when the run asked for it.
                if options.suites?.contains(suite.suite) ?? false {
                    result.append("suite \(suite.suite) (requested but not declared)")
                }
            } else if options.suites?.contains(suite.suite) ?? true {
                result += suite.notCertified(capabilities)
            } else {
                result.append("suite \(suite.suite) (declared, not requested in this run)")
            }
        }
        for suite in capabilities.suites where named(suite) == nil {
            result.append("suite \(suite) (declared, but this kit does not have it)")
        }
        return result
    }

    /// The implementations the suites run on: this one, and for a ``ParallelImplementation`` with more than one job,
    /// an instance per further worker.
    ///
    /// A worker that cannot be made (a process that will not start twice, say) leaves the runs to those that were,
    /// and ``workerNotice`` hears why: the result is the same for any number of workers, so fewer only take longer.
    package func workers() -> [any Implementation] {
        guard options.jobs > 1, options.onlyRun == nil else { return [implementation] }
        guard let parallel = implementation as? any ParallelImplementation else {
            workerNotice?(
                "\(implementation.info.name) is not a ParallelImplementation: its runs go on one worker, not "
                    + "\(options.jobs)")
            return [implementation]
        }
        var result: [any Implementation] = [implementation]
        for _ in 1..<options.jobs {
            do {
                result.append(try parallel.makeWorker())
            } catch {
                workerNotice?(
                    "worker \(result.count + 1) of \(options.jobs) could not be started (\(error)); "
                        + "running on \(result.count)")
                break
            }
        }
        return result
    }

    /// Runs every requested suite the implementation declared.
    public func run() throws(SetupError) -> ConformanceResult {
        let suites = try suitesToRun()
        let workers = workers()
        var records: [SuiteRecord] = [], failures: [FailureRecord] = [], errors: [ErrorRecord] = []
        for suite in suites where stop?.isRequested != true {
            // What an earlier suite reported does not count toward this one's --max-failures.
            let known = Set(failures.filter { $0.kind == .divergence }.map { Set($0.ruleIDs).sorted() })
            var outcome = run(suite, workers: workers, knownCauses: known)
            FailureRecord.foldReportedElsewhere(&outcome.failures, into: &failures, record: &outcome.record)
            records.append(outcome.record)
            failures += outcome.failures
            if let error = outcome.error { errors.append(error) }
            progress?(
                FlowCheckCore.RunVerdict.SuiteVerdict(
                    suite: outcome.record.suite, runs: outcome.record.runs, exercised: outcome.record.exercised,
                    failures: outcome.failures.count, missingCoverage: outcome.record.missingCoverage,
                    error: outcome.error?.message, stoppedByTimeLimit: outcome.record.stoppedByTimeLimit))
        }
        var header = RunHeader(
            kit: .current, implementation: implementation.info,
            capabilities: implementation.capabilities.recorded(by: registry),
            notCertified: notCertified(), seed: options.seed, suites: records.map(\.suite),
            shard: options.shard?.description,
            budget: "runs \(options.runs), steps \(options.maxSteps), failures \(options.maxFailures)"
                + (options.spec.map { ", spec \($0.file)" + ($0.clientVersion.map { " for client \($0)" } ?? "") } ?? "")
                + (options.onlyRun.map { ", run \($0)" } ?? "") + (options.strict ? ", strict" : ""))
        header.strict = options.strict ? true : nil
        if let spec = options.spec {
            let seen = Set(records.flatMap(\.coverage).filter { $0.runs > 0 }.map(\.label))
            header.spec = SpecCoverage(
                file: spec.file, navigations: spec.navigations.map(\.name),
                exercised: spec.navigations.filter { seen.contains($0.label) }.map(\.name),
                clientVersion: spec.clientVersion)
            for suite in suites where records.contains(where: { $0.suite == suite.suite }) {
                suite.recordSpecCoverage(spec, seen: seen, into: &header.spec)
            }
        }
        return RunRecord(
            header: header, suites: records, failures: failures, errors: errors, cases: [],
            seconds: records.map(\.seconds).reduce(0, +), interrupted: stop?.isRequested == true ? stop?.reason : nil)
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
                shrinkCalls: kind == "timeout" ? hangShrinkCalls : breakdownShrinkCalls, unitTriggers: [],
                endsAfterRecurring: kind == "timeout" ? hangsInARow : nil)
        }
    }

    /// The most witnesses the search for one rule starts from, the fewest-explained first.
    static let searchWitnesses = 8
    /// The most candidates a search tries from a witness after the first.
    static let laterWitnessCalls = 300

    /// Searches, for each rule a diverging unit was blamed on and no failure names, a failure of its own: from one of
    /// the first runs that diverged under it, the smallest case still blamed on it that falls under no rule a
    /// failure already names (which would explain the case as well). A found failure that names that rule alone is
    /// added; the rules whose search found no such case, or ended on other rules too, are returned, to be reported
    /// unresolved and searched.
    ///
    /// It works on the failures as described (after the suite's own last pass), so that a rule is covered exactly
    /// when a reported failure names it. The cap, the time limit and a stop request bound it as they bound the rest.
    private func search<S: ConformanceSuite>(
        _ suite: S, property: Property<S.Case>, check: CheckResult<S.Case>, box: SubjectBox<S.Subject>,
        context: SuiteContext, outcome: inout SuiteOutcome, knownCauses: Set<[String]>
    ) -> [String] {
        let started = ContinuousClock.now
        var covered = Set(outcome.failures.flatMap(\.ruleIDs)).union(knownCauses.joined())
        // A rule named only beside others, by failures no smaller ones explain, is searched for alone too: found, it
        // lets those combinations fold into the failures of their rules (one cause shown once, under its own rule).
        let alone = Set(outcome.failures.filter { $0.ruleIDs.count == 1 }.flatMap(\.ruleIDs)).union(
            knownCauses.joined())
        let combined = outcome.failures.filter { $0.kind == .divergence && $0.ruleIDs.count > 1 }.flatMap(\.ruleIDs)
        var searched: [String] = []
        for trigger in check.divergedTriggers.keys.sorted()
        where !covered.contains(trigger) || combined.contains(trigger) && !alone.contains(trigger) {
            let causes = Set(outcome.failures.filter { $0.kind == .divergence }.map { Set($0.ruleIDs) }).count
            if stop?.isRequested == true || outcome.error != nil || causes >= options.maxFailures { break }
            var configuration = check.configuration
            if let limit = options.timeLimit {
                let left = limit - check.duration - (ContinuousClock.now - started)
                if left <= .zero { break }
                configuration.shrinkLimit.time = configuration.shrinkLimit.time.map { min($0, left) } ?? left
            }
            // From the witness that falls under the fewest rules other failures name, then under the fewest rules
            // (the earliest among equals).
            let witnesses = (check.witnesses[trigger] ?? []).enumerated().sorted {
                (Set($0.element.rules).intersection(covered).count, $0.element.rules.count, $0.offset)
                    < (Set($1.element.rules).intersection(covered).count, $1.element.rules.count, $1.offset)
            }.map(\.element)
            // Blamed on it first, or at a later divergence (with the rules blamed there). A witness is only blamed
            // on the rule: a rejected document is blamed on every rule it falls under, and another bug may have
            // rejected it. So a few are tried, each until one ends on a failure of the rule's own.
            var own: FailureRecord?
            for (index, witness) in witnesses.prefix(Self.searchWitnesses).enumerated() {
                guard own == nil, stop?.isRequested != true else { break }
                // The first witness is shrunk as far as the limits go; the next ones, most often other bugs'
                // documents, within a few hundred candidates each.
                var configuration = configuration
                if index > 0 {
                    configuration.shrinkLimit.calls = min(configuration.shrinkLimit.calls, Self.laterWitnessCalls)
                }
                guard case .failed(let falsification) = property.replay(choices: witness.choices).outcome,
                    let blamed = ([falsification.unitTriggers ?? []] + falsification.later).first(where: {
                        $0.contains(trigger)
                    }),
                    var found = property.shrink(
                        from: witness.choices, configuration: configuration, target: trigger, allowed: Set(blamed),
                        excluded: covered.subtracting([trigger]))
                else { continue }
                found.run = witness.run
                // The units blamed on it that no failure naming it counts already (a combination folds in its own).
                let counted = outcome.failures.filter { $0.ruleIDs.contains(trigger) }.map(\.occurrences).reduce(0, +)
                found.occurrences = max(1, (check.divergedTriggers[trigger] ?? 1) - counted)
                // Only a failure of the rule alone: a document blamed on it and on another rule too (a rejected
                // document blames every rule it falls under) cannot say which of them the implementation broke.
                if case .success(let failure) = describe(
                    found, suite: suite, property: property, check: check, box: box, context: context),
                    Set(failure.ruleIDs) == [trigger], failure.kind == .divergence
                {
                    own = failure
                }
            }
            guard let failure = own else {
                searched.append(trigger)
                continue
            }
            covered.formUnion(failure.ruleIDs)
            outcome.failures = FailureRecord.folded(outcome.failures + [failure])
        }
        return searched.sorted()
    }

    struct SuiteOutcome {
        var record: SuiteRecord
        var failures: [FailureRecord]
        var error: ErrorRecord?
    }

    func run<S: ConformanceSuite>(
        _ suite: S, workers: [any Implementation], knownCauses: Set<[String]> = []
    ) -> SuiteOutcome {
        let capabilities = implementation.capabilities
        let context = SuiteContext(maxSteps: options.maxSteps, spec: options.spec)
        let required = suite.requiredCoverage(capabilities, context: context)
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
        // Checked by suitesToRun before anything runs.
        for worker in workers {
            (worker as? any TimeBoundImplementation)?.stopBy = options.timeLimit.map { ContinuousClock.now + $0 }
        }
        defer { for worker in workers { (worker as? any TimeBoundImplementation)?.stopBy = nil } }
        // A worker's instance may lack a suite's protocol only if makeWorker returned another type: then one worker.
        let boxes = workers.compactMap { suite.subject($0).map(SubjectBox.init) }
        let box = boxes.count == workers.count ? boxes[0] : SubjectBox(suite.subject(implementation)!)
        let logs = (boxes.count == workers.count ? workers : [workers[0]]).map(BreakdownLog.init)
        let generator = suite.generator(capabilities, context: context)
        let stop = self.stop
        let deadline = ShrinkDeadline()
        let properties = zip(boxes.count == workers.count ? boxes : [box], logs).map { box, log in
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
        let property = properties[0]
        let check = property.check(
            configuration, progress: runProgress.map { report in { runs in report(suite.suite, runs) } },
            workers: Array(properties.dropFirst()))
        var record = SuiteRecord(
            suite: suite.suite, seed: configuration.seed, runs: check.runs,
            exercised: UnitCount(check.coverage.steps, suite.unit),
            seconds: check.duration.seconds, coverage: Self.rows(check.coverage, required: required),
            missingCoverage: [],
            rules: suite.rules, uncertifiedRules: suite.uncertifiedRules(capabilities),
            stoppedByTimeLimit: check.timedOut ? options.timeLimit.map(Self.durationText) : nil)
        record.triggered = check.coverage.triggered
        record.divergedTriggered = check.divergedTriggers.isEmpty ? nil : check.divergedTriggers
        record.maskedTriggered = check.maskedTriggers.isEmpty ? nil : check.maskedTriggers
        record.triggerUnit = suite.triggerUnit
        // One replayed run judges no rule; a shard's counts are judged when the shards are merged.
        record.ruleMinimum = options.onlyRun == nil ? options.ruleMinimum : 0
        record.failureCap = check.failureCapReached && options.onlyRun == nil ? options.maxFailures : nil
        var outcome = SuiteOutcome(record: record, failures: [], error: nil)
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
        let searched = search(
            suite, property: property, check: check, box: box, context: context, outcome: &outcome,
            knownCauses: knownCauses)
        outcome.record.searchedTriggers = searched.isEmpty ? nil : searched
        outcome.failures = FailureRecord.ordered(outcome.failures)
        if let run = options.onlyRun, outcome.failures.count > 1 {
            // A replay line names a run, and one run can show several causes: all of them are listed, not only the
            // failure whose line was followed.
            let note =
                "run \(run) alone shows \(outcome.failures.count) distinct failures: every cause its inputs show is "
                + "listed (its later divergences and the rules searched for included), the failure whose replay line "
                + "led here among them"
            outcome.record.notes = (outcome.record.notes ?? []) + [note]
        }
        // Not those of runs computed ahead and never taken, which depend on the number of workers.
        let breakdowns = BreakdownLog.reported(logs, lastTaken: check.lastTakenRun)
        if !outcome.failures.contains(where: { $0.kind == .breakdown }), let first = breakdowns.first,
            !outcome.failures.isEmpty
        {
            outcome.failures[0].notes.append(
                "while this suite ran and shrank, the implementation broke down \(counted(breakdowns.count, "time")) "
                    + "and was restarted each time; the failures above replay on a fresh process. The first breakdown: \(first)"
            )
        }
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
                outcome.error = ErrorRecord(suite: suite.suite, message: check.abortMessage ?? check.description)
            }
        }
        return outcome
    }

    /// Refines, replays and describes one counterexample; the abort when it would not replay.
    private func describe<S: ConformanceSuite>(
        _ found: Counterexample<S.Case>, suite: S, property: Property<S.Case>, check: CheckResult<S.Case>,
        box: SubjectBox<S.Subject>, context: SuiteContext, deadline: ShrinkDeadline? = nil
    ) -> Result<FailureRecord, Abort> {
        var replayed = Duration.zero
        return describe(
            found, suite: suite, property: property, check: check, box: box, context: context, deadline: deadline,
            replayed: &replayed)
    }

    /// Refines, replays and describes one counterexample; `replayed` is how long its describing replay took.
    private func describe<S: ConformanceSuite>(
        _ found: Counterexample<S.Case>, suite: S, property: Property<S.Case>, check: CheckResult<S.Case>,
        box: SubjectBox<S.Subject>, context: SuiteContext, deadline: ShrinkDeadline?, replayed: inout Duration
    ) -> Result<FailureRecord, Abort> {
        let capabilities = implementation.capabilities
        // The suite's own pass shares what is left of the time limit, like the engine's shrinking.
        var refining = check.configuration
        if let total = refining.timeLimit {
            let left = max(total - check.duration, .milliseconds(1))
            refining.shrinkLimit.time = refining.shrinkLimit.time.map { min($0, left) } ?? left
        }
        // After a stop request nothing more is shrunk, and the one replay that describes a failure may wait only a
        // moment: the user asked for the results so far, not for a hang to run out its step timeout.
        let stopped = stop?.isRequested == true
        if found.origin == "breakdown: timeout", let deadline, !stopped {
            deadline.set(ShrinkDeadline.forHang(tries: Self.hangShrinkCalls) { _ = try? property.judge(found.value) })
        }
        let shrunk =
            stopped
            ? found
            : suite.refine(
                found, property: property, capabilities: capabilities, context: context, configuration: refining)
        deadline?.set(nil)
        // Regenerate the failure's run as the engine drew it, to report its size before shrinking.
        let original = try? suite.generator(capabilities, context: context).run(
            .run(max(found.run, 0), of: check.configuration.seed))
        let failing = FailingCase(
            value: shrunk.value, original: original, shrink: shrunk.shrink,
            replay: replayText(options.replay(for: suite, run: found.run >= 0 ? found.run : nil)),
            target: found.target)
        // Describing replays the failure: give it whole step timeouts, so a time limit spent on shrinking
        // cannot throw away the failure found (a stop request may have come while it was shrunk).
        (implementation as? any TimeBoundImplementation)?.stopBy =
            stop?.isRequested == true ? .now + Self.stoppedReplayGrace : nil
        // A breakdown is described from a fresh process: one that shows only on an aged process (after so many
        // commands, so much memory) must not pass for the input's.
        if found.origin.hasPrefix("breakdown: ") { (implementation as? any RecoveringImplementation)?.startAfresh() }
        let began = ContinuousClock.now
        defer { replayed = ContinuousClock.now - began }
        do {
            var failure = try suite.describe(failing, on: box.subject, capabilities: capabilities)
            failure.occurrences = found.occurrences
            if failure.origin.isEmpty { failure.origin = found.origin }
            return .success(failure)
        } catch {
            return .failure(error)
        }
    }

    /// A failure as the engine found it, when the run was stopped before it could be replayed and described: its
    /// rules (those its failing unit was blamed on), the engine's message, and the command that replays it.
    private func undescribed<S: ConformanceSuite>(_ found: Counterexample<S.Case>, suite: S) -> FailureRecord {
        let replay = replayText(options.replay(for: suite, run: found.run >= 0 ? found.run : nil))
        let blamed = Set(found.unitTriggers ?? [])
        let why =
            "found on run \(found.run) and not described: the run was stopped (\(stop?.reason ?? "interrupted")) "
            + "before its minimal case was replayed; replay it alone with \(replay)"
        let content = Data((suite.suite.rawValue + "\u{0}" + found.origin).utf8)
        var record = FailureRecord(
            id: "stopped-" + FailureIdentity.hex(FailureIdentity.fnv1a(content)),
            suite: suite.suite, description: "\(found.origin) (not described: the run was stopped)",
            rules: suite.rules.filter { blamed.contains($0.id) }, features: [], size: UnitCount(0, suite.unit),
            originalSize: UnitCount(0, suite.unit), oneMinimal: false, shrinkCandidates: found.shrink.calls,
            divergedAt: "run \(found.run)", input: [], diffHeading: "What the engine saw", diff: found.message,
            violations: [], storyboard: Storyboard(columns: [], rows: []), replay: replay, detail: .null)
        record.origin = found.origin
        record.occurrences = found.occurrences
        record.notes = [why]
        if found.origin.hasPrefix("breakdown: ") {
            record.kind = .breakdown
            record.breakdown = FailureRecord.BreakdownDetail(message: found.message, stderrTail: [])
        }
        return record
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
    /// The most candidates tried when shrinking any other breakdown (each costs a restart of the implementation).
    static let breakdownShrinkCalls = 30

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
