import ConformanceRules
import FlowCheckCore
import NavigationModel

/// Names the rule that governs a command in a given state: what a divergence at
/// that step breaks when no invariant pins it down more precisely.
package enum RuleAttribution {
    /// The governing rule of `command` sent in `session`'s state.
    package static func rule(for command: Command, before session: Session) -> String {
        switch CommandSituation(command, before: session) {
        case .optimisticInFlight: return "SES-IN-FLIGHT"
        case .notOptimistic: return "SES-NOT-OPTIMISTIC"
        case .optimisticMissingID: return "SES-MISSING-ID"
        case .optimisticInvalid(let reason): return validationRule(reason)
        case .optimistic: return "SES-OPTIMISTIC"
        case .answerNone: return "SES-NO-NAVIGATION"
        case .answerConfirm: return "SES-CONFIRM"
        case .answerFailed: return "SES-ROLLBACK"
        case .answerRedirect: return "SES-REDIRECT"
        case .idleNone: return "SES-IDLE"
        case .directive(let directive):
            return directiveRule(directive, stack: session.stack, profile: session.navigator.profile)
        }
    }

    static func validationRule(_ reason: RejectionReason) -> String {
        switch reason {
        case .unknownMode: return "NAV-VALID-MODE"
        case .unknownBehavior: return "NAV-VALID-BEHAVIOR"
        default: return "NAV-VALID-DEST"
        }
    }

    static func directiveRule(_ d: Directive, stack: ScreenStack, profile: Profile) -> String {
        if let reason = Navigator.validate(d, flows: profile.flows) {
            return d.mode == .popTo ? "NAV-VALID-TARGET" : validationRule(reason)
        }
        // Only POP, DISMISS and POP_TO are governed by whether they apply; the others need no copy of the stack.
        var applies: Bool {
            var probe = stack
            return Navigator(profile: profile).apply(d, to: &probe).isApplied
        }
        switch d.mode! {
        case .push where !profile.flows: return "NAV-FLOWLESS"
        case .push:
            switch d.flow?.behavior {
            case .removePrevious?: return "NAV-PUSH-REMOVE-PREVIOUS"
            case .startNew?: return "NAV-PUSH-START-NEW"
            default: return "NAV-PUSH-KEEP"
            }
        case .replace: return "NAV-REPLACE"
        case .reset: return "NAV-RESET"
        case .pop: return applies ? "NAV-POP" : "NAV-POP-ROOT"
        case .present: return "NAV-PRESENT"
        case .dismiss: return applies ? "NAV-DISMISS" : "NAV-DISMISS-ROOT"
        case .popTo: return applies ? "NAV-POP-TO" : "NAV-POP-TO-MISSING"
        case .popToRoot: return "NAV-POP-TO-ROOT"
        default: return "NAV-FAILED-IDLE"
        }
    }
}
