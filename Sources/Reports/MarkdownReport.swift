import ConformanceRules
import FlowCheckCore
import FlowCheckRecords

/// A short Markdown summary, sized for a CI job summary.
public enum MarkdownReport {
    /// The Markdown summary of a run.
    public static func render(_ record: RunRecord) -> String {
        let cases = ReportCase.cases(record)
        let impl = record.header.implementation
        let verdict = record.verdict
        var lines = ["## FlowCheck: \(verdict.overall.label)", "", verdict.sentence, ""]
        let exercised = verdict.exercised.map(\.description).joined(separator: ", ")
        // A corpus-only run has no seed and no generated runs: say only what it has.
        let generated =
            verdict.suites.isEmpty
            ? ""
            : "seed `\(record.header.seed)`, \(counted(verdict.runs, "run"))"
                + (exercised.isEmpty ? "" : ", " + exercised) + ", "
        lines.append(
            "`\(impl.name)` \(impl.version) (\(impl.language)), kit \(record.header.kit.version), " + generated
                + "\(ReportCase.passedText(cases)).")
        if !verdict.suites.isEmpty {
            lines += [
                "", "| Suite | Verdict | Exercised | Failures | Missing coverage |", "| --- | --- | --- | --- | --- |",
            ]
        }
        for suite in verdict.suites {
            lines.append(
                "| \(suite.suite) | \(suite.verdict.label.dropFirst(2)) | \(suite.exercised) | \(suite.failures) | \(suite.missingCoverage.count) |"
            )
        }
        if let corpus = verdict.corpus {
            lines += [
                "",
                "Golden cases: \(corpus.passed) passed, \(corpus.failed) failed, \(corpus.errored) errored, \(corpus.skipped) skipped.",
            ]
        }
        for failure in record.failures {
            lines += ["", "### ✗ \(failure.suite): \(failure.ruleIDs.joined(separator: ", "))", ""]
            for rule in failure.rules {
                lines.append("- **\(rule.id)** (\(rule.level.rawValue.uppercased())): \(rule.summary)")
            }
            lines.append("- \(failure.size), shrunk from \(failure.originalSize): \(failure.description)")
            lines += ["", "```diff", failure.diff, "```", "", "Replay: `\(failure.replay)`"]
        }
        for error in record.errors {
            lines += ["", "### ✗ \(error.suite): could not run to the end", "", "```", error.message, "```"]
        }
        if !record.header.notCertified.isEmpty {
            lines += ["", "Not certified: " + record.header.notCertified.joined(separator: "; ") + "."]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A shields.io endpoint badge with the pass share.
public enum BadgeReport {
    /// The badge's endpoint JSON for a run.
    public static func render(_ record: RunRecord) -> String {
        let share = ReportCase.passShare(ReportCase.cases(record))
        let percent = Int((share * 100).rounded(.down))
        // The colour follows the verdict: a high share of passed checks must not make a divergent SDK look healthy.
        let color =
            record.verdict.passed ? "brightgreen" : record.verdict.overall == .insufficientCoverage ? "yellow" : "red"
        struct Badge: Encodable {
            var schemaVersion = 1; var label = "flowcheck"; var message: String; var color: String
        }
        return RecordFormat.line(Badge(message: "\(percent)% (\(record.verdict.overall.rawValue))", color: color))
            + "\n"
    }
}
