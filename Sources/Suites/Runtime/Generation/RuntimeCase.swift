package import FlowRuntimeModel

/// One generated run of the runtime suite: a flow, the app's context, the random draws, and the action lists the
/// user runs after the start, with what the reference runtime shows after each step (the start is step 0).
package struct RuntimeCase: Sendable, Hashable {
    /// The flow run.
    package var flow: RuntimeFlow
    /// The app's context.
    package var context: [String: RuntimeValue]
    /// The draws abTest nodes take, in order.
    package var draws: [Double]
    /// The action lists after the start, one per step.
    package var steps: [[RuntimeAction]]
    /// The variants an implementation picked with its own random numbers, by experiment key, which the reference
    /// follows instead of drawing (``ReferenceRuntime/pinned``); empty for an implementation that takes the draws.
    package private(set) var pinned: [String: String] = [:]
    /// The reference runtime's steps: the start, then one per action list.
    package private(set) var expected: [ReferenceRuntime.Step]

    /// A case, with the reference runtime run over it.
    package init(
        flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double], steps: [[RuntimeAction]],
        pinned: [String: String] = [:]
    ) {
        self.flow = flow
        self.context = context
        self.draws = draws
        self.steps = steps
        self.pinned = pinned
        var runtime = ReferenceRuntime(flow: flow, context: context, draws: draws)
        runtime.pinned = pinned
        var expected = [runtime.start()]
        for actions in steps { expected.append(runtime.act(actions)) }
        self.expected = expected
    }

    /// A case whose reference steps were found as it was drawn (the generator runs the reference beside its draws).
    init(
        flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double], steps: [[RuntimeAction]],
        expected: [ReferenceRuntime.Step]
    ) {
        self.flow = flow
        self.context = context
        self.draws = draws
        self.steps = steps
        self.expected = expected
    }

    /// The same case with other action lists (the reference run again).
    package func with(steps: [[RuntimeAction]]) -> RuntimeCase {
        RuntimeCase(flow: flow, context: context, draws: draws, steps: steps, pinned: pinned)
    }

    /// The case with the reference following the variants an implementation that picks its own showed: each
    /// experiment key's first exposure in `observations`, step after step, or its first assignment where it fired
    /// none (an assignment seen only after a step may be a later draw's).
    package func pinned(to observations: [RuntimeObservation]) -> RuntimeCase {
        var picks: [String: String] = [:]
        for observation in observations {
            for event in observation.events where event.name == "experiment_exposure" {
                if case .string(let key)? = event.fields["experiment_id"],
                    case .string(let variant)? = event.fields["variant_id"], picks[key] == nil
                {
                    picks[key] = variant
                }
            }
            for (key, variant) in observation.assignments where picks[key] == nil { picks[key] = variant }
        }
        guard picks != pinned else { return self }
        return RuntimeCase(flow: flow, context: context, draws: draws, steps: steps, pinned: picks)
    }

    /// The rules each step went through, counted over the steps up to and including `last`.
    package func triggers(through last: Int? = nil) -> [String: Int] {
        var counts: [String: Int] = [:]
        for step in expected.prefix((last ?? expected.count - 1) + 1) {
            for rule in step.rules { counts[rule, default: 0] += 1 }
        }
        return counts
    }

    /// What each step did, as coverage labels: its actions, the logic nodes it ran, how the flow ended.
    package var stepLabels: [String] {
        var labels: [String] = []
        for (index, step) in expected.enumerated() {
            labels.append(index == 0 ? "start" : steps[index - 1].map(\.kind).joined(separator: "+"))
            labels += Self.labels(of: step)
        }
        return labels
    }

    static func labels(of step: ReferenceRuntime.Step) -> [String] {
        var labels: [String] = []
        let rules = Set(step.rules)
        if rules.contains(.runCondBranch) { labels.append("condition node") }
        if rules.contains(.runAssign) { labels.append("assign node") }
        if rules.contains(.runAbWeights) || rules.contains(.runAbZero) { labels.append("abTest assignment") }
        if rules.contains(.runAbSticky) { labels.append("abTest sticky") }
        if rules.contains(.runUnsupported) { labels.append("unsupported node") }
        if rules.contains(.runCycle) { labels.append("cycle") }
        if rules.contains(.runInterp) { labels.append("interpolation") }
        if let outcome = step.observation.outcome, rules.contains(.runOutcome) {
            labels.append("outcome \(outcome.rawValue)")
        }
        return labels
    }
}
