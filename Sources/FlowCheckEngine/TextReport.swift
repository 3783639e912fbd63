import ConformanceRules
import FlowCheckCore
public import FlowCheckRecords

/// The verdict a person reads in a terminal: per suite, and per failure the minimal input, the diff at the
/// first divergence, the rules broken and the one command that replays it.
public enum TextReport {
    /// Renders a run's records.
    public static func render(_ result: RunRecord) -> String {
        var lines: [String] = []
        let impl = result.header.implementation
        // Who the implementation says it is comes from it: on one line, so a newline cannot fake a report line.
        lines.append(
            "\(result.header.kit.name) \(result.header.kit.version) checked \(VisibleText.line(impl.name)) "
                + "\(VisibleText.line(impl.version)) (\(VisibleText.line(impl.language))), seed \(result.header.seed)")
        lines.append("")
        // One column for every suite's verdict, as wide as the widest: a verdict with deviations is longer.
        let verdictWidth =
            result.verdict.suites.map { max($0.deviations > 0 ? 28 : 24, $0.label.count + 1) }.max() ?? 24
        for (suite, verdict) in zip(result.suites, result.verdict.suites) {
            lines.append(
                "  \(pad(suite.suite.rawValue, 11)) \(pad(verdict.label, verdictWidth)) "
                    + "\(verdict.size), \(seconds(suite.seconds))"
                    + (suite.stoppedByTimeLimit.map { " (stopped by --time-limit \($0))" } ?? ""))
        }
        for (suite, verdict) in zip(result.suites, result.verdict.suites) {
            for failure in result.failures(of: suite.suite) {
                lines += [""] + render(failure, deviation: result.isDeviation(failure))
                // A gated run says where each failure is listed which of them the pipeline excused, and why.
                if let excuse = result.gate?.excuse(for: failure.id) {
                    lines.insert("  Gate: \(excuse.text); it does not fail the gate.", at: lines.count - 1)
                }
            }
            let unresolved = suite.ruleStatuses(failures: result.failures).filter { $0.standing == .unresolved }
            if !unresolved.isEmpty {
                // Not held, and not known to be broken: say how many units diverged, and whether a search was made.
                let unit = suite.triggeredUnit
                lines += [
                    "",
                    "  \(suite.suite): unresolved, so not held (units under them diverged, and no failure names them): "
                        + unresolved.map { "\($0.rule.id) (\($0.unresolvedReason(unit)))" }.joined(separator: ", "),
                ]
            }
            // Beside failures, a rule too few compared units fell under is easy to miss: the runs that diverged early
            // never reached it. (A suite without failures says so in its verdict.)
            let unexercised = suite.ruleStatuses(failures: result.failures).filter { $0.standing == .notExercised }
            // (A replayed run or one shard judges no rule on coverage: nothing to list.)
            if !unexercised.isEmpty, !result.failures(of: suite.suite).isEmpty, suite.ruleMinimum > 0 {
                let unit = suite.triggeredUnit
                lines += [
                    "",
                    "  \(suite.suite): not exercised, so not held (too few units under them were compared: "
                        + "past a run's first divergence, a unit counts only where it was still compared): "
                        + unexercised.map { "\($0.rule.id) (\(UnitCount($0.triggered, unit)) of \(suite.ruleMinimum))" }
                        .joined(separator: ", "),
                ]
            }
            if let ids = suite.reportedElsewhere {
                let elsewhere = ids.count
                let found = result.failures.filter { ids.contains($0.id) }
                let deviations = !found.isEmpty && found.allSatisfy(result.isDeviation)
                let breakdowns = !found.isEmpty && found.allSatisfy { $0.kind == .breakdown }
                let same =
                    breakdowns ? "the same breakdown" : deviations ? "the same deviation" : "the same rules broken"
                let failures = elsewhere == 1 ? "1 failure" : "\(elsewhere) failures"
                lines += [
                    "",
                    "\(deviations ? "△" : "✗") \(suite.suite): found \(failures) an earlier suite found first "
                        + "(\(same)); each is reported once, above, with a note.",
                ]
            }
            if let cap = suite.failureCap {
                lines += [
                    "",
                    "  \(suite.suite): stopped after \(cap) distinct failures (--max-failures \(cap)); there may be more.",
                ]
            }
            for note in suite.notes ?? [] { lines += ["", "  \(suite.suite): note: \(note)"] }
            if let error = verdict.error {
                lines += ["", "✗ \(suite.suite): the implementation could not be run to the end", indent(error, 2)]
            }
            if !verdict.missingCoverage.isEmpty {
                lines += [
                    "",
                    "✗ \(suite.suite): everything judged agreed, but these required combinations were never exercised:",
                ]
                lines += verdict.missingCoverage.map { "    - \($0)" }
                if let limit = suite.stoppedByTimeLimit {
                    // More runs would not help: the time limit, not the budget, ended the suite.
                    lines.append(
                        "  --time-limit \(limit) stopped the suite after \(counted(verdict.runs, "run")); allow it more time. An unexercised rule is not certified."
                    )
                } else {
                    // Longer runs help only where a run has steps; a document is one unit.
                    let longer = verdict.exercised.unit == .step ? " or longer (--max-steps)" : ""
                    lines.append("  Run more (--runs)\(longer); an unexercised rule is not certified.")
                }
            }
        }
        if result.failures.contains(where: {
            !$0.storyboard.rows.allSatisfy { $0.cells.allSatisfy { $0.stack == nil } }
        }) {
            lines += [
                "",
                "Stacks are written bottom first, the top last: SCREEN(FLOW), * marks a flow root, ^ a presented (modal) layer's"
                    + " base; in diffs one entry a line.",
            ]
        }
        if let spec = result.header.spec {
            lines += [
                "",
                "Spec \(spec.file)" + (spec.clientVersion.map { " (client version \($0))" } ?? "")
                    + ": \(spec.exercised.count) of \(spec.navigations.count) navigations exercised.",
            ]
            if let components = spec.components, let exercised = spec.componentsExercised {
                lines.append(
                    "Spec components (client suite): \(exercised.count) of \(components.count) sent in responses: "
                        + Self.listed(exercised)
                        + (exercised.count < components.count
                            ? "; not sent: " + Self.listed(components.filter { !exercised.contains($0) })
                            : "."))
                let (screens, seen) = (spec.screens, spec.screensExercised)
                lines.append("Spec screens: \(seen.count) of \(screens.count) exercised: " + Self.listed(seen) + ".")
            }
            let missing = spec.navigations.filter { !spec.exercised.contains($0) }
            lines += missing.prefix(10).map { "  not exercised: \($0)" }
            if missing.count > 10 { lines.append("  … and \(missing.count - 10) more") }
        }
        // Golden cases that failed or could not run, each with why: the verdict's count alone does not say which.
        let broken = result.cases.filter { $0.status == .failed || $0.status == .errored }
        if !broken.isEmpty {
            lines += ["", "Golden cases failed or not run:"]
            for record in broken.prefix(20) {
                let why = record.message?.split(separator: "\n").first.map { ": \($0)" } ?? ""
                lines.append("  ✗ \(record.id) (\(record.status.rawValue))\(why)")
            }
            if broken.count > 20 { lines.append("  … and \(broken.count - 20) more") }
        }
        if !result.header.notCertified.isEmpty {
            lines += ["", "Not certified:"]
            lines += result.header.notCertified.map { "  - \($0)" }
        }
        if result.header.strict == true {
            lines += ["", "Strict (--strict): SHOULD rules are held to as MUST rules are."]
        }
        lines += ["", "Verdict: \(result.verdict.sentence)"]
        // Screen names, replies and messages come from the implementation: no escape sequence reaches a terminal.
        return VisibleText.escapingControls(lines.joined(separator: "\n"))
    }

