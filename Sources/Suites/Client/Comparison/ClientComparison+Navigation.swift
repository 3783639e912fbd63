import FlowCheckEngine
import FlowCheckNavigationSuite
import NavigationModel
import RUFClientModel

extension ClientComparison {
    /// The rules a stack left otherwise breaks, named as the navigation and session suites name them, for a step whose
    /// only navigation is one command: a response's directive (or its absence) with no optimistic change sent after
    /// it, or an action's optimistic change sent with nothing in flight. `nil` for any other step.
    ///
    /// The step is replayed as a navigation run: from the stack before the pending change, that change and then the
    /// answer; or from the stack as it was, the one command. The navigation suite's attribution (its invariants
    /// first, then the rule that governs the command) names the cause, so that a flow-root mark lost by a push is
    /// NAV-FLOW-ROOT here as there, and an answer without navigation that rolls back is SES-NO-NAVIGATION. A rollback
    /// is the client's own RUF-ROLLBACK, and an optimistic POP applied RUF-NO-OPTIMISTIC-POP.
    static func navigationCause(actual: ClientObservation, step: Step) -> [String]? {
        let session = step.before.navigationSession
        var commands: [NavigationCommand] = []
        var replies: [NavigationReply] = []
        var initial = session.stack
        let id: String?
        if let response = step.response {
            guard step.before.nextWaitingAction?.optimisticNavigation == nil else { return nil }
            if let pending = session.pending {
                initial = pending.stackBefore
                commands.append(.optimistic(pending.directive))
                replies.append(NavigationReply(outcome: .applied, state: session.state))
            }
            commands.append(.navigate(response.navigation))
            id = response.navigation?.id
        } else if let directive = step.dispatch?.optimisticNavigation, step.before.state.inFlight == nil {
            commands.append(.optimistic(directive))
            id = directive.id
        } else {
            return nil
        }
        // Only the outcome the client's events show: refused or not (a client gives no rejection reason).
        return attributed(
            commands: commands, replies: replies, initial: initial, profile: session.navigator.profile, id: id,
            actual: actual)
    }

    /// The rules of an optimistic change `sent` when the response before it in the same step left `session`, as the
    /// navigation suite names them; `nil` when the replay cannot be built.
    static func optimisticCause(
        _ sent: NavigationDirective, after session: NavigationSession, actual: ClientObservation
    ) -> [String]? {
        attributed(
            commands: [.optimistic(sent)], replies: [], initial: session.stack, profile: session.navigator.profile,
            id: sent.id, actual: actual)
    }

    /// The navigation suite's attribution of `commands` from `initial`, the last one answered by `actual`.
    private static func attributed(
        commands: [NavigationCommand], replies: [NavigationReply], initial: ScreenStack, profile: NavigationProfile,
        id: String?,
        actual: ClientObservation
    ) -> [String]? {
        // Only the outcome the client's events show: refused or not (a client gives no rejection reason).
        let refused = actual.events.contains {
            if case .navigation("rejected", let shown) = $0 { shown == id } else { false }
        }
        let last = NavigationReply(outcome: refused ? .rejected(nil) : .applied, state: actual.state.navigation)
        guard
            let rules = CaseAttribution.rules(
                suite: .session, profile: profile, initial: initial, commands: commands, replies: replies + [last],
                reasons: false)
        else { return nil }
        let pop = commands.last.map { if case .optimistic(let d) = $0 { d.mode == .pop } else { false } } ?? false
        return rules.map { rule in
            switch rule {
            case .sesRollback: return .rufRollback
            case .sesNotOptimistic where pop:
                return .rufNoOptimisticPop
            default: return rule
            }
        }
    }
}
