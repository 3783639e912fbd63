import NavigationModel

/// Names the rule that governs a command in a given state: what a divergence at
/// that step breaks when no invariant pins it down more precisely.
public enum RuleAttribution {
    /// The governing rule of `command` sent in `session`'s state.
    public static func rule(for command: Command, before session: Session) -> String {
        switch command {
        case .optimistic(let d):
            if session.pending != nil { return "SES-IN-FLIGHT" }
            guard let mode = d.mode, Mode.optimistic.contains(mode) else { return "SES-NOT-OPTIMISTIC" }
            if (d.id ?? "").isEmpty { return "SES-MISSING-ID" }
            if let reason = Navigator.validate(d) { return validationRule(reason) }
            return "SES-OPTIMISTIC"
        case .navigate(nil):
            return session.pending != nil ? "SES-NO-NAVIGATION" : "SES-IDLE"
        case .navigate(let d?):
            if let pending = session.pending {
                if d.id == pending.id && d.asksForSameChange(as: pending.directive) { return "SES-CONFIRM" }
                return d.mode == .failed ? "SES-ROLLBACK" : "SES-REDIRECT"
            }
            return directiveRule(d, stack: session.stack, profile: session.navigator.profile)
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
        if let reason = Navigator.validate(d) {
            return d.mode == .popTo ? "NAV-VALID-TARGET" : validationRule(reason)
        }
        var probe = stack
        let outcome = Navigator(profile: profile).apply(d, to: &probe)
        switch d.mode! {
        case .push:
            switch d.flow?.behavior {
            case .removePrevious?: return "NAV-PUSH-REMOVE-PREVIOUS"
            case .startNew?: return "NAV-PUSH-START-NEW"
            default: return "NAV-PUSH-KEEP"
            }
        case .replace: return "NAV-REPLACE"
        case .reset: return "NAV-RESET"
        case .pop: return outcome.isApplied ? "NAV-POP" : "NAV-POP-ROOT"
        case .present: return "NAV-PRESENT"
        case .dismiss: return outcome.isApplied ? "NAV-DISMISS" : "NAV-DISMISS-ROOT"
        case .popTo: return outcome.isApplied ? "NAV-POP-TO" : "NAV-POP-TO-MISSING"
        case .popToRoot: return "NAV-POP-TO-ROOT"
        default: return "NAV-FAILED-IDLE"
        }
    }
}
