import ConformanceRules
import FlowCheckCore
package import FlowCheckRecords
import Foundation

/// A short Markdown summary, sized for a CI job summary.
package enum MarkdownReport {
    /// The Markdown summary of a run.
    package static func render(_ record: RunRecord) -> String {
        // Counted as the verdict counts them (the badge too): a failure the gate excused still failed its check.
        var ungated = record
        ungated.gate = nil
        let cases = ReportCase.cases(ungated)
        let impl = record.header.implementation
        let verdict = record.verdict
        // A stopped run is said to be one first: its verdict judged only what ran.
        let title = record.interrupted.map { "✗ interrupted (\($0))" } ?? verdict.overall.label
        // A corpus-only run (corpus run) is told apart from the suites' run in a job summary that holds both.
        let what = verdict.suites.isEmpty && !record.cases.isEmpty ? "FlowCheck golden corpus" : "FlowCheck"
        var lines = ["## \(what): \(title)", "", verdict.sentence, ""]
        // The gate beside the verdict: a job summary must not read red while the step is green, nor the reverse.
        if let gate = record.gate {
            lines += ["**\(text(gate.sentence(verdict: verdict.overall.title)))**", ""]
            for entry in gate.stale { lines.append("- stale baseline entry: \(code(entry)) (no failure matched it)") }
            for id in gate.newFailures {
                let cause = record.failures.first { $0.id == id }.map {
                    " (\($0.suite): \($0.ruleIDs.sorted().joined(separator: ", ")))"
                }
                lines.append("- new failure, not in the baseline: \(code(id))\(text(cause ?? ""))")
            }
            if !gate.stale.isEmpty || !gate.newFailures.isEmpty { lines.append("") }
        }
        let exercised = verdict.exercised.map(\.description).joined(separator: ", ")
        // A corpus-only run has no seed and no generated runs: say only what it has.
        let generated =
            verdict.suites.isEmpty
            ? ""
            : "seed `\(record.header.seed)`, \(counted(verdict.runs, "run"))"
                + (exercised.isEmpty ? "" : ", " + exercised) + ", "
        lines.append(
            "\(code(impl.name)) \(text(impl.version)) (\(text(impl.language))), kit \(record.header.kit.version), "
                + generated
                + "\(ReportCase.passedText(cases)).")
        if !verdict.suites.isEmpty {
            lines += [
                "", "| Suite | Verdict | Exercised | Failures | Deviations | Missing coverage |",
                "| --- | --- | --- | --- | --- | --- |",
            ]
        }
        for suite in verdict.suites {
            lines.append(
                "| \(suite.suite) | \(suite.verdict.label.dropFirst(2)) | \(suite.exercised) | \(suite.failures) "
                    + "| \(suite.deviations) | \(suite.missingCoverage.count) |"
            )
        }
        let elsewhere = record.suites.compactMap(\.reportedElsewhere).map(\.count).reduce(0, +)
        if elsewhere > 0 {
            lines += [
                "",
                "Each suite counts the failures and deviations it met; \(elsewhere) of them an earlier suite "
                    + "found first, and each is listed once, under it.",
            ]
        }
        if let corpus = verdict.corpus {
            lines += [
                "",
                "Golden cases: \(corpus.passed) passed, \(corpus.failed) failed, \(corpus.errored) errored, \(corpus.skipped) skipped"
                    + (corpus.malformed > 0 ? ", \(corpus.malformed) could not be read." : "."),
            ]
        }
        // Not held and not known broken: named, with why, so a reader of the summary alone knows which rules.
        for suite in record.suites {
            let unresolved = suite.ruleStatuses(failures: record.failures).filter { $0.standing == .unresolved }
            guard !unresolved.isEmpty else { continue }
            lines += [
                "",
                "Unresolved in \(suite.suite), so not held: "
                    + unresolved.map { "\(code($0.rule.id)) (\(text($0.unresolvedReason(suite.triggeredUnit))))" }
                    .joined(separator: ", ") + ".",
            ]
        }
        for failure in record.failures {
            // A deviation from a SHOULD rule fails nothing (without --strict), but is shown as fully as a failure.
            var heading =
                record.isDeviation(failure)
                ? "△ \(failure.suite): \(failure.ruleIDs.joined(separator: ", ")) (deviation from a SHOULD rule)"
                : "✗ \(failure.suite): \(failure.ruleIDs.joined(separator: ", "))"
            if let excuse = record.gate?.excuse(for: failure.id) { heading += " — " + text(excuse.text) }
            lines += ["", "### " + heading, ""]
            for rule in failure.rules {
                lines.append("- **\(rule.id)** (\(rule.level.rawValue.uppercased())): \(rule.summary)")
            }
            lines.append("- \(failure.sizeText): \(failure.description)")
            // The minimal input itself (the stack and steps, or the document): the case reads without a replay.
            if !failure.input.isEmpty { lines += ["", fence(failure.input.joined(separator: "\n"), language: "")] }
            lines += ["", fence(failure.diff, language: "diff"), "", "Replay: \(code(failure.replay))"]
        }
        for suite in record.suites {
            for note in suite.notes ?? [] { lines += ["", "Note (\(suite.suite)): \(text(note))"] }
        }
        for error in record.errors {
            lines += ["", "### ✗ \(error.suite): could not run to the end", "", fence(error.message, language: "")]
        }
        if !record.header.notCertified.isEmpty {
            lines += ["", "Not certified: " + record.header.notCertified.joined(separator: "; ") + "."]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension MarkdownReport {
    /// Inline code that the text cannot break out of: fenced with one backtick more than its longest run, on one line.
    package static func code(_ text: String) -> String {
        let line = VisibleText.escapingControls(text.replacingOccurrences(of: "\n", with: " "))
        let ticks = String(repeating: "`", count: longestRun(of: "`", in: line) + 1)
        return ticks + (line.hasPrefix("`") || line.hasSuffix("`") ? " \(line) " : line) + ticks
    }

    /// A code block that the text cannot close early: its fence is longer than any run of backticks inside.
    package static func fence(_ text: String, language: String) -> String {
        let text = VisibleText.escapingControls(text)
        let ticks = String(repeating: "`", count: max(3, longestRun(of: "`", in: text) + 1))
        return ticks + language + "\n" + text + "\n" + ticks
    }

    /// Plain text with the Markdown characters that act mid-line escaped, on one line.
    package static func text(_ text: String) -> String {
        var result = ""
        for character in VisibleText.escapingControls(text.replacingOccurrences(of: "\n", with: " ")) {
            // Mid-line, only these can start markup or a link, or end a table cell.
            if "\\`*_[]|<>".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0, current = 0
        for c in text {
            current = c == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}

/// A shields.io endpoint badge with the pass share.
package enum BadgeReport {
    /// The badge's endpoint JSON for a run.
    package static func render(_ record: RunRecord) -> String {
        // The share is the verdict's: a failure the gate excused still failed its check.
        var ungated = record
        ungated.gate = nil
        let share = ReportCase.passShare(ReportCase.cases(ungated))
        let percent = Int((share * 100).rounded(.down))
        // The colour follows the verdict: a high share of passed checks must not make a divergent SDK look healthy.
        // Deviations and unresolved rules are said beside the verdict: a conforming run with them is not a clean one.
        let deviations = record.verdict.deviations
        let unresolved = record.verdict.suites.reduce(0) { $0 + $1.unresolvedRules.count }
        var state = "(\(record.verdict.overall.rawValue))"
        if deviations > 0 { state += ", \(counted(deviations, "deviation"))" }
        if unresolved > 0 { state += ", \(unresolved) unresolved" }
        // The colour stays the verdict's (a badge shows conformance); the gate is said beside it.
        if let gate = record.gate { state += ", gate \(gate.passed ? "passed" : "failed")" }
        let clean = deviations == 0 && unresolved == 0
        let color =
            record.verdict.passed
            ? (clean ? "brightgreen" : "green")
            : record.verdict.overall == .insufficientCoverage ? "yellow" : "red"
        struct Badge: Encodable {
            var schemaVersion = 1; var label = "flowcheck"; var message: String; var color: String
        }
        return RecordFormat.line(Badge(message: "\(percent)% \(state)", color: color)) + "\n"
    }
}
