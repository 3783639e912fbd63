import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import FlowRuntimeModel
import Foundation
import JSON
import PropertyTesting

/// A runtime failure told for people: the minimal flow and actions, the step that diverged, the diff of what the
/// reference runtime and the implementation showed, and a storyboard of the nodes, variables and events.
enum RuntimeFailure {
    static func describe(
        _ failing: FailingCase<RuntimeCase>, implementation: any FlowRuntimeImplementation
    ) throws(Abort) -> FailureRecord {
        var value = failing.value
        let replies: [RuntimeObservation]
        do {
            replies = try implementation.run(value.flow, context: value.context, draws: value.draws, steps: value.steps)
        } catch let abort as Abort {
            throw abort
        } catch {
            return try describeBreakdown(failing, implementation: implementation)
        }
        if !implementation.capabilities.runtime.injectableRandom {
            if let (trial, step) = WeightCheck.failedTrial(under: value, implementation: implementation) {
                return describe(trial, step: step, failing: failing)
            }
            value = value.pinned(to: replies)
        }
        guard let divergence = RuntimeComparison.firstDivergence(value, replies, implementation: implementation) else {
            throw Abort("the divergence did not replay: the implementation agreed with the reference runtime")
        }
        let step = divergence.step
        let rules = divergence.rules.compactMap(RuntimeRules.named)
        let stepText = step == 0 ? "the start" : "step \(step) (\(actionsText(value.steps[step - 1])))"
        let input = inputLines(value, mark: step)
        let diff = LineDiff.render(
            old: lines(value.expected[step].observation), new: lines(replies[step]), context: 3)
        var record = FailureRecord(
            id: "runtime-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(input.joined(separator: "\n").utf8))),
            suite: .runtime, description: "\(stepText) broke \(divergence.rules.joined(separator: ", "))",
            rules: rules, features: Array(Set(rules.map(\.feature))).sorted(),
            size: UnitCount(step + 1, .step),
            originalSize: UnitCount((failing.original?.steps.count ?? value.steps.count) + 1, .step),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls, divergedAt: stepText, input: input,
            diffHeading: "What \(stepText) showed", diff: diff, violations: [],
            storyboard: storyboard(value, replies: replies, divergence: step, input: input), replay: failing.replay,
            detail: .object([
                ("divergedAt", .number(Double(step))), ("parts", .array(divergence.parts.map { .string($0.rawValue) })),
                ("run", RuntimeCorpus.runDetail(value)),
            ]))
        record.origin = divergence.rules.joined(separator: ", ")
        return record
    }

    /// A run the implementation broke down on (it crashed, hung, or replied out of protocol), replayed one request
    /// at a time to name the step: the start, or an action list. A crash on a list of one action breaks the rule of
    /// that action; a timeout, or a breakdown at the start or in a longer list, names no rule.
    static func describeBreakdown(
        _ failing: FailingCase<RuntimeCase>, implementation: any FlowRuntimeImplementation
    ) throws(Abort) -> FailureRecord {
        let value = failing.value
        var replies: [RuntimeObservation] = []
        var failure: (any Error)?
        do {
            replies.append(try implementation.startFlow(value.flow, context: value.context, draws: value.draws))
            for actions in value.steps { replies.append(try implementation.act(actions)) }
        } catch {
            failure = error
        }
        if failure == nil {
            // The whole run as one batch, from a fresh process too: a breakdown only batching brings.
            (implementation as? any RecoveringImplementation)?.startAfresh()
            do {
                _ = try implementation.run(value.flow, context: value.context, draws: value.draws, steps: value.steps)
            } catch {
                failure = error
            }
        }
        guard let failure, let kind = Breakdown.kind(of: failure) else {
            throw Abort("the breakdown did not replay: the implementation ran the same requests the second time")
        }
        let step = min(replies.count, value.steps.count)
        let stepText = step == 0 ? "the start" : "step \(step) (\(actionsText(value.steps[step - 1])))"
        var rules: [Rule] = []
        if kind != "timeout", replies.count <= value.steps.count, step > 0, value.steps[step - 1].count == 1 {
            rules = [actionRule(value.steps[step - 1][0])].compactMap(RuntimeRules.named)
        }
        let message = Breakdown.message(of: failure)
        let input = inputLines(value, mark: step)
        var record = FailureRecord(
            id: "runtime-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(input.joined(separator: "\n").utf8))),
            suite: .runtime, description: "the implementation broke down at \(stepText): \(kind)", rules: rules,
            features: Array(Set(rules.map(\.feature))).sorted(), size: UnitCount(step + 1, .step),
            originalSize: UnitCount((failing.original?.steps.count ?? value.steps.count) + 1, .step),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls, divergedAt: stepText, input: input,
            diffHeading: "The implementation broke down at \(stepText)", diff: message, violations: [],
            storyboard: storyboard(value, replies: replies, divergence: step, input: input),
            replay: failing.replay,
            detail: .object([("divergedAt", .number(Double(step))), ("run", RuntimeCorpus.runDetail(value))]))
        record.kind = .breakdown
        record.origin = "breakdown: \(kind)"
        record.breakdown = FailureRecord.BreakdownDetail(
            message: message, stderrTail: (failure as? any BreakdownDescribing)?.stderrTail ?? [])
        return record
    }

