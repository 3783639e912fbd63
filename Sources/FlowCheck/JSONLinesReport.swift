import Foundation
import NavigationModel

/// The machine-readable record of a run, one JSON object per line with sorted
/// keys: a `header`, a `coverage` record per suite, a `counterexample` per
/// failure, an `error` per suite that could not run, and a closing `summary`.
/// Every other report format is rendered from these lines.
public enum JSONLinesReport {
    struct Header: Encodable {
        let type = "header"
        var kit: KitInfo
        var implementation: ImplementationInfo
        var capabilities: Capabilities
        var notCertified: [String]
        var seed: UInt64
        var suites: [Suite]
    }

    struct Coverage: Encodable {
        let type = "coverage"
        var suite: Suite
        var rows: [CoverageRow]
        var missing: [String]
    }

    struct Divergence: Encodable {
        var step: Int
        var expected: Reply
        var actual: Reply
    }

    struct Counterexample: Encodable {
        let type = "counterexample"
        var suite: Suite
        var profile: Profile
        var initial: ScreenStack
        /// The protocol commands, exactly as sent (without `seq`).
        var steps: [Command]
        var divergence: Divergence
        var rules: [String]
        var violations: [Violation]
        var diff: String
        var originalSteps: Int
        var oneMinimal: Bool
        var shrinkCandidates: Int
        var replay: String
    }

    struct SuiteError: Encodable {
        let type = "error"
        var suite: Suite
        var message: String
    }

    struct SuiteSummary: Encodable {
        var suite: Suite
        var seed: UInt64
        var verdict: ConformanceVerdict
        var runs: Int
        var steps: Int
    }

    struct Summary: Encodable {
        let type = "summary"
        var verdict: ConformanceVerdict
        var passed: Bool
        var runs: Int
        var steps: Int
        var failures: Int
        var stepsPerSecond: Double
        var seed: UInt64
        var seconds: Double
        var suites: [SuiteSummary]
    }

    /// The lines of a result, without trailing newlines.
    public static func lines(_ result: ConformanceResult) -> [String] {
        var lines = [encode(Header(kit: result.kit, implementation: result.implementation, capabilities: result.capabilities,
                                   notCertified: result.notCertified, seed: result.seed, suites: result.suites.map(\.suite)))]
        for suite in result.suites {
            lines.append(encode(Coverage(suite: suite.suite, rows: suite.coverage, missing: suite.missingCoverage)))
            if let f = suite.failure {
                let last = f.trace[f.divergingStep]
                lines.append(encode(Counterexample(
                    suite: f.suite, profile: f.profile, initial: f.initial, steps: f.commands,
                    divergence: Divergence(step: f.divergingStep, expected: last.expected, actual: last.actual),
                    rules: f.rules, violations: f.violations, diff: f.diff, originalSteps: f.originalSteps,
                    oneMinimal: f.oneMinimal, shrinkCandidates: f.shrinkCandidates, replay: f.replay)))
            }
            if let error = suite.error { lines.append(encode(SuiteError(suite: suite.suite, message: error))) }
        }
        lines.append(encode(Summary(
            verdict: result.verdict, passed: result.verdict == .conforming, runs: result.runs, steps: result.steps,
            failures: result.failures.count, stepsPerSecond: (result.stepsPerSecond * 10).rounded() / 10, seed: result.seed,
            seconds: (result.seconds * 1000).rounded() / 1000,
            suites: result.suites.map { SuiteSummary(suite: $0.suite, seed: $0.seed, verdict: $0.verdict, runs: $0.runs, steps: $0.steps) })))
        return lines
    }

    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
