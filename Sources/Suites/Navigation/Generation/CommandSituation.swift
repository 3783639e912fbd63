import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import NavigationModel

/// What a command is, given the session state it is sent in: the one
/// classification that coverage labels and rule attribution both read.
enum CommandSituation {
    /// An optimistic change while another is pending.
    case optimisticInFlight
    /// An optimistic change whose mode may not be applied optimistically.
    case notOptimistic
    /// An optimistic change without an id.
    case optimisticMissingID
    /// An optimistic change that fails validation.
    case optimisticInvalid(RejectionReason)
    /// A valid optimistic change.
    case optimistic(NavigationMode)
    /// The server's answer while a change is pending: none, confirming, FAILED, or anything else.
    case answerNone, answerConfirm, answerFailed, answerRedirect
    /// No navigation with nothing pending.
    case idleNone
    /// A directive with nothing pending: the command's own, not held here, since a copy costs a retain per field.
    case directive

    // Borrowed: an initializer's arguments are otherwise its own, and every generated step copied its session (stack,
    // pending change and all) and its command to classify them.
    init(_ command: borrowing NavigationCommand, before session: borrowing NavigationSession) {
        switch command {
        case .optimistic(let directive):
            if session.pending != nil { self = .optimisticInFlight; return }
            guard let mode = directive.mode, mode.isOptimistic else { self = .notOptimistic; return }
            if (directive.id ?? "").isEmpty { self = .optimisticMissingID; return }
            if let reason = ReferenceNavigator.validate(directive, flows: session.navigator.profile.flows) {
                self = .optimisticInvalid(reason); return
            }
            self = .optimistic(mode)
        case .navigate(nil):
            self = session.pending != nil ? .answerNone : .idleNone
        case .navigate(let directive?):
            // The pending change's fields are read in place: binding it would copy it, stack and all, every step.
            guard session.pending != nil else { self = .directive; return }
            if directive.id == session.pending!.id && directive.asksForSameChange(as: session.pending!.directive) {
                self = .answerConfirm
            } else {
                self = directive.mode == .failed ? .answerFailed : .answerRedirect
            }
        }
    }
}
