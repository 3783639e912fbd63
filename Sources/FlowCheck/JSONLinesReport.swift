import Foundation
import NavigationModel

/// The machine-readable record of a run, one JSON object per line with sorted
/// keys: a `header`, a `coverage` record per suite, a `counterexample` per
/// failure, an `error` per suite that could not run, and a closing `summary`.
/// Every other report format is rendered from these lines (see `Reports`).
public enum JSONLinesReport {
    /// The first line: who ran against what, with which seed and suites.
    public struct Header: Codable, Hashable, Sendable {
        /// Always `header`.
        public var type = "header"
        /// The kit's name, version and protocol version.
        public var kit: KitInfo
        /// Who the implementation says it is.
        public var implementation: ImplementationInfo
        /// What the implementation declared.
        public var capabilities: Capabilities
        /// Features left out because the implementation did not declare them; the verdict says they are not certified.
        public var notCertified: [String]
        /// The run's seed: the same seed replays the same run.
        public var seed: UInt64
        /// The suites the run covered, in run order.
        public var suites: [Suite]
        /// `i/n` when the run was one shard of n.
        public var shard: String?
        /// The hash of the golden corpus the run used, when it ran the corpus.
        public var corpusHash: String?
        /// For a spec-driven run: the spec and which of its navigations were exercised.
        public var spec: SpecCoverage?
    }

    /// Which situations a suite generated, and how often.
    public struct Coverage: Codable, Hashable, Sendable {
        /// Always `coverage`.
        public var type = "coverage"
        /// The suite the rows belong to.
        public var suite: Suite
        /// One row per situation label, with its count and share.
        public var rows: [CoverageRow]
        /// Required situations the run did not reach often enough to be sure of its coverage.
        public var missing: [String]

        /// Creates a coverage record.
        public init(suite: Suite, rows: [CoverageRow], missing: [String]) {
            self.suite = suite
            self.rows = rows
            self.missing = missing
        }
    }

    /// The first step where the implementation's reply differs from the model's.
    public struct Divergence: Codable, Hashable, Sendable {
        /// The step's index, from 0.
        public var step: Int
        /// The model's reply.
        public var expected: Reply
        /// The implementation's reply.
        public var actual: Reply
    }

    /// A shrunk navigation failure: the minimal input, where it diverged, which rules broke, and how to replay it.
    public struct Counterexample: Codable, Hashable, Sendable {
        /// Always `counterexample`.
        public var type = "counterexample"
        /// A stable id derived from the failure's shape, used by baselines and skip lists.
        public var id: String
        /// The failure in one line.
        public var description: String
        /// The capability feature the diverging step exercised.
        public var feature: String
        /// The ID of the rule that governs the diverging step.
        public var governingRule: String
        /// The suite that found the failure.
        public var suite: Suite
        /// The nesting profile the run used.
        public var profile: Profile
        /// The stack the implementation was reset to.
        public var initial: ScreenStack
        /// The protocol commands, exactly as sent (without `seq`).
        public var steps: [Command]
        /// Every step: the command, the model's reply and the implementation's.
        public var trace: [StepTrace]
        /// The first diverging step.
        public var divergence: Divergence
        /// The rules the broken invariants name, in order; the governing rule alone when no invariant broke.
        public var rules: [String]
        /// The named invariants the implementation's state broke.
        public var violations: [Violation]
        /// The diverging step's diff: `-` lines for the model, `+` for the implementation.
        public var diff: String
        /// How many steps the failure had before shrinking.
        public var originalSteps: Int
        /// Whether removing any single step makes the failure pass.
        public var oneMinimal: Bool
        /// How many candidate inputs the shrinker tried.
        public var shrinkCandidates: Int
        /// The one command that replays the failure.
        public var replay: String
    }

    /// A decoding counterexample: the minimal document and both outcomes.
    public struct DecodingCounterexample: Codable, Hashable, Sendable {
        /// Always `decodingCounterexample`.
        public var type = "decodingCounterexample"
        /// Always the decoding suite.
        public var suite = Suite.decoding
        /// The shrunk document and both outcomes.
        public var failure: DecodingFailure
    }

