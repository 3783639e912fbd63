import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
package import NavigationModel

/// Names the rule that governs a command in a given state: what a divergence at
/// that step breaks when no invariant pins it down more precisely.
package enum RuleAttribution {
    /// The governing rule of `command` sent in `session`'s state.
    package static func rule(for command: NavigationCommand, before session: NavigationSession) -> String {
        governing(CommandSituation(command, before: session), command: command, session: session).id
    }

    /// The governing rule of `command`, which is `situation` in `session`'s state.
    static func governing(
        _ situation: CommandSituation, command: NavigationCommand, session: NavigationSession
    ) -> StepRule {
        switch situation {
        case .optimisticInFlight: return .inFlight
        case .notOptimistic: return .notOptimistic
        case .optimisticMissingID: return .missingID
        case .optimisticInvalid(let reason): return validationRule(reason)
        case .optimistic: return .optimistic
        case .answerNone: return .noNavigation
        case .answerConfirm: return .confirm
        case .answerFailed: return .rollback
        case .answerRedirect: return .redirect
        case .idleNone: return .idle
        case .directive:
            guard case .navigate(let directive?) = command else { preconditionFailure("a directive step without one") }
            return self.directive(directive, stack: session.stack, profile: session.navigator.profile)
        }
    }

    static func validationRule(_ reason: RejectionReason) -> StepRule {
        switch reason {
        case .unknownMode: return .validMode
        case .unknownBehavior: return .validBehavior
        default: return .validDest
        }
    }

    package static func directiveRule(
        _ d: NavigationDirective, stack: ScreenStack, profile: NavigationProfile
    ) -> String {
        directive(d, stack: stack, profile: profile).id
    }

    /// The rule of a directive applied to `stack`.
    static func directive(_ d: NavigationDirective, stack: ScreenStack, profile: NavigationProfile) -> StepRule {
        if let reason = ReferenceNavigator.validate(d, flows: profile.flows) {
            return d.mode == .popTo ? .validTarget : validationRule(reason)
        }
        // Only POP, DISMISS and POP_TO are governed by whether they apply, which is asked without applying them.
        var applies: Bool { ReferenceNavigator(profile: profile).applies(d, to: stack) }
        switch d.mode! {
        case .push where !profile.flows: return .flowless
        case .push:
            switch d.flow?.behavior {
            case .removePrevious?: return .pushRemovePrevious
            case .startNew?: return .pushStartNew
            default: return .pushKeep
            }
        case .replace: return .replace
        case .reset: return .reset
        case .pop: return applies ? .pop : .popRoot
        case .present: return .present
        case .dismiss: return applies ? .dismiss : .dismissRoot
        case .popTo: return applies ? .popTo : .popToMissing
        case .popToRoot: return .popToRoot
        default: return .failedIdle
        }
    }
}
