import ConformanceRules
import FlowCheckCore
package import FlowCheckRecords
import Foundation

/// One test case of a report: a failure (failed), a required coverage label (passed when exercised), a suite
/// that could not run (error), or a golden case. JUnit, Markdown and the badge all count these.
package struct ReportCase: Hashable, Sendable {
    /// How a case ended.
    package enum Outcome: Hashable, Sendable {
        /// The required label was exercised, or the golden case passed.
        case passed
        /// A failure, a failed golden case, or a required label never exercised: a one-line message and the detail.
        case failed(message: String, detail: String)
        /// The suite or the golden case could not run.
        case errored(message: String)
        /// A deviation from a SHOULD rule in a run that is not strict: reported with its detail, failing nothing.
        case deviated(message: String, detail: String)
        /// Not judged: outside what the implementation declared, the suite was cut short before it, or the skip list
        /// names it.
        case skipped(reason: String)
    }

    /// The suite's name.
    package var suite: String
    /// `suite.feature`.
    package var classname: String
    /// Unique within the suite.
    package var name: String
    /// How the case ended.
    package var outcome: Outcome

    /// The cases of a run, in a stable order: per suite, failures, errors, rules (one each, with its status, but
    /// for a broken rule, whose failures name it), then coverage labels; then golden cases.
    package static func cases(_ record: RunRecord) -> [ReportCase] {
        var result: [ReportCase] = []
        for (suite, verdict) in zip(record.suites, record.verdict.suites) {
            let name = suite.suite.rawValue
            for failure in record.failures(of: suite.suite) {
                let caseName = "\(failure.id): \(failure.description)"
                if let breakdown = failure.breakdown, record.gate?.excuse(for: failure.id) == nil {
                    result.append(
                        ReportCase(
                            suite: name, classname: "\(name).breakdown", name: caseName,
                            outcome: .errored(
                                message: breakdown.message + "\nReplay: " + failure.replay
                                    + (breakdown.stderrTail.isEmpty
                                        ? ""
                                        : "\nIts standard error ended with:\n"
                                            + breakdown.stderrTail.joined(separator: "\n")))))
                    continue
                }
                let rules = failure.rules.map { "\($0.id): \($0.summary)" }.joined(separator: "; ")
                // The minimal input first: a CI page shows this text alone, and the diff means little without it.
                let detail = (failure.input + [failure.diff]).joined(separator: "\n") + "\nReplay: " + failure.replay
                // Excused by the gate: skipped, as the pipeline that passed counts it, with why and what broke.
                if let excuse = record.gate?.excuse(for: failure.id) {
                    result.append(
                        ReportCase(
                            suite: name, classname: "\(name).\(failure.features.first ?? "rules")", name: caseName,
                            outcome: .skipped(
                                reason: excuse.text + "; " + (rules.isEmpty ? failure.description : rules))))
                    continue
                }
                result.append(
                    ReportCase(
                        suite: name, classname: "\(name).\(failure.features.first ?? "rules")", name: caseName,
                        outcome: record.isDeviation(failure)
                            ? .deviated(message: "deviation from SHOULD rules: " + rules, detail: detail)
                            : .failed(message: rules, detail: detail)))
            }
            if let ids = suite.reportedElsewhere {
                // Each is a failing (or erroring) case once, under the suite that found it first: counted here again,
                // one bug would fail two cases. Listed as skipped, with where it stands, so that the suite's cases
                // still say it met them.
                result.append(
                    ReportCase(
                        suite: name, classname: "\(name).run",
                        name: "\(name): \(counted(ids.count, "failure")) an earlier suite found first",
                        outcome: .skipped(
                            reason: "the same rules broken as failures reported once, under the earlier suite: "
                                + ids.joined(separator: ", "))))
            }
            if let error = verdict.error {
                result.append(
                    ReportCase(
                        suite: name, classname: "\(name).run",
                        name: "\(name): the implementation could not be run to the end",
                        outcome: .errored(message: error)))
            }
            let unit = suite.triggeredUnit
            for status in suite.ruleStatuses(failures: record.failures) {
                let outcome: Outcome
                switch status.standing {
                case .held: outcome = .passed
                case .broken:
                    // Its failures are its cases: a second case for the rule would count one bug twice.
                    continue
                case .unresolved:
                    // Not judged either way, so neither passed nor failed: the failures of the run carry the verdict.
                    outcome = .skipped(
                        reason: "unresolved: \(status.unresolvedReason(unit))")
                case .notExercised where status.minimum == 0:
                    outcome = .skipped(reason: "not exercised: one replayed run holds no rule")
                case .notExercised:
                    outcome = .failed(
                        message: "not exercised",
                        detail: "\(UnitCount(status.triggered, unit)) fell under it; \(status.minimum) are needed.")
                case .notCertified:
                    // Its own reason when the run gives one (a rule no generated input tests yet).
                    let reason = record.header.notCertified.first { $0.hasPrefix(status.rule.id + " (") }
                    outcome = .skipped(
                        reason: "not certified: "
                            + (reason.map { String($0.dropFirst(status.rule.id.count + 2).dropLast()) }
                                ?? "outside what the implementation declared"))
                }
                result.append(
                    ReportCase(
                        suite: name, classname: "\(name).\(status.rule.feature)",
                        name: "rule \(status.rule.id) (\(status.rule.level.rawValue.uppercased()))", outcome: outcome))
            }
            let cutShort = verdict.error != nil || suite.failureCap != nil || suite.stoppedByTimeLimit != nil
            for row in suite.coverage.sorted(by: { $0.label < $1.label }) where row.required {
                let outcome: Outcome =
                    row.runs > 0
                    ? .passed
                    : cutShort
                        ? .skipped(reason: "the suite was cut short before exercising this")
                        : .failed(
                            message: "never exercised",
                            detail: unit == .step ? "Run more (--runs) or longer (--max-steps)." : "Run more (--runs).")
                result.append(
                    ReportCase(
                        suite: name, classname: "\(name).\(feature(ofLabel: row.label))",
                        name: "coverage: \(row.label)", outcome: outcome))
            }
        }
        for c in record.cases {
            var outcome: Outcome
            switch c.status {
            case .passed: outcome = .passed
            case .failed:
                let message =
                    c.rules.joined(separator: ", ") + (c.step.map { " at step \($0)" } ?? "")
                    + (c.message.map { ": \($0)" } ?? "")
                outcome =
                    record.isDeviation(c)
                    ? .deviated(message: "deviation from SHOULD rules: " + message, detail: c.diff ?? "")
                    : .failed(message: message, detail: c.diff ?? "")
            case .errored: outcome = .errored(message: c.message ?? "")
            case .skipped: outcome = .skipped(reason: c.message ?? "skipped")
            }
            if let excuse = record.gate?.excuse(for: c.id) { outcome = .skipped(reason: excuse.text) }
            result.append(
                ReportCase(
                    suite: "corpus", classname: "corpus.\(c.suite).\(c.features.first ?? "stack")",
                    name: "\(c.id): \(c.description)", outcome: outcome))
        }
        return result + gateCases(record)
    }

    /// The feature of a coverage label, from its first words.
    /// The gate's own cases: each stale baseline entry fails, so that a report of a gate failed by one alone is not
    /// all green.
    static func gateCases(_ record: RunRecord) -> [ReportCase] {
        (record.gate?.stale ?? []).map { entry in
            ReportCase(
                suite: "gate", classname: "gate.baseline", name: "baseline entry \(entry)",
                outcome: .failed(
                    message: "stale baseline entry",
                    detail: "No failure of the run matched it: the failure now passes or no longer exists. "
                        + "Write the baseline again (--update-baseline) or remove the entry."))
        }
    }

    package static func feature(ofLabel label: String) -> String {
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
        case let first? where first.contains(":"): return String(first.prefix { $0 != ":" })
        case let mode?: return mode.lowercased().replacingOccurrences(of: "_", with: "-")
        case nil: return "stack"
        }
    }

    /// `50 of 52 checks passed (74 skipped)`: the checks behind the pass share, counted as JUnit counts them.
    /// Skipped are the ones not certified, or not exercised because the run was cut short.
    package static func passedText(_ cases: [ReportCase]) -> String {
        let skipped = cases.filter {
            if case .skipped = $0.outcome { return true }; return false
        }.count
        let deviated = cases.filter {
            if case .deviated = $0.outcome { return true }; return false
        }.count
        let passed = cases.filter { $0.outcome == .passed }.count + deviated
        return "\(passed) of \(counted(cases.count - skipped, "check")) passed"
            + (deviated > 0 ? " (deviations from SHOULD rules counted as passed)" : "")
            + (skipped > 0
                ? " (\(skipped) skipped: not certified, not exercised, unresolved, found first by an earlier suite or excused by the gate)"
                : "")
    }

    /// The share of judged cases (skipped ones left out) that passed, 0...1.
    package static func passShare(_ cases: [ReportCase]) -> Double {
        let judged = cases.filter {
            if case .skipped = $0.outcome { return false }; return true
        }
        guard !judged.isEmpty else { return 0 }
        let passed = judged.filter {
            switch $0.outcome {
            case .passed, .deviated: return true
            default: return false
            }
        }
        return Double(passed.count) / Double(judged.count)
    }
}
