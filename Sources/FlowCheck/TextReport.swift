import FlowSchema
import NavigationModel

/// The verdict a person reads in a terminal: per suite, and per failure the
/// minimal steps, the diff at the first divergence, the rules broken and the
/// one command that replays it.
public enum TextReport {
    /// Renders a result.
    public static func render(_ result: ConformanceResult) -> String {
        var lines: [String] = []
        let impl = result.implementation
        lines.append("\(result.kit.name) \(result.kit.version) checked \(impl.name) \(impl.version) (\(impl.language)), seed \(result.seed)")
        lines.append("")
        for suite in result.suites {
            lines.append("  \(pad(suite.suite.rawValue, 11)) \(pad(label(suite.verdict), 22)) \(suite.size), \(seconds(suite.seconds))")
        }
        for suite in result.suites {
            if let failure = suite.failure { lines += [""] + render(failure) }
            if let failure = suite.decodingFailure { lines += [""] + render(failure) }
            if let error = suite.error { lines += ["", "✗ \(suite.suite): the implementation could not be run", indent(error, 2)] }
            if !suite.missingCoverage.isEmpty {
                lines += ["", "✗ \(suite.suite): every step agreed, but these required combinations were never exercised:"]
                lines += suite.missingCoverage.map { "    - \($0)" }
                lines.append("  Run more (--runs) or longer (--max-steps); an unexercised rule is not certified.")
            }
        }
        if !result.failures.isEmpty && result.suites.contains(where: { $0.suite != .decoding && $0.failure != nil }) {
            lines += ["", "Stacks are written bottom first: SCREEN(FLOW), * marks a flow root, ^ a presented (modal) layer's base."]
        }
        if let spec = result.spec {
            lines += ["", "Spec \(spec.file): \(spec.exercised.count) of \(spec.navigations.count) navigations exercised."]
            let missing = spec.navigations.filter { !spec.exercised.contains($0) }
            lines += missing.prefix(10).map { "  not exercised: \($0)" }
            if missing.count > 10 { lines.append("  … and \(missing.count - 10) more") }
        }
        if !result.notCertified.isEmpty {
            lines += ["", "Not certified:"]
            lines += result.notCertified.map { "  - \($0)" }
        }
        lines += ["", "Verdict: \(verdictLine(result))"]
        return lines.joined(separator: "\n")
    }

    static func render(_ failure: ConformanceFailure) -> [String] {
        var lines: [String] = []
        let steps = failure.trace.count
        lines.append("✗ \(failure.suite): diverged at step \(failure.divergingStep) of \(steps) (shrunk from \(counted(failure.originalSteps, "step"))\(failure.oneMinimal ? ", 1-minimal" : ""))")
        lines.append("  Rules broken:")
        for id in failure.rules {
            let rule = Rule.named(id)
            lines.append("    \(id)\(rule.map { " (\($0.level.rawValue.uppercased())): \($0.summary)" } ?? "")")
        }
        lines.append("  Profile: \(failure.profile.nesting.rawValue)")
        lines.append("  Initial stack: \(failure.initial)")
        lines.append("  Steps:")
        for (index, step) in failure.trace.enumerated() {
            lines.append("    \(index). \(step.command)" + (index == failure.divergingStep ? "   ← diverged" : ""))
        }
        let diverging = failure.trace[failure.divergingStep]
        lines.append("  Step \(failure.divergingStep) diverged: \(diverging.command)   (- model, + implementation)")
        lines.append(indent(failure.diff, 4))
        for violation in failure.violations {
            lines.append("  \(violation.invariant) at step \(violation.step): \(violation.message)")
        }
        lines.append("  Replay: \(failure.replay)")
        return lines
    }

    static func render(_ failure: DecodingFailure) -> [String] {
        var lines = ["✗ decoding: \(failure.description)",
                     "  a document of \(counted(failure.nodes, "node")) (\(counted(failure.bytes, "byte"))), shrunk from \(counted(failure.originalNodes, "node")) (\(counted(failure.originalBytes, "byte")))",
                     "  Rules broken:"]
        for id in failure.rules {
            lines.append("    \(id)\(DecodingRule.named(id).map { " (\($0.level.rawValue.uppercased())): \($0.summary)" } ?? "")")
        }
        lines.append("  Minimal document:")
        lines.append(indent(failure.document, 4))
        lines.append("  Canonical forms (- model, + implementation):")
        lines.append(indent(failure.diff, 4))
        for violation in failure.violations { lines.append("  \(violation)") }
        lines.append("  Replay: \(failure.replay)")
        return lines
    }

    static func verdictLine(_ result: ConformanceResult) -> String {
        switch result.verdict {
        case .conforming:
            // The decoding suite counts documents, not steps: name each unit for what it is.
            let steps = result.suites.filter { $0.suite != .decoding }.map(\.steps).reduce(0, +)
            let documents = result.suites.filter { $0.suite == .decoding }.map(\.runs).reduce(0, +)
            let parts = (steps > 0 ? [counted(steps, "step")] : []) + (documents > 0 ? [counted(documents, "document")] : [])
            return "CONFORMING: \(parts.joined(separator: " and ")) agreed with the reference model."
        case .divergent:
            let count = result.failures.count + result.decodingFailures.count
            return "DIVERGENT: \(counted(count, "suite")) found a divergence between the implementation and the model."
        case .insufficientCoverage where result.suites.isEmpty:
            return "INSUFFICIENT COVERAGE: no suite ran, because the implementation declares none of the requested suites."
        case .insufficientCoverage: return "INSUFFICIENT COVERAGE: every step agreed, but not every required combination was exercised."
        case .errored: return "ERRORED: the implementation could not be run to the end."
        }
    }

    static func label(_ verdict: ConformanceVerdict) -> String {
        switch verdict {
        case .conforming: return "✓ conforming"
        case .divergent: return "✗ divergent"
        case .insufficientCoverage: return "✗ insufficient coverage"
        case .errored: return "✗ errored"
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func indent(_ text: String, _ spaces: Int) -> String {
        let prefix = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }

    static func seconds(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
    }
}
