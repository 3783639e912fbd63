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

    /// Every suite the runner knows, in run order.
    package let registry: [any ConformanceSuite]

    /// Creates a runner for an implementation with these suites, in run order: a suite written outside the kit runs
    /// this way (the kit's own are handed in by `SuiteRegistry`, through the initializer without `registry`).
    public init(implementation: any Implementation, options: Options, registry: [any ConformanceSuite]) {
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

    /// The suites a stop request kept from starting: every report names them, so that an interrupted run never
    /// reads as if it had covered only what it ran.
    func notRun(_ suites: [any ConformanceSuite], ran records: [SuiteRecord]) -> [String] {
        suites.filter { suite in !records.contains { $0.suite == suite.suite } }.map {
            "suite \($0.suite) (not run: the run was interrupted before it started)"
        }
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
                result += suite.notCertified(
                    capabilities, context: SuiteContext(maxSteps: options.maxSteps, spec: options.spec))
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
                    error: outcome.error?.message, stoppedByTimeLimit: outcome.record.stoppedByTimeLimit,
                    interrupted: outcome.record.interrupted))
        }
        var header = RunHeader(
            kit: .current, implementation: implementation.info,
            capabilities: implementation.capabilities.recorded(by: registry),
            notCertified: notCertified() + notRun(suites, ran: records), seed: options.seed,
            suites: records.map(\.suite),
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
}
