/// One step of a session: the server's answer, or a change the client applies optimistically.
///
/// JSON shapes (the process protocol's commands without `seq`):
/// `{"cmd": "navigate", "directive": Directive | null}` and
/// `{"cmd": "optimistic", "directive": Directive}`.
public enum NavigationCommand: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The server's answer; `nil` when it carries no navigation.
    case navigate(NavigationDirective?)
    /// A change applied before the server answers.
    case optimistic(NavigationDirective)

    /// The directive the command carries, if any.
    public var directive: NavigationDirective? {
        switch self {
        case .navigate(let directive): return directive
        case .optimistic(let directive): return directive
        }
    }

    private enum CodingKeys: String, CodingKey { case cmd, directive }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let cmd = try container.decode(String.self, forKey: .cmd)
        switch cmd {
        case "navigate":
            self = .navigate(try container.decodeIfPresent(NavigationDirective.self, forKey: .directive))
        case "optimistic":
            self = .optimistic(try container.decode(NavigationDirective.self, forKey: .directive))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .cmd, in: container,
                debugDescription: "unknown command \"\(cmd)\"; expected \"navigate\" or \"optimistic\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .navigate(let directive):
            try container.encode("navigate", forKey: .cmd)
            if let directive {
                try container.encode(directive, forKey: .directive)
            } else {
                try container.encodeNil(forKey: .directive)
            }
        case .optimistic(let directive):
            try container.encode("optimistic", forKey: .cmd)
            try container.encode(directive, forKey: .directive)
        }
    }

    public var description: String {
        switch self {
        case .navigate(let directive?): return "navigate \(directive)"
        case .navigate(nil): return "navigate <no navigation>"
        case .optimistic(let directive): return "optimistic \(directive)"
        }
    }
}

/// What a session answers to a command: the outcome and the state after it.
///
/// JSON shape: `{"outcome": "applied" | "rejected", "reason": "<code>" (when rejected), "state": SessionState}`.
public struct NavigationReply: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Applied or rejected, with the reason.
    public var outcome: NavigationOutcome
    /// The state after the command.
    public var state: SessionState

    /// Creates a reply.
    public init(outcome: NavigationOutcome, state: SessionState) {
        self.outcome = outcome
        self.state = state
    }

    private enum CodingKeys: String, CodingKey { case outcome, reason, state }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .outcome)
        switch kind {
        case "applied": outcome = .applied
        case "rejected": outcome = .rejected(try? container.decodeIfPresent(RejectionReason.self, forKey: .reason))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .outcome, in: container,
                debugDescription: "outcome \"\(kind)\" is neither \"applied\" nor \"rejected\"")
        }
        state = try container.decode(SessionState.self, forKey: .state)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch outcome {
        case .applied:
            try container.encode("applied", forKey: .outcome)
        case .rejected(let reason):
            try container.encode("rejected", forKey: .outcome)
            try container.encodeIfPresent(reason, forKey: .reason)
        }
        try container.encode(state, forKey: .state)
    }

    public var description: String { "\(outcome) \(state)" }
}
