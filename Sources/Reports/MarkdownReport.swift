import FlowCheck
import FlowSchema
import NavigationModel

/// A short Markdown summary, sized for a CI job summary.
public enum MarkdownReport {
    /// The Markdown summary of a run.
    public static func render(_ input: ReportInput) -> String {
        let cases = ReportCase.cases(input)
        let impl = input.header.implementation
        var lines = ["## FlowCheck: \(verdictText(input.verdict))", ""]
        lines.append("`\(impl.name)` \(impl.version) (\(impl.language)), kit \(input.header.kit.version), seed `\(input.header.seed)`, "
                     + "\(input.runs) runs, \(input.steps) steps, \(Int((ReportCase.passShare(cases) * 100).rounded(.down)))% of \(cases.count) checks passed.")
        lines += ["", "| Suite | Verdict | Failures | Missing coverage |", "| --- | --- | --- | --- |"]
        for coverage in input.coverage {
            let failures = input.counterexamples.filter { $0.suite == coverage.suite }.count + (coverage.suite == .decoding ? input.decodingFailures.count : 0)
            let errored = input.errors.contains { $0.suite == coverage.suite }
            let verdict = errored ? "errored" : failures > 0 ? "divergent" : coverage.missing.isEmpty ? "conforming" : "insufficient coverage"
            lines.append("| \(coverage.suite) | \(verdict) | \(failures) | \(coverage.missing.count) |")
        }
        for failure in input.counterexamples {
            lines += ["", "### ✗ \(failure.suite): \(failure.rules.joined(separator: ", "))", ""]
            for id in failure.rules { if let rule = Rule.named(id) { lines.append("- **\(id)** (\(rule.level.rawValue.uppercased())): \(rule.summary)") } }
            lines.append("- \(counted(failure.steps.count, "step")) from `\(failure.initial)`, diverged at step \(failure.divergence.step): `\(failure.steps[failure.divergence.step])`")
            lines += ["", "```diff", failure.diff, "```", "", "Replay: `\(failure.replay)`"]
        }
        for failure in input.decodingFailures {
            lines += ["", "### ✗ decoding: \(failure.rules.joined(separator: ", "))", ""]
            for id in failure.rules { if let rule = DecodingRule.named(id) { lines.append("- **\(id)** (\(rule.level.rawValue.uppercased())): \(rule.summary)") } }
            lines.append("- a document of \(counted(failure.nodes, "node")) (\(counted(failure.bytes, "byte"))), shrunk from \(counted(failure.originalNodes, "node"))")
            lines += ["", "```diff", failure.diff, "```", "", "Replay: `\(failure.replay)`"]
        }
        for error in input.errors { lines += ["", "### ✗ \(error.suite): could not run", "", "```", error.message, "```"] }
        if !input.header.notCertified.isEmpty { lines += ["", "Not certified: " + input.header.notCertified.joined(separator: "; ") + "."] }
        return lines.joined(separator: "\n") + "\n"
    }

    static func verdictText(_ verdict: ConformanceVerdict) -> String {
        switch verdict {
        case .conforming: return "✓ conforming"
        case .divergent: return "✗ divergent"
        case .insufficientCoverage: return "✗ insufficient coverage"
        case .errored: return "✗ errored"
        }
    }
}

/// A shields.io endpoint badge with the pass share.
public enum BadgeReport {
    /// The badge's endpoint JSON for a run.
    public static func render(_ input: ReportInput) -> String {
        let share = ReportCase.passShare(ReportCase.cases(input))
        let percent = Int((share * 100).rounded(.down))
        let color = input.verdict == .conforming ? "brightgreen" : share >= 0.9 ? "yellow" : "red"
        struct Badge: Encodable { var schemaVersion = 1; var label = "flowcheck"; var message: String; var color: String }
        return JSONLinesReport.encode(Badge(message: "\(percent)% (\(input.verdict.rawValue))", color: color)) + "\n"
    }
}
