import FlowCheckEngine
import NavigationModel
import RUFClientModel

/// Tells which change left a stack wrong when no observation showed the stack in between.
///
/// Two stacks go unseen. A response that lets a waiting action go applies its directive, then the action's optimistic
/// navigation, in one step: either may have left the stack wrong. And a rollback or redirect restores the stack from
/// before an optimistic change, which was never shown when the change came in the step that made that stack.
///
/// The probe asks the implementation the same inputs again with the optimistic navigation left out, so that the stack
/// in between shows: a divergence then is the earlier change's, named by its own rules (a directive applied
/// otherwise, NAV-); a run that agrees leaves the optimistic change, or the restoring step, to blame.
enum HiddenStackProbe {
    /// What the probe found: the rules to blame, why, and the optimistic change left out.
    struct Finding: Hashable {
        enum Reason: Hashable {
            /// Without the change the step agrees: the change was applied otherwise.
            case changeAppliedOtherwise
            /// Without the change the step still diverges: the response's own doing.
            case stepItself
            /// Without the change an earlier step diverges: the stack (or component) restored was already wrong.
            case restoredStateWrong(at: Int)
            /// Without the change the directive is applied right: it was not applied to the rolled-back stack.
            case redirectWithoutRollback
            /// Without the optimistic update the response's components merge right: the rollback took them too.
            case rollbackTookMerge
        }
        var rules: [String]
        var reason: Reason
        var optimisticID: String
    }

    /// The probe's finding for `divergence`, or `nil` when its step hides no stack or the probe tells nothing.
    static func finding(
        _ value: ClientCase, _ divergence: ClientFailure.Divergence,
        run: (ClientCase) throws -> [ClientObservation]
    ) rethrows -> Finding? {
        if let restored = try restoredComponent(value, divergence, run: run) { return restored }
        if let merged = try rollbackTookMerge(value, divergence, run: run) { return merged }
        let step = divergence.step
        let steps = value.steps
        // Only a stack blamed on the rule of what the step itself did (or navigationMetrics after a FAILED, which
        // a change sent after it may explain); a queue that sent another action, or a POP applied when sent, is told
        // by the step alone.
        let navigationDiffers =
            divergence.expected.state.navigation != divergence.actual.state.navigation
            || divergence.expected.events.filter({ $0.kind == "navigation" })
                != divergence.actual.events.filter({ $0.kind == "navigation" })
        guard steps.indices.contains(step), case .respond(let response) = value.inputs[step],
            navigationDiffers || divergence.rules == [.rufRollback], divergence.rules.allSatisfy(isStackRule)
        else { return nil }
        let before = steps[step].before
        // The response's directive and the optimistic navigation it lets go, in one step.
        if let sent = before.nextWaitingAction?.optimisticNavigation,
            tried(sent, divergence.actual.events),
            let probe = stripped(
                value, keeping: step + 1, before: step, where: { $0.nextWaitingAction?.optimisticNavigation == nil })
        {
            let replies = try run(probe)
            guard replies.count == probe.inputs.count else { return nil }
            guard let shown = ClientFailure.divergences(probe, replies).first, shown.step == step else {
                // Without it the step agrees: the optimistic change was applied otherwise, on the stack the response
                // left, by the navigation model's rule for it; with the stack as the reference's, only the metrics
                // around it differ, and the rollback keeps the blame.
                guard navigationDiffers else { return nil }
                var session = before.navigationSession
                _ = session.navigate(response.navigation)
                let rules =
                    ClientComparison.optimisticCause(sent, after: session, actual: divergence.actual)
                    ?? [ClientComparison.navigationRule(sent, in: session)]
                return Finding(rules: rules, reason: .changeAppliedOtherwise, optimisticID: sent.id ?? "")
            }
            guard !shown.rules.isEmpty, shown.alternatives.isEmpty else { return nil }
            let deeper = try finding(probe, shown, run: run)
            return deeper ?? Finding(rules: shown.rules, reason: .stepItself, optimisticID: sent.id ?? "")
        }
        // An answer to a pending change that restores the stack from before it (FAILED, or another directive):
        // without that change, the restored stack shows at the step that made it, and another directive is applied
        // to it alone.
        guard let directive = response.navigation, let pending = before.navigationSession.pending,
            directive.mode == .failed || directive.id != pending.id
                || !directive.asksForSameChange(as: pending.directive),
            let probe = stripped(
                value, keeping: step + 1, before: step, where: { $0.navigationSession.pending?.id != pending.id })
        else { return nil }
        let replies = try run(probe)
        guard replies.count == probe.inputs.count else { return nil }
        guard let shown = ClientFailure.divergences(probe, replies).first else {
            // The directive alone is applied as the reference applies it: what went wrong is the redirect (a FAILED
            // is the rollback's own, as blamed).
            guard directive.mode != .failed else { return nil }
            return Finding(rules: [.sesRedirect], reason: .redirectWithoutRollback, optimisticID: pending.id)
        }
        guard !shown.rules.isEmpty, shown.alternatives.isEmpty else { return nil }
        let reason: Finding.Reason = shown.step == step ? .stepItself : .restoredStateWrong(at: shown.step)
        return Finding(rules: shown.rules, reason: reason, optimisticID: pending.id)
    }

