/// What a user's interaction runs: one action of an action list.
public enum RuntimeAction: Hashable, Sendable, CustomStringConvertible {
    /// Follow the current screen's default edge.
    case goNext
    /// Return to the previous screen.
    case goBack
    /// Jump to a node by its id.
    case navigate(String)
    /// End the flow.
    case closeFlow
    /// Apply an operation to a variable.
    case setVariable(key: String, operation: String, value: RuntimeValue?)

    /// The operations of Set Variable (the kit's list: the docs name the action's fields but not its operations).
    public static let operations = [
        "set", "toggle", "increment", "decrement", "multiply", "divide", "append", "remove", "reset",
    ]

    /// The action's `kind`, as a flow document writes it.
    public var kind: String {
        switch self {
        case .goNext: return "goNext"
        case .goBack: return "goBack"
        case .navigate: return "navigate"
        case .closeFlow: return "closeFlow"
        case .setVariable: return "setVariable"
        }
    }

    public var description: String {
        switch self {
        case .navigate(let target): return "navigate(\(target))"
        case .setVariable(let key, let operation, let value):
            return "setVariable(\(key), \(operation)" + (value.map { ", \($0)" } ?? "") + ")"
        default: return kind
        }
    }
}

/// How a flow ended.
public enum RuntimeOutcome: String, Hashable, Sendable, CaseIterable {
    /// The end was reached: closeFlow, or no edge to follow.
    case completed
    /// The user backed out of the first screen.
    case dismissed
    /// Nothing could be presented, or the flow could not go on (a cycle of logic nodes).
    case error
}

/// An analytics event the runtime fires, with its key fields (times left out: they are not reproducible).
public struct RuntimeEvent: Hashable, Sendable, CustomStringConvertible {
    /// `flow_start`, `screen_view`, `screen_exit`, `flow_complete`, `flow_exit` or `experiment_exposure`.
    public var name: String
    /// The key fields, by name.
    public var fields: [String: RuntimeValue]

    /// Creates an event.
    public init(_ name: String, _ fields: [String: RuntimeValue] = [:]) {
        self.name = name
        self.fields = fields
    }

    public var description: String {
        guard !fields.isEmpty else { return name }
        return name + " " + fields.keys.sorted().map { "\($0)=\(fields[$0]!.description)" }.joined(separator: " ")
    }
}

/// What a runtime shows after a step: where it is, what it holds, what it fired.
public struct RuntimeObservation: Hashable, Sendable {
    /// The screen shown, or `nil` once the flow has ended.
    public var screen: String?
    /// The screens that goBack returns through, oldest first, the current one last.
    public var history: [String]
    /// The current screen's texts with `{{key}}` replaced; empty once the flow has ended.
    public var texts: [String]
    /// Every declared variable's value, by key.
    public var variables: [String: RuntimeValue]
    /// The experiments assigned so far: experiment key to variant id.
    public var assignments: [String: String]
    /// The events the step fired, in order.
    public var events: [RuntimeEvent]
    /// How the flow ended, or `nil` while it runs.
    public var outcome: RuntimeOutcome?

    /// Creates an observation.
    public init(
        screen: String?, history: [String], texts: [String], variables: [String: RuntimeValue],
        assignments: [String: String], events: [RuntimeEvent], outcome: RuntimeOutcome?
    ) {
        self.screen = screen
        self.history = history
        self.texts = texts
        self.variables = variables
        self.assignments = assignments
        self.events = events
        self.outcome = outcome
    }
}
