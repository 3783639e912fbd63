import FlowCheck
import FlowSchema
import NavigationModel

/// One test case of a report: a counterexample (failed), a required coverage
/// label (passed when exercised), or a suite that could not run (error).
/// JUnit, Markdown and the badge all count these.
public struct ReportCase: Hashable, Sendable {
    /// How a case ended.
    public enum Outcome: Hashable, Sendable {
        /// The required label was exercised.
        case passed
        /// A counterexample, a failed golden case, or a required label never exercised: a one-line message and the detail.
        case failed(message: String, detail: String)
        /// The suite could not run.
        case errored(message: String)
        /// Not judged: the suite stopped at its first divergence before it came to this case.
        case skipped(reason: String)
    }

    /// The suite's name.
    public var suite: String
    /// `suite.feature`.
    public var classname: String
    /// Unique within the suite.
    public var name: String
    /// How the case ended.
    public var outcome: Outcome

    /// The cases of a report, in a stable order: per suite, counterexamples, errors, then coverage labels.
    public static func cases(_ input: ReportInput) -> [ReportCase] {
        var result: [ReportCase] = []
        for coverage in input.coverage {
            let suite = coverage.suite.rawValue
            for failure in input.counterexamples where failure.suite == coverage.suite {
                let rules = failure.rules.map { id in Rule.named(id).map { "\(id): \($0.summary)" } ?? id }.joined(separator: "; ")
                result.append(ReportCase(suite: suite, classname: "\(suite).\(failure.feature)", name: "\(failure.id): \(failure.description)",
                                         outcome: .failed(message: rules, detail: failure.diff + "\nReplay: " + failure.replay)))
            }
            if coverage.suite == .decoding {
                for failure in input.decodingFailures {
                    let rules = failure.rules.map { id in DecodingRule.named(id).map { "\(id): \($0.summary)" } ?? id }.joined(separator: "; ")
                    result.append(ReportCase(suite: suite, classname: "decoding.\(failure.rules.first ?? "DEC")", name: "\(failure.id): \(failure.description)",
                                             outcome: .failed(message: rules, detail: failure.diff + "\nReplay: " + failure.replay)))
                }
            }
            for error in input.errors where error.suite == coverage.suite {
                result.append(ReportCase(suite: suite, classname: "\(suite).run", name: "\(suite): the implementation could not be run",
                                         outcome: .errored(message: error.message)))
            }
            let stoppedEarly = input.stopped(coverage.suite)
            for row in coverage.rows.sorted(by: { $0.label < $1.label }) where row.required {
                let outcome: Outcome = row.runs > 0 ? .passed
                    : stoppedEarly ? .skipped(reason: "the suite stopped at its first failure before exercising this")
                    : .failed(message: "never exercised", detail: "Run more (--runs) or longer (--max-steps).")
                result.append(ReportCase(suite: suite, classname: "\(suite).\(feature(ofLabel: row.label))", name: "coverage: \(row.label)", outcome: outcome))
            }
        }
        for c in input.cases {
            let outcome: Outcome
            switch c.status {
            case .passed: outcome = .passed
            case .failed: outcome = .failed(message: c.rules.joined(separator: ", ") + " at step \(c.step ?? 0)", detail: c.diff ?? "")
            case .errored: outcome = .errored(message: c.message ?? "")
            case .skipped: outcome = .skipped(reason: c.message ?? "skipped")
            }
            result.append(ReportCase(suite: "corpus", classname: "corpus.\(c.suite).\(c.features.first ?? "stack")",
                                     name: "\(c.id): \(c.description)", outcome: outcome))
        }
        return result
    }

    /// The feature of a coverage label, from its first words.
    public static func feature(ofLabel label: String) -> String {
        let words = label.split(separator: " ").map(String.init)
        switch words.first {
        case "invalid": return "validation"
        case "optimistic": return "optimistic"
        case "answer":
            switch words.dropFirst().first {
            case "confirm": return "confirm"
            case "FAILED": return "rollback"
            case "redirect": return "redirect"
            default: return "answer"
            }
        case "FAILED": return "rollback"
        case let mode?: return mode.lowercased().replacingOccurrences(of: "_", with: "-")
        case nil: return "stack"
        }
    }

    /// The share of judged cases (skipped ones left out) that passed, 0...1.
    public static func passShare(_ cases: [ReportCase]) -> Double {
        let judged = cases.filter { if case .skipped = $0.outcome { return false }; return true }
        guard !judged.isEmpty else { return 0 }
        return Double(judged.filter { $0.outcome == .passed }.count) / Double(judged.count)
    }
}