    /// The rule an action follows, for a crash while running it alone.
    static func actionRule(_ action: RuntimeAction) -> String {
        switch action {
        case .goNext: return .runNextEdge
        case .goBack: return .runBack
        case .navigate: return .runNavigate
        case .closeFlow: return .runClose
        case .setVariable: return .runSetOp
        }
    }

    /// A failed weight test told for people: the test's flow, how often each variant came out beside its share, the
    /// statistic; the run that stands for it (its first assignment) is the replay.
    static func describe(_ trial: WeightCheck.Trial, step: Int, failing: FailingCase<RuntimeCase>) -> FailureRecord {
        let rules = [trial.rule].compactMap(RuntimeRules.named)
        let test = RuntimeCase(flow: trial.flow, context: [:], draws: [], steps: [])
        var input = inputLines(test, mark: nil)
        input.append(
            "Started \(trial.starts) times, each a new session; chi-square \(String(format: "%.1f", trial.statistic)) "
                + "against \(String(format: "%.1f", trial.critical)) at p = 10⁻⁶")
        let lines = trial.lines
        let diff = LineDiff.render(old: lines.expected, new: lines.observed, context: 3)
        let stepText = step == 0 ? "the start" : "step \(step)"
        var record = FailureRecord(
            id: "runtime-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(input.joined(separator: "\n").utf8))),
            suite: .runtime, description: "the variants picked over \(trial.starts) starts broke \(trial.rule)",
            rules: rules, features: Array(Set(rules.map(\.feature))).sorted(), size: UnitCount(1, .step),
            originalSize: UnitCount((failing.original?.steps.count ?? failing.value.steps.count) + 1, .step),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls,
            divergedAt: "\(trial.starts) starts (first seen at \(stepText) of the replayed run)", input: input,
            diffHeading: "How often each variant came out (- its share, + the implementation's picks)", diff: diff,
            violations: [], storyboard: weightStoryboard(trial, input: input), replay: failing.replay,
            detail: .object([
                ("weights", .array(trial.weights.map(JSONValue.number))),
                ("counts", .array(trial.counts.map { .number(Double($0)) })), ("statistic", .number(trial.statistic)),
            ]))
        record.origin = trial.rule
        return record
    }