    /// A rejection that restores a component from before an optimistic update, which no step showed when the update
    /// came in the step that made it (a response merged, then the waiting action's update applied): without that
    /// update, the component shows at the step that made it, and a divergence there names its own rules.
    static func restoredComponent(
        _ value: ClientCase, _ divergence: ClientFailure.Divergence,
        run: (ClientCase) throws -> [ClientObservation]
    ) rethrows -> Finding? {
        let (step, steps) = (divergence.step, value.steps)
        guard steps.indices.contains(step), case .respond(let response) = value.inputs[step], response.rejectsAction,
            let update = steps[step].before.optimisticUpdateInFlight,
            divergence.expected.state.cache != divergence.actual.state.cache,
            divergence.rules.allSatisfy({ [.rufComponentRollback, .rufPartial].contains($0) }),
            let probe = stripped(
                value, keeping: step, before: step, component: true, where: { !$0.hasOptimisticUpdate })
        else { return nil }
        let replies = try run(probe)
        guard replies.count == probe.inputs.count, let shown = ClientFailure.divergences(probe, replies).first,
            !shown.rules.isEmpty
        else { return nil }
        return Finding(
            rules: shown.rules, reason: .restoredStateWrong(at: shown.step),
            optimisticID: "\(update.screen).\(update.rel)")
    }

    /// A rejection whose response's components differ as a merge rule would say (an APPEND into nothing dropped),
    /// where a rollback that reached past its update, or came after the merge, leaves the same cache: without the
    /// optimistic update, the same response merged right means the rollback took what the response sent.
    static func rollbackTookMerge(
        _ value: ClientCase, _ divergence: ClientFailure.Divergence,
        run: (ClientCase) throws -> [ClientObservation]
    ) rethrows -> Finding? {
        let merging: Set<String> = [.rufMergeReplace, .rufMergeAppend, .rufMergeMatch, .rufMatchNoID]
        let (step, steps) = (divergence.step, value.steps)
        guard steps.indices.contains(step), case .respond(let response) = value.inputs[step], response.rejectsAction,
            let update = steps[step].before.optimisticUpdateInFlight,
            !divergence.rules.isEmpty, divergence.rules.allSatisfy(merging.contains),
            let probe = stripped(
                value, keeping: step + 1, before: step, component: true, where: { !$0.hasOptimisticUpdate })
        else { return nil }
        let replies = try run(probe)
        guard replies.count == probe.inputs.count else { return nil }
        // Agreeing at the step (and before it) without the update: the merge is right, the rollback is not.
        guard ClientFailure.divergences(probe, replies).first == nil else { return nil }
        return Finding(
            rules: [.rufComponentRollback], reason: .rollbackTookMerge,
            optimisticID: "\(update.screen).\(update.rel)")
    }

    /// Whether a rule names a stack left otherwise by what a step did.
    static func isStackRule(_ rule: String) -> Bool {
        rule.hasPrefix("NAV-") || rule.hasPrefix("SES-")
            || [.rufNavigate, .rufRollback, .rufNoOptimisticPop].contains(rule)
    }

    /// Whether the events show `directive` tried (applied or refused).
    static func tried(_ directive: NavigationDirective, _ events: [ClientEvent]) -> Bool {
        events.contains { if case .navigation(_, directive.id) = $0, directive.id != nil { true } else { false } }
    }

    /// The first `count` inputs with one action's optimistic navigation (or, with `component`, its optimistic
    /// component update) left out: the latest one before `step` after which the reference client, replayed up to
    /// `step`, satisfies `left`; `nil` when none does.
    static func stripped(
        _ value: ClientCase, keeping count: Int, before step: Int, component: Bool = false,
        where left: (ReferenceClient) -> Bool
    ) -> ClientCase? {
        let candidates = value.inputs[..<step].indices.reversed().filter {
            guard case .dispatch(let action) = value.inputs[$0] else { return false }
            return component ? action.optimisticUpdate != nil : action.optimisticNavigation != nil
        }
        for at in candidates {
            guard case .dispatch(var action) = value.inputs[at] else { continue }
            if component { action.optimisticUpdate = nil } else { action.optimisticNavigation = nil }
            var inputs = value.inputs
            inputs[at] = .dispatch(action)
            guard
                var client = try? ReferenceClient(
                    stack: value.initial, profile: value.profile, queueing: value.queueing)
            else { return nil }
            for input in inputs[..<step] { _ = client.apply(input) }
            if left(client) { return value.with(inputs: Array(inputs.prefix(count))) }
        }
        return nil
    }
}

extension HiddenStackProbe.Finding {
    /// What the probe showed, for a failure's notes.
    func note(at step: Int, inputs: [ClientInput]) -> String {
        let asked = "asked the same inputs without optimistic change \(optimisticID), the implementation"
        let broken = rules.joined(separator: ", ")
        switch reason {
        case .changeAppliedOtherwise:
            return "step \(step) applies a response's directive, then optimistic change \(optimisticID), in one step: "
                + "\(asked) agrees at step \(step), so the change was applied otherwise (\(broken))"
        case .stepItself:
            return "step \(step) answers with an optimistic change in play: \(asked) still diverges at step \(step), "
                + "breaking \(broken)"
        case .restoredStateWrong(let shown):
            return "step \(step) restores what was there before optimistic change \(optimisticID), which no step "
                + "showed: \(asked) diverges at step \(shown) (\(ClientFailure.summary(inputs[shown]))), breaking "
                + "\(broken), so what was restored was already wrong"
        case .rollbackTookMerge:
            return "step \(step) rejects an action whose optimistic update \(optimisticID) is in play: \(asked) merges "
                + "the response's components as the reference does, so the rollback took them too "
                + "(RUF-COMPONENT-ROLLBACK)"
        case .redirectWithoutRollback:
            return "step \(step) answers optimistic change \(optimisticID) with another directive: \(asked) applies "
                + "that directive as the reference does, so it was not applied to the stack from before the change "
                + "(SES-REDIRECT)"
        }
    }
}