    /// Names joined by commas, the first twenty, and how many more.
    static func listed(_ names: [String]) -> String {
        names.prefix(20).joined(separator: ", ") + (names.count > 20 ? " and \(names.count - 20) more" : "")
    }

    /// The one line a test framework shows first for a run that did not conform: the suite, the rules and the step of
    /// its first failure (`navigation: NAV-PUSH-REMOVE-PREVIOUS broken at step 0 of 1`), and how many more there are.
    public static func headline(_ result: RunRecord) -> String {
        let problems = result.failures.count + result.errors.count
        let more = problems > 1 ? " (and \(counted(problems - 1, "more failure")))" : ""
        if let failure = result.failures.first {
            return VisibleText.line(headline(failure) + more)
        }
        if let error = result.errors.first {
            return VisibleText.line("\(error.suite): the implementation could not be run to the end" + more)
        }
        return VisibleText.line(result.verdict.sentence)
    }

    /// `navigation: NAV-POP-TO broken at step 0 of 1`, `decoding: DEC-UNKNOWN-TYPE broken by a document of 3 nodes`.
    static func headline(_ failure: FailureRecord) -> String {
        guard failure.breakdown == nil, !failure.rules.isEmpty else {
            return "\(failure.suite): \(failure.description)"
        }
        let rules = failure.ruleIDs.joined(separator: ", ")
        if failure.size.unit == .step, failure.divergedAt.hasPrefix("step ") {
            return "\(failure.suite): \(rules) broken at \(failure.divergedAt) of \(failure.size.value)"
        }
        let input = failure.size.unit.rawValue == "node" ? "a document of \(failure.size)" : "\(failure.size)"
        return "\(failure.suite): \(rules) broken by \(input)"
    }

    /// One failure: what diverged, its size, the rules, the minimal input, the diff and the replay line.
    public static func render(_ failure: FailureRecord, deviation: Bool = false) -> [String] {
        var lines = [
            deviation
                ? "△ \(failure.suite): \(failure.description) (a deviation from a SHOULD rule: it fails nothing)"
                : "✗ \(failure.suite): \(failure.description)"
        ]
        let seen = failure.occurrences > 1 ? "; \(failure.occurrences) runs failed this way" : ""
        lines.append("  \(failure.sizeText)\(seen)")
        if !failure.rules.isEmpty {
            lines.append("  Rules broken:")
            for rule in failure.rules { lines.append("    \(rule)") }
        }
        lines += failure.input.map { "  " + $0 }
        if let breakdown = failure.breakdown {
            lines.append("  \(failure.diffHeading):")
            lines.append(indent(breakdown.message, 4))
            if !breakdown.stderrTail.isEmpty {
                lines.append("  Its standard error ended with:")
                lines += breakdown.stderrTail.map { "    " + $0 }
            }
        } else {
            lines.append("  \(failure.diffHeading)   (\(failure.diffLegend ?? "- model, + implementation"))")
            lines.append(indent(failure.diff, 4))
        }
        lines += failure.violations.map { "  " + $0 }
        lines += failure.notes.map { "  Note: " + $0 }
        lines.append("  Replay: \(failure.replay)")
        return lines
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// Indents every line of `text` by `spaces`.
    package static func indent(_ text: String, _ spaces: Int) -> String {
        let prefix = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }

    static func seconds(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
    }
}