    /// One row per variant: its weight and share beside how often it came out.
    static func weightStoryboard(_ trial: WeightCheck.Trial, input: [String]) -> Storyboard {
        let rows = trial.shares.indices.map { index in
            let picked = WeightCheck.Trial.percent(Double(trial.counts[index]) / Double(trial.starts))
            return Storyboard.Row(
                label: WeightCheck.Trial.variantID(index), diverged: false,
                cells: [
                    Storyboard.Cell(text: RuntimeValue.display(trial.weights[index])),
                    Storyboard.Cell(text: WeightCheck.Trial.percent(trial.shares[index])),
                    Storyboard.Cell(text: "\(trial.counts[index]) (\(picked))"),
                ])
        }
        return Storyboard(
            columns: ["Variant", "Weight", "Share", "Picked"], rows: rows,
            preface: Storyboard.Preface(title: "The test", text: input.joined(separator: "\n")))
    }

    static func actionsText(_ actions: [RuntimeAction]) -> String {
        actions.map(\.description).joined(separator: ", ")
    }

    /// The case as lines: the flow's variables, nodes and edges, the context, the draws, and each step's actions,
    /// the diverging one marked.
    static func inputLines(_ value: RuntimeCase, mark: Int?) -> [String] {
        let flow = value.flow
        var lines = ["Flow \(flow.id), entry \"\(flow.entry)\""]
        for variable in flow.variables {
            let source: String
            switch variable.source {
            case .constant(let constant): source = "constant \(constant?.description ?? "none")"
            case .sdk(let path): source = "sdk \"\(path)\""
            }
            let type = variable.type.rawValue + (variable.listItemType.map { " of \($0.rawValue)" } ?? "")
            lines.append(
                "  variable \(variable.key): \(type), \(source)"
                    + (variable.defaultValue.map { ", default \($0)" } ?? "") + (variable.writable ? "" : ", read-only")
            )
        }
        for node in flow.nodes { lines.append("  node " + nodeText(node)) }
        for edge in flow.edges { lines.append("  edge " + edgeText(edge)) }
        if !value.context.isEmpty {
            lines.append(
                "Context: "
                    + value.context.keys.sorted().map { "\"\($0)\": \(value.context[$0]!)" }
                    .joined(separator: ", "))
        }
        if !value.draws.isEmpty, flow.nodes.contains(where: { if case .abTest = $0.kind { true } else { false } }) {
            lines.append("Draws: " + value.draws.map { RuntimeValue.display($0) }.joined(separator: ", "))
        }
        lines.append("Steps:")
        lines.append("  0. start" + (mark == 0 ? "   ← diverged" : ""))
        for (index, actions) in value.steps.enumerated() {
            lines.append("  \(index + 1). " + actionsText(actions) + (mark == index + 1 ? "   ← diverged" : ""))
        }
        return lines
    }

    static func nodeText(_ node: RuntimeNode) -> String {
        switch node.kind {
        case .screen(let texts):
            return "\(node.id) screen \"\(node.name)\""
                + (texts.isEmpty ? "" : " texts " + texts.map { "\"\($0)\"" }.joined(separator: ", "))
        case .condition(let condition): return "\(node.id) condition " + conditionText(condition)
        case .assign(let assignments):
            return "\(node.id) assign "
                + assignments.map { "\($0.variableKey) = \($0.expression)" }.joined(separator: "; ")
        case .abTest(let key, let variants):
            return "\(node.id) abTest \(key) ["
                + variants.map {
                    "\($0.id) \"\($0.label)\" weight \(RuntimeValue.display($0.weight)) → \($0.targetNodeId)"
                }
                .joined(separator: ", ") + "]"
        case .unsupported(let kind): return "\(node.id) \(kind) (unsupported)"
        }
    }

    static func conditionText(_ condition: RuntimeCondition) -> String {
        switch condition {
        case .expression(let text): return "`\(text)`"
        case .test(let op, let variable, let right):
            return "{\(op) \(variable)" + (right.map { " \($0)" } ?? "") + "}"
        case .all(let members): return "and(" + members.map(conditionText).joined(separator: ", ") + ")"
        case .any(let members): return "or(" + members.map(conditionText).joined(separator: ", ") + ")"
        case .not(let inner): return "not(" + conditionText(inner) + ")"
        }
    }

