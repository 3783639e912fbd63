/// A client session with optimistic navigation (RUF protocol): a stack plus at most one pending change.
///
/// Only the pending change's `id` is observable (``SessionState``); the
/// session also keeps the directive and the stack before it, to confirm or
/// roll back when the server answers.
public struct NavigationSession: Hashable, Sendable {
    /// An optimistic change that the server has not answered yet.
    public struct Pending: Hashable, Sendable {
        /// The id the server's answer must carry to confirm the change.
        public var id: String
        /// The directive applied optimistically.
        public var directive: NavigationDirective
        /// The stack before the change, restored by FAILED.
        public var stackBefore: ScreenStack
    }

    /// The current stack.
    public private(set) var stack: ScreenStack
    /// The in-flight optimistic change, if any.
    public private(set) var pending: Pending?
    /// The navigator holding the session's profile.
    public let navigator: ReferenceNavigator

    /// Starts a session on a valid stack.
    /// - Throws: ``NavigationModelError`` with code `invalidStack` when the stack's shape is wrong.
    public init(stack: ScreenStack, profile: NavigationProfile) throws(NavigationModelError) {
        if let problem = stack.shapeProblem {
            throw NavigationModelError(code: .invalidStack, message: "cannot start a session: \(problem)")
        }
        self.stack = stack
        self.pending = nil
        self.navigator = ReferenceNavigator(profile: profile)
    }

    /// The observable state: the stack and the pending id.
    public var state: SessionState { SessionState(stack: stack, pendingID: pending?.id) }

    /// Handles the server's answer, which may carry no navigation (`nil`).
    ///
    /// With nothing pending the directive is applied as usual (SES-IDLE). While a
    /// change is pending: no navigation keeps the stack (SES-NO-NAVIGATION); the
    /// pending id with the same change confirms it without applying it twice
    /// (SES-CONFIRM); FAILED restores the stack from before the change
    /// (SES-ROLLBACK); anything else rolls back, then applies the directive
    /// (SES-REDIRECT). The pending change is cleared in every case.
    public mutating func navigate(_ directive: NavigationDirective?) -> NavigationOutcome {
        // Taken, not copied: a copy would hold the stack from before a second time, for nothing.
        guard var current = pending.take() else {
            guard let directive else { return .applied }
            return navigator.apply(directive, to: &stack)
        }
        guard let directive else { return .applied }
        if let id = directive.id, id == current.id, directive.asksForSameChange(as: current.directive) {
            return .applied
        }
        // Swapped, not assigned: the stack from before must be the session's alone when a redirect changes it, or
        // the change copies it whole (and a deep stack is hundreds of entries).
        swap(&stack, &current.stackBefore)
        if directive.mode == .failed { return .applied }
        return navigator.apply(directive, to: &stack)
    }

    /// Applies a change before the server answers, and records it as pending.
    ///
    /// Checks, in order: a change already pending (`actionInFlight`, SES-IN-FLIGHT);
    /// a mode other than PUSH, REPLACE or RESET (`notOptimistic`, SES-NOT-OPTIMISTIC);
    /// no non-empty `id` (`missingId`, SES-MISSING-ID); then the navigator's validation.
    public mutating func optimistic(_ directive: NavigationDirective) -> NavigationOutcome {
        if pending != nil { return .rejected(.actionInFlight) }
        guard let mode = directive.mode, mode.isOptimistic else { return .rejected(.notOptimistic) }
        guard let id = directive.id, !id.isEmpty else { return .rejected(.missingId) }
        let before = stack
        let outcome = navigator.apply(directive, to: &stack)
        if outcome.isApplied {
            pending = Pending(id: id, directive: directive, stackBefore: before)
        }
        return outcome
    }

    /// Performs one command and returns the reply an implementation must give.
    public mutating func perform(_ command: NavigationCommand) -> NavigationReply {
        let outcome: NavigationOutcome
        switch command {
        case .navigate(let directive): outcome = navigate(directive)
        case .optimistic(let directive): outcome = optimistic(directive)
        }
        return NavigationReply(outcome: outcome, state: state)
    }
}

/// What an observer can see of a session: the stack and the pending change's id.
///
/// JSON shape: `{"stack": [Entry, ...], "pending": null | {"id": "..."}}`.
public struct SessionState: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The stack.
    public var stack: ScreenStack
    /// The pending optimistic change's id, or `nil`.
    public var pendingID: String?

    /// Creates a state.
    public init(stack: ScreenStack, pendingID: String? = nil) {
        self.stack = stack
        self.pendingID = pendingID
    }

    private enum CodingKeys: String, CodingKey { case stack, pending }
    private struct PendingObject: Codable { var id: String }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stack = try container.decode(ScreenStack.self, forKey: .stack)
        pendingID = try container.decodeIfPresent(PendingObject.self, forKey: .pending)?.id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stack, forKey: .stack)
        if let pendingID {
            try container.encode(PendingObject(id: pendingID), forKey: .pending)
        } else {
            try container.encodeNil(forKey: .pending)
        }
    }

    public var description: String {
        stack.description + (pendingID.map { " pending=\($0)" } ?? "")
    }
}
