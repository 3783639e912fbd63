import ConformanceRules
import FlowCheckCore
import FlowCheckRecords
import JSON
import NavigationModel
import PropertyTesting

/// One step of a failure's trace: the command, the model's reply and the implementation's.
public struct StepTrace: Hashable, Codable, Sendable {
    /// The command sent.
    public var command: Command
    /// The reference model's reply.
    public var expected: Reply
    /// The implementation's reply.
    public var actual: Reply
}

/// What a stack suite's failure record carries in its `detail`, for tools and for saving it as a golden case.
public struct StepFailureDetail: Hashable, Codable, Sendable {
    /// The nesting profile.
    public var profile: Profile
    /// The stack the implementation was reset to.
    public var initial: ScreenStack
    /// Every step up to and including the first divergence.
    public var trace: [StepTrace]
    /// The index of the first diverging step (the last of the trace).
    public var divergingStep: Int
    /// The rule that governs the diverging step.
    public var governingRule: String
    /// The invariants the implementation's trace violates.
    public var violations: [Violation]

    /// The commands, in order.
    public var commands: [Command] { trace.map(\.command) }
}

/// Turns a shrunk failing plan into a `FailureRecord`: the trace up to the first
/// divergence, the rules broken, the diff, the storyboard, and whether it is 1-minimal.
enum StackFailure {
    /// The implementation's replies to a plan; an error aborts the whole check.
    static func replies(of implementation: any NavigationImplementation, to plan: RunPlan) throws(Abort) -> [Reply] {
        let replies: [Reply]
        do {
            replies = try implementation.run(initial: plan.initial, profile: plan.profile, commands: plan.commands)
        } catch {
            throw Abort("\(error)")
        }
        guard replies.count == plan.commands.count else {
            throw Abort("the implementation gave \(replies.count) replies to \(plan.commands.count) commands")
        }
        return replies
    }

    static func firstDivergence(_ plan: RunPlan, _ replies: [Reply], reasons: Bool) -> Int? {
        plan.commands.indices.first { !ReplyComparison.matches(plan.expected[$0], replies[$0], reasons: reasons) }
    }

    static func describe(
        _ failing: FailingCase<RunPlan>, implementation: any NavigationImplementation,
        reasons: Bool
    ) throws(Abort) -> FailureRecord {
        let plan = failing.value
        let replies = try replies(of: implementation, to: plan)
        guard let diverging = firstDivergence(plan, replies, reasons: reasons) else {
            throw Abort(
                "the divergence did not replay: the implementation answered the same commands differently the second time"
            )
        }
        let trace = (0...diverging).map {
            StepTrace(command: plan.commands[$0], expected: plan.expected[$0], actual: replies[$0])
        }
        let violations = TraceMonitor.violations(
            profile: plan.profile, initial: plan.initial, steps: trace.map { ($0.command, $0.actual) })
        var ruleIDs: [String] = []
        for violation in violations where !ruleIDs.contains(violation.rule) { ruleIDs.append(violation.rule) }
        var governing = "NAV-STACK"
        if var session = try? Session(stack: plan.initial, profile: plan.profile) {
            for command in plan.commands[..<diverging] { _ = session.perform(command) }
            governing = RuleAttribution.rule(for: plan.commands[diverging], before: session)
        }
        if ruleIDs.isEmpty { ruleIDs = [governing] }
        let commands = Array(plan.commands[...diverging])
        var originalSteps = diverging + 1
        if let original = failing.original, let originalReplies = try? self.replies(of: implementation, to: original),
            let first = firstDivergence(original, originalReplies, reasons: reasons)
        {
            originalSteps = first + 1
        }
        let detail = StepFailureDetail(
            profile: plan.profile, initial: plan.initial, trace: trace, divergingStep: diverging,
            governingRule: governing, violations: violations)
        let step = plan.commands[diverging]
        var input = ["Profile: \(plan.profile.nesting.rawValue)", "Initial stack: \(plan.initial)", "Steps:"]
        for (index, command) in commands.enumerated() {
            input.append("  \(index). \(command)" + (index == diverging ? "   ← diverged" : ""))
        }
        return FailureRecord(
            id: FailureIdentity.id(suite: plan.suite, profile: plan.profile, initial: plan.initial, commands: commands),
            suite: plan.suite,
            description: "\(step) diverged at step \(diverging) (\(ruleIDs.joined(separator: ", ")))",
            rules: ruleIDs.compactMap(NavigationRules.named), features: features(ruleIDs + [governing]),
            size: Count(diverging + 1, .step), originalSize: Count(originalSteps, .step),
            oneMinimal: try isOneMinimal(plan, upTo: diverging, implementation: implementation, reasons: reasons),
            shrinkCandidates: failing.shrink.calls, divergedAt: "step \(diverging)", input: input,
            diffHeading: "Step \(diverging) diverged: \(step)",
            diff: ReplyComparison.diff(expected: plan.expected[diverging], actual: replies[diverging]),
            violations: violations.map { "\($0.invariant) at step \($0.step): \($0.message)" },
            storyboard: storyboard(detail), replay: failing.replay, detail: .encoding(detail))
    }