    static func edgeText(_ edge: RuntimeEdge) -> String {
        "\(edge.id) \(edge.from) → \(edge.to) \(edge.kind.rawValue)"
            + (edge.priority.map { " priority \(RuntimeValue.display($0))" } ?? "")
            + (edge.guardExpression.map { " guard `\($0)`" } ?? "")
    }

    /// An observation, one fact per line, so that a diff points at the fact that differs.
    static func lines(_ observation: RuntimeObservation) -> [String] {
        var lines = [
            "screen: " + (observation.screen ?? "none"), "history: " + observation.history.joined(separator: ", "),
        ]
        lines += observation.texts.map { "text: \"\($0)\"" }
        lines += observation.variables.keys.sorted().map { "variable \($0): \(observation.variables[$0]!)" }
        lines += observation.assignments.keys.sorted().map { "assignment \($0): \(observation.assignments[$0]!)" }
        lines += collapsed(observation.events.map { "event: \($0)" })
        lines.append("outcome: " + (observation.outcome?.rawValue ?? "running"))
        return lines
    }

    /// One row per step: the actions, the screen and history, the variables, the events; the diverging row shows
    /// both sides.
    static func storyboard(
        _ value: RuntimeCase, replies: [RuntimeObservation], divergence: Int, input: [String]
    ) -> Storyboard {
        var rows: [Storyboard.Row] = []
        for index in 0...divergence {
            let expected = value.expected[index].observation
            let action = index == 0 ? "start" : actionsText(value.steps[index - 1])
            var cells = [Storyboard.Cell(text: action, style: .code)]
            cells += side(expected, note: index == divergence ? "reference" : nil)
            if index == divergence, index < replies.count {
                rows.append(Storyboard.Row(label: "\(index)", diverged: true, cells: cells))
                rows.append(
                    Storyboard.Row(
                        label: "", diverged: true,
                        cells: [Storyboard.Cell(text: "")] + side(replies[index], note: "implementation", alert: true)))
            } else {
                rows.append(Storyboard.Row(label: "\(index)", cells: cells))
            }
        }
        // The flow, its context and draws above the steps: the rows show only what each step did.
        let flow = input.prefix { $0 != "Steps:" }.joined(separator: "\n")
        return Storyboard(
            columns: ["Step", "Actions", "Screen (history)", "Variables", "Events", "Outcome"], rows: rows,
            preface: Storyboard.Preface(title: "Minimal flow", text: flow))
    }

    static func side(_ observation: RuntimeObservation, note: String?, alert: Bool = false) -> [Storyboard.Cell] {
        let screen = (observation.screen ?? "none") + " (" + observation.history.joined(separator: " › ") + ")"
        let variables = observation.variables.keys.sorted().map { "\($0) = \(observation.variables[$0]!)" }
        return [
            Storyboard.Cell(note: note, alert: alert, text: screen),
            Storyboard.Cell(text: variables.isEmpty ? "none" : variables.joined(separator: "\n"), style: .preformatted),
            Storyboard.Cell(
                text: collapsed(observation.events.map(brief)).joined(separator: "\n"), style: .preformatted),
            Storyboard.Cell(text: observation.outcome?.rawValue ?? "running"),
        ]
    }

    /// An event in a few words, for the storyboard's narrow column: its name and its fields' values, in key order.
    static func brief(_ event: RuntimeEvent) -> String {
        ([event.name] + event.fields.keys.sorted().map { event.fields[$0]!.displayString }).joined(separator: " ")
    }

    /// The lines with each run of equal ones written once, counted: a loop that fires an event a hundred times is
    /// one line, not a hundred.
    static func collapsed(_ lines: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < lines.count {
            var end = index + 1
            while end < lines.count, lines[end] == lines[index] { end += 1 }
            out.append(end - index > 1 ? "\(lines[index]) (×\(end - index))" : lines[index])
            index = end
        }
        return out
    }
}
