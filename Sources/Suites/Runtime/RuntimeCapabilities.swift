public import FlowCheckCore
public import JSON

/// What a flow runtime declares: the logic nodes and actions it runs, and whether it takes the kit's random draws
/// (the hello reply's `runtimeNodes`, `runtimeActions` and `injectableRandom`).
///
/// Set it on an adapter's capabilities as `capabilities.runtime = RuntimeCapabilities(injectableRandom: false)`.
public struct RuntimeCapabilities: CapabilitySection {
    /// The logic node kinds the runtime evaluates: `condition`, `assign`, `abTest`.
    public var nodes: [String]
    /// The actions it runs: `goNext`, `goBack`, `navigate`, `closeFlow`, `setVariable`.
    public var actions: [String]
    /// Whether abTest nodes take their draws from the kit; without it, abTest nodes are not generated (their
    /// rules are not certified).
    public var injectableRandom: Bool

    /// Every logic node kind the runtime suite knows.
    public static let knownNodes = ["condition", "assign", "abTest"]
    /// Every action the runtime suite knows.
    public static let knownActions = ["goNext", "goBack", "navigate", "closeFlow", "setVariable"]

    /// Creates the section; by default everything is declared.
    public init(
        nodes: [String] = RuntimeCapabilities.knownNodes, actions: [String] = RuntimeCapabilities.knownActions,
        injectableRandom: Bool = true
    ) {
        self.nodes = nodes
        self.actions = actions
        self.injectableRandom = injectableRandom
    }

    public init() { self.init(nodes: Self.knownNodes) }

    public init(fields: [String: JSONValue]) throws(CapabilityError) {
        self.init()
        nodes = try CapabilityField.strings(fields, "runtimeNodes") ?? nodes
        actions = try CapabilityField.strings(fields, "runtimeActions") ?? actions
        injectableRandom = try CapabilityField.bool(fields, "injectableRandom") ?? injectableRandom
        for node in nodes where !Self.knownNodes.contains(node) {
            throw CapabilityError(
                field: "runtimeNodes",
                message: "\"\(node)\" is not a logic node kind (\(Self.knownNodes.joined(separator: ", ")))")
        }
        for action in actions where !Self.knownActions.contains(action) {
            throw CapabilityError(
                field: "runtimeActions",
                message: "\"\(action)\" is not an action (\(Self.knownActions.joined(separator: ", ")))")
        }
    }

    public var fields: [String: JSONValue] {
        [
            "runtimeNodes": .array(nodes.map(JSONValue.string)),
            "runtimeActions": .array(actions.map(JSONValue.string)), "injectableRandom": .bool(injectableRandom),
        ]
    }
}

extension Capabilities {
    /// The runtime suite's section: logic nodes, actions and injectable random draws.
    public var runtime: RuntimeCapabilities {
        get { self[RuntimeCapabilities.self] }
        set { self[RuntimeCapabilities.self] = newValue }
    }
}
