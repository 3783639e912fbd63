import FlowCheckCore
import FlowCheckEngine
import NavigationModel
import PropertyTesting

/// The divergences of a plan past its first, each found on a plan of its own that starts from the model's state.
///
/// Past its first divergence a run's implementation no longer stands where the model does, and every later step
/// would differ for that reason alone: the run stops comparing there. With many bugs, nearly every run diverges
/// early on one of a few common ones, and a rule that only later steps fall under would never be compared. So the
/// rest of the plan is run again as a plan of its own: from the model's stack at the first later step with nothing
/// pending (a pending change cannot be given as a start), the commands the generator drew for that very state. Its
/// first divergence is a failure in its own right, which the search for a rule no failure names starts from.
enum LaterDivergences {
    /// The most continuations one plan is run in: each costs a reset and the rest of the plan.
    static let limit = 6

    /// The plan that carries on from the model's state past step `diverging`: its stack at the first later step with
    /// nothing pending, and the commands from there; `nil` when no step is left.
    static func continuation(_ plan: RunPlan, after diverging: Int) -> RunPlan? {
        guard var session = try? NavigationSession(stack: plan.initial, profile: plan.profile) else { return nil }
        var next = 0
        while next <= diverging || session.pending != nil {
            guard next < plan.commands.count else { return nil }
            _ = session.perform(plan.commands[next])
            next += 1
        }
        guard next < plan.commands.count else { return nil }
        return try? RunPlan(
            suite: plan.suite, profile: plan.profile, initial: session.stack, commands: Array(plan.commands[next...]))
    }

    /// The continuations of `plan` past its first divergence at `diverging`, run on the implementation, until one
    /// agrees to its end or ``limit`` are run: the rules each divergence found breaks, and the triggers of every step
    /// compared in them.
    static func find(
        _ plan: RunPlan, diverging: Int, implementation: any NavigationImplementation, reasons: Bool
    ) -> (causes: [[String]], compared: [String: Int]) {
        var causes: [[String]] = []
        var compared: [String: Int] = [:]
        var current = plan
        var at = diverging
        for _ in 0..<limit {
            guard let next = continuation(current, after: at),
                let replies = try? StackFailure.replies(of: implementation, to: next)
            else { break }
            guard let divergence = StackFailure.firstDivergence(next, replies, reasons: reasons) else {
                compared.merge(next.ruleTally.counts.byName, uniquingKeysWith: +)
                break
            }
            causes.append(
                StackFailure.cause(
                    next, replies, diverging: divergence, implementation: implementation, reasons: reasons
                )
                .rules)
            if let cut = try? RunPlan(
                suite: next.suite, profile: next.profile, initial: next.initial,
                commands: Array(next.commands[...divergence]))
            {
                compared.merge(cut.ruleTally.counts.byName, uniquingKeysWith: +)
            }
            current = next
            at = divergence
        }
        return (causes, compared)
    }

    /// A counterexample the search ended on for `target` at a later divergence, turned into the continuation whose
    /// first divergence that is, and shrunk on its value: steps deleted one at a time, the first step absorbed into
    /// the initial stack while it applies with nothing pending, initial entries deleted, each kept while the plan
    /// fails first with the same origin. `nil` when the counterexample's first divergence is the target's already.
    static func standalone(
        _ counterexample: Counterexample<RunPlan>, target: String, property: Property<RunPlan>
    ) -> Counterexample<RunPlan>? {
        func judge(_ plan: RunPlan) -> Falsification? { (try? property.judge(plan)) ?? nil }
        guard var falsification = judge(counterexample.value), !(falsification.unitTriggers ?? []).contains(target),
            falsification.later.contains([target])
        else { return nil }
        var plan = counterexample.value
        // Each continuation judged in turn, up to the one whose first divergence breaks the target alone.
        for _ in 0..<limit {
            guard let size = falsification.size, let next = continuation(plan, after: size - 1),
                let judged = judge(next)
            else { return nil }
            (plan, falsification) = (next, judged)
            if falsification.unitTriggers == [target] { break }
        }
        guard falsification.unitTriggers == [target], let size = falsification.size,
            let own = try? RunPlan(
                suite: plan.suite, profile: plan.profile, initial: plan.initial,
                commands: Array(plan.commands[..<size]))
        else { return nil }
        var best = counterexample
        best.value = own
        best.origin = falsification.origin
        best.message = falsification.message
        var calls = 0
        func accept(_ initial: ScreenStack, _ commands: [NavigationCommand]) -> Bool {
            guard !commands.isEmpty, calls < 512,
                let candidate = try? RunPlan(
                    suite: best.value.suite, profile: best.value.profile, initial: initial, commands: commands)
            else { return false }
            calls += 1
            guard let judged = (try? property.judge(candidate)) ?? nil, judged.origin == best.origin else {
                return false
            }
            best.value = candidate
            best.message = judged.message
            return true
        }
        // Kept to its origin from here: no divergence past the first is asked for.
        Falsification.$laterWanted.withValue(false) { shrinkOnValues(current: { best.value }, accept) }
        best.shrink.calls += calls
        return best
    }

    /// Deletes steps, absorbs the first one, deletes initial entries, while `accept` takes the result.
    private static func shrinkOnValues(
        current: () -> RunPlan, _ accept: (ScreenStack, [NavigationCommand]) -> Bool
    ) {
        var progress = true
        while progress {
            progress = false
            let value = current()
            // The first step into the initial stack, where it applies and leaves nothing pending.
            if value.commands.count > 1, let first = value.expected.first, first.outcome.isApplied,
                first.state.pendingID == nil, accept(first.state.stack, Array(value.commands.dropFirst()))
            {
                progress = true
                continue
            }
            for index in value.commands.indices.reversed() {
                var fewer = value.commands
                fewer.remove(at: index)
                if accept(value.initial, fewer) { progress = true; break }
            }
            if progress { continue }
            for index in stride(from: value.initial.count - 1, through: 1, by: -1) {
                var entries = value.initial.entries
                entries.remove(at: index)
                if accept(ScreenStack(entries), value.commands) { progress = true; break }
            }
        }
    }
}
