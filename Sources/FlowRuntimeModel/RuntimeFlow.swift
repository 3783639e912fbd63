/// A flow as a runtime runs it: the decoded graph (nodes, edges, entry) with what running needs that decoding does
/// not keep: each logic node's fields, each edge's priority and guard, each variable's declaration, each screen's
/// texts.
public struct RuntimeFlow: Hashable, Sendable {
    /// The flow's id.
    public var id: String
    /// `entryNodeId` as the document gives it (it may be empty or name no node).
    public var entry: String
    /// The nodes, in document order.
    public var nodes: [RuntimeNode]
    /// The edges, in document order.
    public var edges: [RuntimeEdge]
    /// The declared variables, in document order.
    public var variables: [RuntimeVariable]

    /// Creates a flow.
    public init(
        id: String, entry: String, nodes: [RuntimeNode], edges: [RuntimeEdge], variables: [RuntimeVariable] = []
    ) {
        self.id = id
        self.entry = entry
        self.nodes = nodes
        self.edges = edges
        self.variables = variables
    }

    /// The node with this id (the first, if several share it).
    public func node(_ id: String) -> RuntimeNode? { nodes.first { $0.id == id } }

    /// The variable declared under this key.
    public func variable(_ key: String) -> RuntimeVariable? { variables.first { $0.key == key } }
}

/// One node of a flow.
public struct RuntimeNode: Hashable, Sendable {
    /// The node's id.
    public var id: String
    /// Its display name (a screen's `screen_name`).
    public var name: String
    /// What the node is.
    public var kind: Kind

    /// Creates a node.
    public init(id: String, name: String, kind: Kind) {
        self.id = id
        self.name = name
        self.kind = kind
    }

    /// What a node is and holds.
    public enum Kind: Hashable, Sendable {
        /// A screen, with the texts of its components (which may hold `{{key}}` tokens).
        case screen(texts: [String])
        /// If/else branching on a condition.
        case condition(RuntimeCondition)
        /// Variables written from expressions, in order.
        case assign([Assignment])
        /// A split among variants, sticky per experiment key.
        case abTest(experimentKey: String, variants: [Variant])
        /// A kind the SDKs declare but do not run (`api`, `event`, `subflow`): skipped.
        case unsupported(String)
    }

    /// The kind as a flow document writes it.
    public var kindName: String {
        switch kind {
        case .screen: return "screen"
        case .condition: return "condition"
        case .assign: return "assign"
        case .abTest: return "abTest"
        case .unsupported(let name): return name
        }
    }

    /// Whether the node is a screen.
    public var isScreen: Bool { if case .screen = kind { return true }; return false }

    /// One entry of an assign node: the variable it writes and the expression giving the value.
    public struct Assignment: Hashable, Sendable {
        /// The variable written.
        public var variableKey: String
        /// A FlowExpression.
        public var expression: String

        /// Creates an assignment.
        public init(variableKey: String, expression: String) {
            self.variableKey = variableKey
            self.expression = expression
        }
    }

    /// One branch of an abTest node.
    public struct Variant: Hashable, Sendable {
        /// The variant's id (`variant_id`).
        public var id: String
        /// Its label (`variant_name`).
        public var label: String
        /// Its weight, 0 to 100, a share relative to the others'.
        public var weight: Double
        /// The node the variant leads to.
        public var targetNodeId: String

        /// Creates a variant.
        public init(id: String, label: String, weight: Double, targetNodeId: String) {
            self.id = id
            self.label = label
            self.weight = weight
            self.targetNodeId = targetNodeId
        }
    }
}

/// One edge of a flow.
public struct RuntimeEdge: Hashable, Sendable {
    /// The edge's id.
    public var id: String
    /// The node it leaves.
    public var from: String
    /// The node it enters (which may not exist).
    public var to: String
    /// Its role.
    public var kind: Kind
    /// Its ordering hint: the higher wins; none counts as 0.
    public var priority: Double?
    /// An extra condition, as a FlowExpression: the edge is followed only when it holds.
    public var guardExpression: String?

    /// Creates an edge.
    public init(
        id: String, from: String, to: String, kind: Kind = .normal, priority: Double? = nil,
        guardExpression: String? = nil
    ) {
        self.id = id
        self.from = from
        self.to = to
        self.kind = kind
        self.priority = priority
        self.guardExpression = guardExpression
    }

    /// An edge's role, as seed 001 lists them.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case normal, conditionTrue, conditionFalse, error, event, abVariant
    }
}

/// A variable's declaration.
public struct RuntimeVariable: Hashable, Sendable {
    /// The key every reference uses.
    public var key: String
    /// The declared type.
    public var type: RuntimeValueType
    /// A list's item type.
    public var listItemType: RuntimeValueType?
    /// Where the starting value comes from.
    public var source: Source
    /// Whether actions may change it.
    public var writable: Bool
    /// The value used when the source gives none.
    public var defaultValue: RuntimeValue?

    /// Creates a declaration.
    public init(
        key: String, type: RuntimeValueType, listItemType: RuntimeValueType? = nil, source: Source,
        writable: Bool = true,
        defaultValue: RuntimeValue? = nil
    ) {
        self.key = key
        self.type = type
        self.listItemType = listItemType
        self.source = source
        self.writable = writable
        self.defaultValue = defaultValue
    }

    /// Where a variable's starting value comes from.
    public enum Source: Hashable, Sendable {
        /// A value written in the flow.
        case constant(RuntimeValue?)
        /// A value the app supplies, read from the context under this flat key.
        case sdk(path: String)
    }
}