    /// The features of the broken rules and of the governing one, each once: a skip list naming any of them skips the failure.
    static func features(_ ids: [String]) -> [String] {
        var result: [String] = []
        for feature in ids.compactMap({ NavigationRules.named($0)?.feature }) where !result.contains(feature) {
            result.append(feature)
        }
        return result
    }

    /// Whether deleting any single step, as a value, makes the divergence disappear.
    static func isOneMinimal(
        _ plan: RunPlan, upTo diverging: Int, implementation: any NavigationImplementation,
        reasons: Bool
    ) throws(Abort) -> Bool {
        let commands = Array(plan.commands[...diverging])
        for index in commands.indices {
            var fewer = commands
            fewer.remove(at: index)
            guard
                let candidate = try? RunPlan(
                    suite: plan.suite, profile: plan.profile, initial: plan.initial, commands: fewer)
            else { continue }
            if firstDivergence(candidate, try replies(of: implementation, to: candidate), reasons: reasons) != nil {
                return false
            }
        }
        return true
    }

    /// The storyboard: the initial stack, then per step the directive and both stacks, the diverging step highlighted.
    static func storyboard(_ detail: StepFailureDetail) -> Storyboard {
        var rows = [
            Storyboard.Row(
                label: "start",
                cells: [Storyboard.Cell(text: "reset"), Storyboard.Cell(stack: picture(detail.initial), span: 2)])
        ]
        for (index, step) in detail.trace.enumerated() {
            rows.append(
                Storyboard.Row(
                    label: "\(index)", diverged: index == detail.divergingStep,
                    cells: [
                        Storyboard.Cell(text: step.command.description, style: .code), cell(step.expected),
                        cell(step.actual),
                    ]))
        }
        return Storyboard(columns: ["Step", "Directive", "Model", "Implementation"], rows: rows)
    }

    static func cell(_ reply: Reply) -> Storyboard.Cell {
        switch reply.outcome {
        case .applied:
            return Storyboard.Cell(note: "applied", stack: picture(reply.state.stack, pending: reply.state.pendingID))
        case .rejected(let reason):
            return Storyboard.Cell(
                note: "rejected" + (reason.map { " (\($0.rawValue))" } ?? ""), alert: true,
                stack: picture(reply.state.stack, pending: reply.state.pendingID))
        }
    }

    /// A stack as layers of cards: each layer starts at a root or presented entry.
    static func picture(_ stack: ScreenStack, pending: String? = nil) -> Storyboard.StackPicture {
        var layers: [Storyboard.StackPicture.Layer] = []
        for entry in stack.entries {
            if entry.presentation != .push || layers.isEmpty {
                layers.append(.init(presented: entry.presentation == .modal, cards: []))
            }
            layers[layers.count - 1].cards.append(.init(title: entry.screen, group: entry.flow, marked: entry.flowRoot))
        }
        return Storyboard.StackPicture(layers: layers, badge: pending.map { "pending \($0)" })
    }
}
