import ConformanceRules
import FlowCheckCore
package import FlowCheckRecords
import Foundation

/// Several implementations compared (`flowcheck compare`): as text for a terminal, Markdown for a CI job summary,
/// and one HTML page of rules × implementations.
package enum ParityReport {
    /// The terminal's text: each implementation's verdict, the rules where they stand differently, and the failures
    /// replayed on the others.
    package static func text(_ parity: Parity) -> String {
        var lines = ["Implementations compared on the same generated cases (seed \(parity.seed)):"]
        for (index, implementation) in parity.implementations.enumerated() {
            lines.append("  \(index + 1). \(name(implementation)): \(verdictText(implementation))")
        }
        let differing = parity.rules.filter(\.differs)
        lines += ["", "Rules where they stand differently: \(differing.count) of \(parity.rules.count)"]
        for row in differing {
            lines.append(
                "  \(row.rule) (\(row.level.rawValue.uppercased())): "
                    + row.standings.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", "))
        }
        if !parity.disagreements.isEmpty {
            lines += ["", "Failures replayed on the others (the same run, the same seed):"]
            for disagreement in parity.disagreements {
                lines.append(
                    "  \(disagreement.found + 1). \(disagreement.suite): \(disagreement.cause); "
                        + disagreement.others.enumerated().filter { $0.offset != disagreement.found }
                        .map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", "))
                lines.append("     Replay: \(disagreement.replay)")
            }
        }
        for (index, implementation) in parity.implementations.enumerated() {
            guard let gate = implementation.gate else { continue }
            lines.append("\(index + 1). " + gate.sentence(verdict: implementation.verdict.title))
            lines += gate.newFailures.map { "     new failure: \($0)" }
            lines += gate.stale.map { "     stale: \($0) now passes or no longer exists" }
        }
        lines += ["", "Parity: \(parity.passed ? "PASSED" : "FAILED") (exit \(parity.passed ? 0 : 1))"]
        return lines.joined(separator: "\n")
    }

    /// The Markdown summary: the implementations, the rules that differ, the disagreements, the whole matrix folded.
    package static func markdown(_ parity: Parity) -> String {
        let code = MarkdownReport.code, text = MarkdownReport.text
        var lines = [
            "## FlowCheck parity: \(parity.passed ? "✓ passed" : "✗ failed")", "", "Seed `\(parity.seed)`.", "",
        ]
        lines += ["| # | Implementation | Verdict |", "| --- | --- | --- |"]
        for (index, implementation) in parity.implementations.enumerated() {
            lines.append("| \(index + 1) | \(code(name(implementation))) | \(text(verdictText(implementation))) |")
        }
        let header =
            "| Suite | Rule | Level | "
            + parity.implementations.indices.map { "\($0 + 1)" }
            .joined(separator: " | ") + " |"
        let rule = "| --- | --- | --- | " + parity.implementations.map { _ in "---" }.joined(separator: " | ") + " |"
        func row(_ row: Parity.RuleRow) -> String {
            "| \(row.suite) | \(code(row.rule)) | \(row.level.rawValue.uppercased()) | "
                + row.standings.joined(separator: " | ") + " |"
        }
        let differing = parity.rules.filter(\.differs)
        lines += ["", "### Rules where they stand differently (\(differing.count) of \(parity.rules.count))", ""]
        lines += differing.isEmpty ? ["None."] : [header, rule] + differing.map(row)
        if !parity.disagreements.isEmpty {
            lines += ["", "### Failures replayed on the others", ""]
            for disagreement in parity.disagreements {
                lines.append(
                    "- \(disagreement.found + 1): \(text(disagreement.suite + ": " + disagreement.cause)); "
                        + disagreement.others.enumerated().filter { $0.offset != disagreement.found }
                        .map { "\($0.offset + 1) \(text($0.element))" }.joined(separator: ", ")
                        + ". Replay: \(code(disagreement.replay))")
            }
        }
        lines += ["", "<details><summary>Every rule</summary>", "", header, rule] + parity.rules.map(row)
        lines += ["", "</details>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One HTML page: the implementations, then rules × implementations with each standing coloured.
    package static func html(_ parity: Parity) -> String {
        let escape = HTMLReport.escape
        var body =
            "<header class=\"verdict \(parity.passed ? "conforming" : "divergent")\"><h1>"
            + "\(parity.passed ? "✓" : "✗") Parity \(parity.passed ? "passed" : "failed")</h1></header><main>"
        body += "<section><h2>Implementations</h2><p>Seed \(parity.seed), the same generated cases for each.</p><ol>"
        for implementation in parity.implementations {
            body += "<li><code>\(escape(name(implementation)))</code>: \(escape(verdictText(implementation)))</li>"
        }
        body += "</ol></section>"
        if !parity.disagreements.isEmpty {
            body += "<section><h2>Failures replayed on the others</h2><ul>"
            for disagreement in parity.disagreements {
                let others = disagreement.others.enumerated().filter { $0.offset != disagreement.found }
                    .map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
                body +=
                    "<li>\(disagreement.found + 1): <code class=\"rule\">\(escape(disagreement.cause))</code> "
                    + "(\(escape(disagreement.suite))); \(escape(others))<br><code>\(escape(disagreement.replay))</code></li>"
            }
            body += "</ul></section>"
        }
        body +=
            "<section><h2>Rules × implementations</h2><div class=\"scroll\"><table class=\"matrix\"><tr><th>Suite</th>"
            + "<th>Rule</th><th>Level</th>"
            + parity.implementations.indices.map { "<th>\($0 + 1)</th>" }.joined() + "</tr>"
        for row in parity.rules {
            body +=
                "<tr\(row.differs ? " class=\"warn\"" : "")><td>\(escape(row.suite))</td>"
                + "<td><code class=\"rule\">\(escape(row.rule))</code></td><td>\(row.level.rawValue.uppercased())</td>"
                + row.standings.map { "<td class=\"\(cellClass($0))\">\(escape($0))</td>" }.joined() + "</tr>"
        }
        body += "</table></div></section></main>"
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>FlowCheck parity</title>"
            + "<style>\(HTMLReport.style)</style></head><body>\(body)</body></html>\n"
    }

    static func name(_ implementation: Parity.Implementation) -> String {
        "\(implementation.name) \(implementation.version) (\(implementation.language))"
    }

    static func verdictText(_ implementation: Parity.Implementation) -> String {
        implementation.verdict.title
            + (implementation.gate.map { "; expected failures: gate \($0.passed ? "passed" : "failed")" } ?? "")
    }

    static func cellClass(_ standing: String) -> String {
        switch standing {
        case "held": return "pass"
        case "broken", "not exercised": return "fail"
        case "deviation", "unresolved", "expected": return "warn"
        default: return "skip"
        }
    }
}
