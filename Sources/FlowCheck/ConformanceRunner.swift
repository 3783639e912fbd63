import FlowSchema
import Foundation
import NavigationModel
import PropertyTesting

/// Runs the conformance suites against an implementation: generates plans,
/// diffs the implementation's replies with the model's after every step,
/// shrinks the first divergence and names the rules it breaks.
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
        /// How the implementation is named on a `flowcheck` command line (its `--sut` value), or `nil`
        /// for an implementation driven from Swift code, whose replay is an `expectConformance` call.
        public var sut: String?
        /// When set, only this shard of each suite's runs; coverage is then judged when the shards are merged.
        public var shard: Shard?
        /// When set, destinations come from this app spec.
        public var spec: SpecPlan?

        /// Creates options; the defaults (400 runs of at most 30 steps per suite) exercise every required combination.
        public init(seed: UInt64, runs: Int = 400, maxSteps: Int = 30, timeLimit: Duration? = nil, suites: [Suite]? = nil,
                    shrinkLimit: ShrinkLimit = ShrinkLimit(calls: 20_000, time: .seconds(60)), sut: String? = nil,
                    shard: Shard? = nil, spec: SpecPlan? = nil) {
            self.seed = seed
            self.runs = runs
            self.maxSteps = maxSteps
            self.timeLimit = timeLimit
            self.suites = suites
            self.shrinkLimit = shrinkLimit
            self.sut = sut
            self.shard = shard
            self.spec = spec
        }

        /// The one command that replays one suite of this run: a `flowcheck` command line, or for an
        /// implementation driven from Swift code, the `expectConformance` call to put in a test.
        public func replayCommand(for suite: Suite) -> String {
            guard let sut else {
                return "expectConformance(implementation, seed: \(seed), runs: \(runs), maxSteps: \(maxSteps), suites: [.\(suite)])"
            }
            return "flowcheck run --sut \(shellQuoted(sut))" + (spec.map { " --spec \(shellQuoted($0.file))" } ?? "")
                + " --suite \(suite) --seed \(seed) --runs \(runs) --max-steps \(maxSteps)"
                + (shard.map { " --shard \($0)" } ?? "")
        }
    }

    /// The implementation under test.
    public let implementation: any NavigationImplementation
    /// The options.
    public let options: Options
    /// Called after each suite, for progress output.
    public var progress: (@Sendable (SuiteResult) -> Void)?
    /// Called now and then while a suite runs, with the suite and its completed runs.
    public var runProgress: (@Sendable (Suite, Int) -> Void)?

    /// Creates a runner for an implementation.
    public init(implementation: any NavigationImplementation, options: Options) {
        self.implementation = implementation
        self.options = options
    }

    /// Runs every requested suite the implementation declared.
    public func run() -> ConformanceResult {
        let capabilities = implementation.capabilities
        let suites = (options.suites ?? Suite.allCases).filter(capabilities.suites.contains)
        var results: [SuiteResult] = []
        for suite in suites {
            let result = run(suite, capabilities: capabilities)
            progress?(result)
            results.append(result)
        }
        var notCertified = capabilities.notCertified
        if let requested = options.suites {
            for suite in requested where !capabilities.suites.contains(suite) {
                notCertified = notCertified.map { $0 == "suite \(suite) (not declared)" ? "suite \(suite) (requested but not declared)" : $0 }
            }
        }
        var result = ConformanceResult(kit: .current, implementation: implementation.info, capabilities: capabilities,
                                       notCertified: notCertified, seed: options.seed, suites: results)
        if let spec = options.spec {
            let seen = Set(results.flatMap(\.coverage).filter { $0.runs > 0 }.map(\.label))
            let names = spec.navigations.map(\.name)
            result.spec = SpecCoverage(file: spec.file, navigations: names, exercised: spec.navigations.filter { seen.contains($0.label) }.map(\.name))
        }
        return result
    }

    func run(_ suite: Suite, capabilities: Capabilities) -> SuiteResult {
        if suite == .decoding { return runDecoding(capabilities) }
        let required = CoverageLabel.required(for: capabilities, suite: suite)
        var configuration = Configuration(
            seed: SplitMix64.derive(options.seed, suite.seedSalt), runs: options.runs, maxSteps: options.maxSteps,
            timeLimit: options.timeLimit, shrinkLimit: options.shrinkLimit,
            // One shard cannot be judged on coverage alone: `flowcheck report` judges the merged shards.
            coverage: options.shard == nil ? required.map { .runs($0, atLeast: 1) } : [])
        configuration.shard = options.shard
        let generator = PlanGenerator(capabilities: capabilities, suite: suite, maxSteps: options.maxSteps, spec: options.spec)
        let box = ImplementationBox(implementation)
        let reasons = capabilities.reasons
        let property = Property(generator.plans, labels: { plan in plan.specLabels }, stepLabels: { plan in plan.labels }) { plan in
            let replies = try box.replies(to: plan)
            for index in plan.commands.indices where !ReplyComparison.matches(plan.expected[index], replies[index], reasons: reasons) {
                return false
            }
            return true
        }
        let check = property.check(configuration, progress: runProgress.map { report in { runs in report(suite, runs) } })
        return Self.suiteResult(suite, configuration: configuration, check: check, required: required) { (result: inout SuiteResult) throws(Abort) in
            guard let found = check.counterexample else { return }
            let counterexample = StepAbsorption.minimize(found, property: property, generator: generator, configuration: configuration)
            // The engine seeds run k with derive(seed, k): regenerate the first failure to count its steps.
            let original = try? generator.plans.run(.random(seed: SplitMix64.derive(configuration.seed, UInt64(found.run))))
            result.failure = try FailureAnalysis.analyze(
                plan: counterexample.value, original: original, implementation: box, reasons: reasons,
                shrink: counterexample.shrink, replay: options.replayCommand(for: suite))
        }
    }

    /// A suite's result from its check: counts, coverage, and the verdict; `analyze` describes a failure
    /// (an ``Abort`` while describing it makes the suite errored).
    static func suiteResult<Value>(
        _ suite: Suite, configuration: Configuration, check: CheckResult<Value>, required: [String],
        analyze: (inout SuiteResult) throws(Abort) -> Void
    ) -> SuiteResult {
        var result = SuiteResult(
            suite: suite, seed: configuration.seed, verdict: .conforming, runs: check.runs, steps: check.coverage.steps,
            seconds: check.duration.seconds, coverage: rows(check.coverage, required: required),
            missingCoverage: [], failure: nil, error: nil)
        switch check.verdict {
        case .passed:
            break
        case .failed:
            result.verdict = .divergent
            do { try analyze(&result) } catch {
                result.verdict = .errored
                result.error = error.message
            }
        case .insufficientCoverage:
            result.verdict = .insufficientCoverage
            result.missingCoverage = check.unmetCoverage.map(\.label)
        case .errored, .gaveUp:
            result.verdict = .errored
            result.error = check.abortMessage ?? check.description
        }
        return result
    }

    static func rows(_ table: CoverageTable, required: [String]) -> [CoverageRow] {
        var labels = table.labels
        for label in required where table.runsWithLabel[label] == nil { labels.append(label) }
        let requiredSet = Set(required)
        return labels.map { CoverageRow(label: $0, runs: table.runsWithLabel[$0] ?? 0, steps: table.stepsWithLabel[$0] ?? 0, required: requiredSet.contains($0)) }
    }
}

