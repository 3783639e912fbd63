import Foundation
import NavigationModel

/// The machine-readable record of a run, one JSON object per line with sorted
/// keys: a `header`, a `coverage` record per suite, a `counterexample` per
/// failure, an `error` per suite that could not run, and a closing `summary`.
/// Every other report format is rendered from these lines (see `Reports`).
public enum JSONLinesReport {
    public struct Header: Codable, Hashable, Sendable {
        public var type = "header"
        public var kit: KitInfo
        public var implementation: ImplementationInfo
        public var capabilities: Capabilities
        public var notCertified: [String]
        public var seed: UInt64
        public var suites: [Suite]
        /// `i/n` when the run was one shard of n.
        public var shard: String?
        /// The hash of the golden corpus the run used, when it ran the corpus.
        public var corpusHash: String?
        /// For a spec-driven run: the spec and which of its navigations were exercised.
        public var spec: SpecCoverage?
    }

    public struct Coverage: Codable, Hashable, Sendable {
        public var type = "coverage"
        public var suite: Suite
        public var rows: [CoverageRow]
        public var missing: [String]

        public init(suite: Suite, rows: [CoverageRow], missing: [String]) {
            self.suite = suite
            self.rows = rows
            self.missing = missing
        }
    }

    public struct Divergence: Codable, Hashable, Sendable {
        public var step: Int
        public var expected: Reply
        public var actual: Reply
    }

    public struct Counterexample: Codable, Hashable, Sendable {
        public var type = "counterexample"
        public var id: String
        public var description: String
        public var feature: String
        public var governingRule: String
        public var suite: Suite
        public var profile: Profile
        public var initial: ScreenStack
        /// The protocol commands, exactly as sent (without `seq`).
        public var steps: [Command]
        /// Every step: the command, the model's reply and the implementation's.
        public var trace: [StepTrace]
        public var divergence: Divergence
        public var rules: [String]
        public var violations: [Violation]
        public var diff: String
        public var originalSteps: Int
        public var oneMinimal: Bool
        public var shrinkCandidates: Int
        public var replay: String
    }

    /// A decoding counterexample: the minimal document and both outcomes.
    public struct DecodingCounterexample: Codable, Hashable, Sendable {
        public var type = "decodingCounterexample"
        public var suite = Suite.decoding
        public var failure: DecodingFailure
    }

    public struct SuiteError: Codable, Hashable, Sendable {
        public var type = "error"
        public var suite: Suite
        public var message: String
    }

    public struct SuiteSummary: Codable, Hashable, Sendable {
        public var suite: Suite
        public var seed: UInt64
        public var verdict: ConformanceVerdict
        public var runs: Int
        public var steps: Int
    }

    public struct Summary: Codable, Hashable, Sendable {
        public var type = "summary"
        public var verdict: ConformanceVerdict
        public var passed: Bool
        public var runs: Int
        public var steps: Int
        public var failures: Int
        public var stepsPerSecond: Double
        public var seed: UInt64
        public var seconds: Double
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
