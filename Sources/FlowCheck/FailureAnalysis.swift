import NavigationModel
import PropertyTesting

/// Turns a shrunk failing plan into a ``ConformanceFailure``: the trace up to the
/// first divergence, the rules broken, the diff, and whether it is 1-minimal.
enum FailureAnalysis {
    static func firstDivergence(_ plan: RunPlan, _ replies: [Reply], reasons: Bool) -> Int? {
        plan.commands.indices.first { !ReplyComparison.matches(plan.expected[$0], replies[$0], reasons: reasons) }
    }

    static func analyze(
        plan: RunPlan, original: RunPlan?, implementation: ImplementationBox, reasons: Bool,
        shrink: ShrinkStatistics, replay: String
    ) throws(Abort) -> ConformanceFailure {
        let replies = try implementation.replies(to: plan)
        guard let diverging = firstDivergence(plan, replies, reasons: reasons) else {
            throw Abort("the divergence did not replay: the implementation answered the same commands differently the second time")
        }
        let trace = (0...diverging).map { StepTrace(command: plan.commands[$0], expected: plan.expected[$0], actual: replies[$0]) }
        let violations = TraceMonitor.violations(
            profile: plan.profile, initial: plan.initial, steps: trace.map { ($0.command, $0.actual) })
        var rules: [String] = []
        for violation in violations where !rules.contains(violation.rule) { rules.append(violation.rule) }
        var governing = "NAV-STACK"
        if var session = try? Session(stack: plan.initial, profile: plan.profile) {
            for command in plan.commands[..<diverging] { _ = session.perform(command) }
            governing = RuleAttribution.rule(for: plan.commands[diverging], before: session)
        }
        if rules.isEmpty { rules = [governing] }
        let commands = Array(plan.commands[...diverging])
        var originalSteps = diverging + 1
        if let original, let originalReplies = try? implementation.replies(to: original),
           let first = firstDivergence(original, originalReplies, reasons: reasons) {
            originalSteps = first + 1
        }
        return ConformanceFailure(
            id: FailureIdentity.id(suite: plan.suite, profile: plan.profile, initial: plan.initial, commands: commands),
            governingRule: governing, feature: Rule.named(governing)?.feature ?? "stack",
            description: "\(plan.commands[diverging]) diverged at step \(diverging) (\(rules.joined(separator: ", ")))",
            suite: plan.suite, profile: plan.profile, initial: plan.initial, trace: trace, divergingStep: diverging,
            rules: rules, violations: violations,
            diff: ReplyComparison.diff(expected: plan.expected[diverging], actual: replies[diverging]),
            originalSteps: originalSteps, shrinkCandidates: shrink.calls, shrinkMilliseconds: shrink.duration.seconds * 1000,
            oneMinimal: try isOneMinimal(plan, upTo: diverging, implementation: implementation, reasons: reasons),
            replay: replay)
    }

    /// Whether deleting any single step, as a value, makes the divergence disappear.
    static func isOneMinimal(_ plan: RunPlan, upTo diverging: Int, implementation: ImplementationBox, reasons: Bool) throws(Abort) -> Bool {
        let commands = Array(plan.commands[...diverging])
        for index in commands.indices {
            var fewer = commands
            fewer.remove(at: index)
            guard let candidate = try? RunPlan(suite: plan.suite, profile: plan.profile, initial: plan.initial, commands: fewer) else { continue }
            if firstDivergence(candidate, try implementation.replies(to: candidate), reasons: reasons) != nil { return false }
        }
        return true
    }
}