extension ConformanceRunner {
    /// The decoding suite: generated documents, decoded by the reference decoder (with the declared
    /// component types and migrations) and by the implementation, whose canonical forms must agree.
    func runDecoding(_ capabilities: Capabilities) -> SuiteResult {
        let required = CoverageLabel.required(for: capabilities, suite: .decoding)
        var configuration = Configuration(
            seed: SplitMix64.derive(options.seed, Suite.decoding.seedSalt), runs: options.runs, timeLimit: options.timeLimit,
            shrinkLimit: options.shrinkLimit, coverage: options.shard == nil ? required.map { .runs($0, atLeast: 1) } : [])
        configuration.shard = options.shard
        guard implementation is any DecodingImplementation else {
            return SuiteResult(suite: .decoding, seed: configuration.seed, verdict: .errored, runs: 0, steps: 0, seconds: 0, coverage: [],
                               missingCoverage: [], failure: nil,
                               error: "the implementation declares the decoding suite but does not decode (it does not conform to DecodingImplementation)")
        }
        let generator = DocumentGenerator(capabilities: capabilities)
        let decoderOptions = capabilities.decoderOptions
        let box = ImplementationBox(implementation)
        let property = Property(generator.documents, labels: { $0.labels }, stepLabels: { _ in ["document"] }) { document in
            FlowDecoder.decode(document.text, options: decoderOptions).agrees(with: try box.decode(document.text))
        }
        let check = property.check(configuration, progress: runProgress.map { report in { runs in report(.decoding, runs) } })
        return Self.suiteResult(.decoding, configuration: configuration, check: check, required: required) { (result: inout SuiteResult) throws(Abort) in
            guard let counterexample = check.counterexample else { return }
            let original = try? generator.documents.run(.random(seed: SplitMix64.derive(configuration.seed, UInt64(counterexample.run))))
            result.decodingFailure = try DecodingAnalysis.analyze(
                counterexample.value, original: original, decoder: box, options: decoderOptions,
                shrink: ShrinkStatisticsSummary(candidates: counterexample.shrink.calls, milliseconds: counterexample.shrink.duration.seconds * 1000),
                replay: options.replayCommand(for: .decoding))
        }
    }
}

/// Lets the engine's `@Sendable` test closure drive a class-bound implementation.
/// The engine runs a check on one thread, so the implementation is never shared.
final class ImplementationBox: @unchecked Sendable {
    let implementation: any NavigationImplementation

    init(_ implementation: any NavigationImplementation) { self.implementation = implementation }

    /// The implementation's replies to a plan; an error aborts the whole check.
    func replies(to plan: RunPlan) throws(Abort) -> [Reply] {
        let replies: [Reply]
        do {
            replies = try implementation.run(initial: plan.initial, profile: plan.profile, commands: plan.commands)
        } catch {
            throw Abort("\(error)")
        }
        guard replies.count == plan.commands.count else {
            throw Abort("the implementation gave \(replies.count) replies to \(plan.commands.count) commands")
        }
        return replies
    }

    /// The implementation's decoding of a document; an error aborts the whole check.
    func decode(_ text: String) throws(Abort) -> DecodeOutcome {
        guard let decoder = implementation as? any DecodingImplementation else { throw Abort("the implementation does not decode") }
        do { return try decoder.decode(text) } catch { throw Abort("\(error)") }
    }
}

/// Quotes a word for a POSIX shell when it needs it.
func shellQuoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=@,+".contains($0) }
    return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
