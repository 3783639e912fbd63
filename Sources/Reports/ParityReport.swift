import ConformanceRules
import FlowCheckCore
package import FlowCheckRecords
import Foundation

/// Several implementations compared (`flowcheck compare`): as text for a terminal, Markdown for a CI job summary,
/// and one HTML page of rules × implementations.
///
/// Each implementation is named by a letter (`A`, `B`, …) in every format, so that a standing reads
/// `A: held, B: broken` and never like a count.
package enum ParityReport {
    /// The terminal's text: each implementation's verdict, the rules where they stand differently, the failures
    /// replayed on the others, and each implementation's expected failures.
    package static func text(_ parity: Parity) -> String {
        var lines = ["Implementations compared on the same generated cases (seed \(parity.seed)):"]
        for implementation in parity.implementations {
            lines.append("  \(implementation.label)  \(name(implementation)): \(verdictText(implementation))")
        }
        if let note = interruption(parity) { lines.append("  " + note) }
        let differing = parity.rules.filter(\.differs)
        lines += ["", "Rules where they stand differently: \(differing.count) of \(parity.rules.count)"]
        for row in differing {
            lines.append("  \(row.rule) (\(row.level.rawValue.uppercased())): " + standings(row, parity))
        }
        if !parity.disagreements.isEmpty {
            lines += ["", "Failures replayed on the others (the same run, the same seed):"]
            for disagreement in parity.disagreements {
                lines.append(
                    "  found in \(disagreement.found): \(disagreement.cause); "
                        + others(disagreement, parity))
                lines.append("     Replay: \(disagreement.replay)")
            }
        }
        let gated = parity.implementations.filter { $0.gate != nil }
        if !gated.isEmpty { lines += ["", "Expected failures:"] }
        for implementation in gated {
            guard let gate = implementation.gate else { continue }
            lines.append("  \(implementation.label)  " + gate.sentence(verdict: implementation.verdict.title))
            lines += expectationLines(gate, parity).map { "     " + $0 }
        }
        if let signal = parity.interrupted {
            lines += ["", "Parity: not judged, interrupted by \(signal)"]
        } else {
            lines += ["", "Parity: \(parity.passed ? "PASSED" : "FAILED") (exit \(parity.passed ? 0 : 1))"]
        }
        return lines.joined(separator: "\n")
    }

    /// The Markdown summary: the implementations, the rules that differ, the disagreements, the expected failures,
    /// the whole matrix folded.
    package static func markdown(_ parity: Parity) -> String {
        let code = MarkdownReport.code, text = MarkdownReport.text
        var lines = [
            "## FlowCheck parity: \(parity.passed ? "✓ passed" : "✗ failed")", "", "Seed `\(parity.seed)`.", "",
        ]
        lines += ["| | Implementation | Verdict |", "| --- | --- | --- |"]
        for implementation in parity.implementations {
            lines.append(
                "| **\(implementation.label)** | \(code(name(implementation))) | \(text(verdictText(implementation))) |"
            )
        }
        if let note = interruption(parity) { lines += ["", "**\(text(note))**"] }
        let header =
            "| Suite | Rule | Level | " + parity.implementations.map(\.label).joined(separator: " | ") + " |"
        let rule = "| --- | --- | --- | " + parity.implementations.map { _ in "---" }.joined(separator: " | ") + " |"
        func row(_ row: Parity.RuleRow) -> String {
            "| \(row.suite) | \(code(row.rule)) | \(row.level.rawValue.uppercased()) | "
                + row.standings.map { mark($0) + $0 }.joined(separator: " | ") + " |"
        }
        let differing = parity.rules.filter(\.differs)
        lines += ["", "### Rules where they stand differently (\(differing.count) of \(parity.rules.count))", ""]
        lines += differing.isEmpty ? ["None."] : [header, rule] + differing.map(row)
        if !parity.disagreements.isEmpty {
            lines += ["", "### Failures replayed on the others", ""]
            for disagreement in parity.disagreements {
                lines.append(
                    "- found in **\(disagreement.found)**: \(text(disagreement.cause)); "
                        + text(others(disagreement, parity)) + ". Replay: \(code(disagreement.replay))")
            }
        }
        let gated = parity.implementations.filter { $0.gate != nil }
        if !gated.isEmpty { lines += ["", "### Expected failures", ""] }
        for implementation in gated {
            guard let gate = implementation.gate else { continue }
            lines.append("- **\(implementation.label)** " + text(gate.sentence(verdict: implementation.verdict.title)))
            lines += expectationLines(gate, parity).map { "  - " + text($0) }
        }
        lines += ["", "<details><summary>Every rule</summary>", "", header, rule] + parity.rules.map(row)
        lines += ["", "</details>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One HTML page: the implementations, the rules that differ, the failures replayed, the expected failures,
    /// then rules × implementations with each standing coloured.
    package static func html(_ parity: Parity) -> String {
        let escape = HTMLReport.escape
        var body =
            "<header class=\"verdict \(parity.passed ? "conforming" : "divergent")\"><h1>"
            + "\(parity.passed ? "✓" : "✗") Parity \(parity.passed ? "passed" : "failed")</h1></header><main>"
        body += "<section><h2>Implementations</h2><p>Seed \(parity.seed), the same generated cases for each.</p>"
        body += "<table class=\"facts\">"
        for implementation in parity.implementations {
            body +=
                "<tr><th>\(implementation.label)</th><td><code>\(escape(name(implementation)))</code>: "
                + "\(escape(verdictText(implementation)))</td></tr>"
        }
        body += "</table>"
        if let note = interruption(parity) { body += "<p><strong>\(escape(note))</strong></p>" }
        body += "</section>"
        func table(_ rows: [Parity.RuleRow]) -> String {
            var out =
                "<div class=\"scroll\"><table class=\"matrix parity\"><tr><th>Suite</th><th>Rule</th><th>Level</th>"
                + parity.implementations.map { "<th>\($0.label)</th>" }.joined() + "</tr>"
            for row in rows {
                out +=
                    "<tr\(row.differs ? " class=\"warn\"" : "")><td>\(escape(row.suite))</td>"
                    + "<td><code class=\"rule\">\(escape(row.rule))</code></td>"
                    + "<td>\(row.level.rawValue.uppercased())</td>"
                    + row.standings.map { "<td class=\"\(cellClass($0))\">\(mark($0))\(escape($0))</td>" }.joined()
                    + "</tr>"
            }
            return out + "</table></div>"
        }
        let differing = parity.rules.filter(\.differs)
        body += "<section><h2>Rules where they stand differently (\(differing.count) of \(parity.rules.count))</h2>"
        body += differing.isEmpty ? "<p>None: every rule stands the same in each.</p>" : table(differing)
        body += "</section>"
        if !parity.disagreements.isEmpty {
            body += "<section><h2>Failures replayed on the others</h2><ul>"
            for disagreement in parity.disagreements {
                body +=
                    "<li>found in <strong>\(disagreement.found)</strong>: <code class=\"rule\">"
                    + "\(escape(disagreement.cause))</code>; "
                    + "\(escape(others(disagreement, parity)))<br><code>\(escape(disagreement.replay))</code></li>"
            }
            body += "</ul></section>"
        }
        let gated = parity.implementations.filter { $0.gate != nil }
        if !gated.isEmpty { body += "<section><h2>Expected failures</h2><ul>" }
        for implementation in gated {
            guard let gate = implementation.gate else { continue }
            body +=
                "<li><strong>\(implementation.label)</strong> <span class=\"gate \(gate.passed ? "passed" : "failed")\">"
                + escape(gate.sentence(verdict: implementation.verdict.title)) + "</span><ul>"
                + expectationLines(gate, parity).map { "<li>\(escape($0))</li>" }.joined() + "</ul></li>"
        }
        if !gated.isEmpty { body += "</ul></section>" }
        body += "<section><h2>Every rule × implementation</h2>\(table(parity.rules))</section></main>"
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>FlowCheck parity</title>"
            + "<style>\(HTMLReport.style)</style></head><body>\(body)</body></html>\n"
    }

    /// A stopped comparison, in one sentence: what stopped it and which implementations it kept from running.
    static func interruption(_ parity: Parity) -> String? {
        guard let signal = parity.interrupted else { return nil }
        let rest = parity.notRun.isEmpty ? "" : "; not run: " + parity.notRun.joined(separator: ", ")
        return "Interrupted (\(signal)) before the comparison ended: no failure was replayed on the others\(rest)."
    }

    static func name(_ implementation: Parity.Implementation) -> String {
        "\(implementation.name) \(implementation.version) (\(implementation.language))"
    }

    static func verdictText(_ implementation: Parity.Implementation) -> String {
        implementation.verdict.title
            + (implementation.gate.map { "; expected failures: gate \($0.passed ? "passed" : "failed")" } ?? "")
    }

    /// One rule's standings, each after its implementation's letter: `A: held, B: broken`.
    static func standings(_ row: Parity.RuleRow, _ parity: Parity) -> String {
        zip(parity.implementations, row.standings).map { "\($0.label): \($1)" }.joined(separator: ", ")
    }

    /// What a failure's run did on the implementations that did not find it: `on A: passes, on C: fails`.
    static func others(_ disagreement: Parity.Disagreement, _ parity: Parity) -> String {
        zip(parity.implementations, disagreement.others).filter { $0.0.label != disagreement.found }
            .map { "on \($0.label): \($1)" }.joined(separator: ", ")
    }

    /// An implementation's expected failures, one line each: those excused (with the entry's reason), those new,
    /// and the entries stale.
    static func expectationLines(_ gate: GateRecord, _ parity: Parity) -> [String] {
        let causes = Dictionary(parity.disagreements.map { ($0.id, $0.cause) }, uniquingKeysWith: { first, _ in first })
        return gate.excused.map { "expected: \($0.reason) (failure \($0.id))" }
            + gate.newFailures.map { id in "new failure: " + (causes[id].map { "\($0) (failure \(id))" } ?? id) }
            + gate.stale.map { "stale: \($0) now passes or no longer exists" }
    }

    /// A sign before a standing, so that it reads without colour: ✓ held, ✗ broken, ! a deviation or expected.
    static func mark(_ standing: String) -> String {
        switch cellClass(standing) {
        case "pass": return "✓ "
        case "fail": return "✗ "
        case "warn": return "! "
        default: return ""
        }
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
