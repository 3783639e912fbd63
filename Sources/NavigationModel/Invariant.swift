/// A named predicate over one observed step, checked on an implementation's own trace.
///
/// Where the differential check only says that the model and the implementation
/// differ, an invariant says which rule the implementation broke.
public struct Invariant: Sendable, Identifiable {
    /// The stable ID, such as `INV-KEEP-REMOVES-NOTHING`.
    public let id: String
    /// The ID of the rule this invariant checks (see ``NavigationRules``).
    public let rule: String
    /// A one-line message an SDK author understands, said when the invariant fails.
    public let message: String
    /// Whether the step satisfies the invariant.
    public let holds: @Sendable (StepObservation) -> Bool

    /// Creates an invariant.
    public init(id: String, rule: String, message: String, holds: @escaping @Sendable (StepObservation) -> Bool) {
        self.id = id
        self.rule = rule
        self.message = message
        self.holds = holds
    }
}

/// One step as observed on an implementation, with what the invariants need to judge it.
public struct StepObservation: Sendable {
    /// The state before the step.
    public var before: SessionState
    /// The command sent.
    public var command: NavigationCommand
    /// The implementation's reply, with its state after the step.
    public var reply: NavigationReply
    /// The profile in force.
    public var profile: NavigationProfile
    /// What the step does to the stack, as the trace tells it (see ``Effect``).
    public var effect: Effect

    /// The state after the step.
    public var after: SessionState { reply.state }

    /// What a step does, derived from the trace alone (not from the model's answer).
    public enum Effect: Sendable {
        /// The directive is applied to `base`: the stack before the step, or the
        /// stack before the pending change when an answer rolls it back first.
        case apply(NavigationDirective, base: ScreenStack, afterRollback: Bool)
        /// An optimistic change while another is pending.
        case optimisticInFlight
        /// An answer with no navigation while a change is pending.
        case noNavigation
        /// An answer that confirms the pending change.
        case confirm
        /// FAILED while a change is pending; `base` is the stack to restore.
        case rollback(base: ScreenStack)
    }
}

/// A broken invariant at one step of a trace.
public struct Violation: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The invariant's ID.
    public var invariant: String
    /// The rule's ID.
    public var rule: String
    /// The step's index in the trace, from 0.
    public var step: Int
    /// The invariant's message.
    public var message: String

    public var description: String { "step \(step): \(rule) [\(invariant)] \(message)" }
}