    /// A suite that could not run, such as a process that broke mid-run.
    public struct SuiteError: Codable, Hashable, Sendable {
        /// Always `error`.
        public var type = "error"
        /// The suite that could not run.
        public var suite: Suite
        /// What went wrong, naming the step.
        public var message: String
    }

    /// One suite's line in the summary.
    public struct SuiteSummary: Codable, Hashable, Sendable {
        /// The suite.
        public var suite: Suite
        /// The seed the suite ran with, derived from the run's seed.
        public var seed: UInt64
        /// The suite's verdict.
        public var verdict: ConformanceVerdict
        /// How many generated cases ran.
        public var runs: Int
        /// How many steps ran in all.
        public var steps: Int
    }

    /// The last line: the run's verdict and totals.
    public struct Summary: Codable, Hashable, Sendable {
        /// Always `summary`.
        public var type = "summary"
        /// The run's verdict.
        public var verdict: ConformanceVerdict
        /// Whether the run passed, for tools that only read a flag.
        public var passed: Bool
        /// Generated cases run in all suites.
        public var runs: Int
        /// Steps run in all suites.
        public var steps: Int
        /// Counterexamples plus failed or errored corpus cases.
        public var failures: Int
        /// Throughput over the whole run.
        public var stepsPerSecond: Double
        /// The run's seed.
        public var seed: UInt64
        /// Wall time of the run.
        public var seconds: Double
        /// One summary per suite, in run order.
        public var suites: [SuiteSummary]
    }

    /// The lines of a result, without trailing newlines.
    public static func lines(_ result: ConformanceResult, shard: String? = nil, corpusHash: String? = nil,
                             cases: [CorpusRun.CaseResult] = []) -> [String] {
        var lines = [encode(Header(kit: result.kit, implementation: result.implementation, capabilities: result.capabilities,
                                   notCertified: result.notCertified, seed: result.seed, suites: result.suites.map(\.suite),
                                   shard: shard, corpusHash: corpusHash, spec: result.spec))]
        for suite in result.suites {
            lines.append(encode(Coverage(suite: suite.suite, rows: suite.coverage, missing: suite.missingCoverage)))
            if let failure = suite.failure { lines.append(encode(counterexample(failure))) }
            if let failure = suite.decodingFailure { lines.append(encode(DecodingCounterexample(failure: failure))) }
            if let error = suite.error { lines.append(encode(SuiteError(suite: suite.suite, message: error))) }
        }
        lines += cases.map(encode)
        let failedCases = cases.filter { $0.status == .failed || $0.status == .errored }.count
        let verdict: ConformanceVerdict = result.verdict != .conforming ? result.verdict
            : cases.contains { $0.status == .errored } ? .errored : failedCases > 0 ? .divergent : .conforming
        lines.append(encode(Summary(
            verdict: verdict, passed: verdict == .conforming, runs: result.runs, steps: result.steps,
            failures: result.failures.count + result.decodingFailures.count + failedCases, stepsPerSecond: (result.stepsPerSecond * 10).rounded() / 10, seed: result.seed,
            seconds: (result.seconds * 1000).rounded() / 1000,
            suites: result.suites.map { SuiteSummary(suite: $0.suite, seed: $0.seed, verdict: $0.verdict, runs: $0.runs, steps: $0.steps) })))
        return lines
    }

    static func counterexample(_ f: ConformanceFailure) -> Counterexample {
        let last = f.trace[f.divergingStep]
        return Counterexample(
            id: f.id, description: f.description, feature: f.feature, governingRule: f.governingRule,
            suite: f.suite, profile: f.profile, initial: f.initial, steps: f.commands, trace: f.trace,
            divergence: Divergence(step: f.divergingStep, expected: last.expected, actual: last.actual),
            rules: f.rules, violations: f.violations, diff: f.diff, originalSteps: f.originalSteps,
            oneMinimal: f.oneMinimal, shrinkCandidates: f.shrinkCandidates, replay: f.replay)
    }

    /// One record as a line of sorted-key JSON.
    public static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
