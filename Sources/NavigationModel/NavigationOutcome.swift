/// Whether a directive or optimistic change was applied.
public enum NavigationOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The change was applied (which may leave the stack as it was, as FAILED with nothing pending does).
    case applied
    /// The change was refused and nothing changed. The reason is `nil` only for
    /// implementations that do not report reasons.
    case rejected(RejectionReason?)

    /// Whether this is ``applied``.
    public var isApplied: Bool { self == .applied }

    /// The rejection reason, if any.
    public var reason: RejectionReason? {
        if case .rejected(let reason) = self { return reason }
        return nil
    }

    public var description: String {
        switch self {
        case .applied: return "applied"
        case .rejected(let reason?): return "rejected(\(reason))"
        case .rejected(nil): return "rejected"
        }
    }
}
