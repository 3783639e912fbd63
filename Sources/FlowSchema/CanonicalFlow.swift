/// The decoded flow in one JSON shape that any implementation can produce from its own model,
/// so that the kit can compare decoders written in any language.
///
/// JSON shape:
/// `{"id", "version": 8, "entry", "nodes": [{"id", "kind", "supported", "layout": Component | null (screens), "hidesZones": bool (screens)}],
///   "edges": [{"id", "from", "to", "kind"}], "zones": ["navigationBar", "footer", "overlay"], "variables": ["key", ...]}`
/// where a component is `{"id", "type", "children": [...]}` and `type` is `"unknown"` for a type the implementation does not know.
public struct CanonicalFlow: Hashable, Codable, Sendable {
    /// The flow's id, as the document spells it.
    public var id: String
    /// Always the current content version, 8, after migration.
    public var version: Int
    /// The entry node's id.
    public var entry: String
    /// Decoded nodes, in document order.
    public var nodes: [Node]
    /// Kept edges, in document order.
    public var edges: [Edge]
    /// Persistent UI zones that exist, in the order navigationBar, footer, overlay.
    public var zones: [String]
    /// Variable keys, in document order.
    public var variables: [String]

    /// Creates a decoded flow from its parts.
    public init(
        id: String, version: Int, entry: String, nodes: [Node], edges: [Edge], zones: [String], variables: [String]
    ) {
        self.id = id
        self.version = version
        self.entry = entry
        self.nodes = nodes
        self.edges = edges
        self.zones = zones
        self.variables = variables
    }

    /// One decoded component of a screen's layout, with its decoded children.
    public struct Component: Hashable, Codable, Sendable {
        /// The component's id, kept even when its type is unknown.
        public var id: String
        /// The component type, or `"unknown"` for a type the decoder does not declare.
        public var type: String
        /// Decoded children in document order; always empty for an unknown component, whose subtree is not decoded.
        public var children: [Component]

        /// Creates a component.
        public init(id: String, type: String, children: [Component] = []) {
            self.id = id
            self.type = type
            self.children = children
        }
    }

    /// One decoded node of the flow graph.
    public struct Node: Hashable, Codable, Sendable {
        /// The node's id.
        public var id: String
        /// The node kind: screen, condition, assign, abTest, or a declared but unsupported kind.
        public var kind: String
        /// False for the declared but unsupported kinds api, event and subflow (kept, skipped when rendering).
        public var supported: Bool
        /// Screens only: the component tree, or `nil` when the layout is malformed.
        public var layout: Component?
        /// Screens only: whether the screen hides every persistent zone.
        public var hidesZones: Bool?

        /// Creates a node; `layout` and `hidesZones` apply to screens only.
        public init(id: String, kind: String, supported: Bool, layout: Component? = nil, hidesZones: Bool? = nil) {
            self.id = id
            self.kind = kind
            self.supported = supported
            self.layout = layout
            self.hidesZones = hidesZones
        }

        private enum CodingKeys: String, CodingKey { case id, kind, supported, layout, hidesZones }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            kind = try c.decode(String.self, forKey: .kind)
            supported = try c.decode(Bool.self, forKey: .supported)
            layout = try c.decodeIfPresent(Component.self, forKey: .layout)
            hidesZones = try c.decodeIfPresent(Bool.self, forKey: .hidesZones)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(kind, forKey: .kind)
            try c.encode(supported, forKey: .supported)
            if kind == "screen" {
                // A screen always says what its layout is, `null` when malformed.
                if let layout { try c.encode(layout, forKey: .layout) } else { try c.encodeNil(forKey: .layout) }
                try c.encode(hidesZones ?? false, forKey: .hidesZones)
            }
        }
    }

    /// One kept edge of the flow graph.
    public struct Edge: Hashable, Codable, Sendable {
        /// The edge's id.
        public var id: String
        /// The id of the node the edge leaves.
        public var from: String
        /// The id of the node the edge enters.
        public var to: String
        /// The edge kind, one of the declared edge kinds.
        public var kind: String

        /// Creates an edge.
        public init(id: String, from: String, to: String, kind: String) {
            self.id = id
            self.from = from
            self.to = to
            self.kind = kind
        }
    }
}

/// A decoding error: one of the SDK error codes and a message that names the JSON path.
public struct FlowDecodeError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The SDK error code, ``invalidFlowSchema`` or ``unsupportedSchemaVersion``; reports compare codes only.
    public var code: String
    /// What went wrong, naming the JSON path.
    public var message: String

    /// Creates a decoding error.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The document is not a flow the decoder can use at all.
    public static let invalidFlowSchema = "invalid_flow_schema"
    /// The wire `schema_version` has a major above the supported one.
    public static let unsupportedSchemaVersion = "unsupported_schema_version"

    public var description: String { "\(code): \(message)" }
}

/// What decoding a document gives: a flow or an error.
///
/// JSON shape (the process protocol's decode reply without `seq`):
/// `{"ok": true, "flow": CanonicalFlow}` or `{"ok": false, "error": {"code", "message"}}`.
public enum DecodeOutcome: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The document decoded to this flow.
    case flow(CanonicalFlow)
    /// The document was rejected with this error.
    case error(FlowDecodeError)

    private enum CodingKeys: String, CodingKey { case ok, flow, error }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if try c.decode(Bool.self, forKey: .ok) {
            self = .flow(try c.decode(CanonicalFlow.self, forKey: .flow))
        } else {
            self = .error(try c.decode(FlowDecodeError.self, forKey: .error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .flow(let flow):
            try c.encode(true, forKey: .ok)
            try c.encode(flow, forKey: .flow)
        case .error(let error):
            try c.encode(false, forKey: .ok)
            try c.encode(error, forKey: .error)
        }
    }

    /// The error code, or `nil` for a flow.
    public var errorCode: String? { if case .error(let e) = self { return e.code }; return nil }
    /// The flow, or `nil` for an error.
    public var flow: CanonicalFlow? { if case .flow(let f) = self { return f }; return nil }

    /// The error as `code: message`, or the flow's id.
    public var description: String {
        switch self {
        case .flow(let flow): return "flow \(flow.id)"
        case .error(let error): return error.description
        }
    }

    /// Whether two outcomes agree: the same flow, or errors with the same code (messages may differ).
    public func agrees(with other: DecodeOutcome) -> Bool {
        switch (self, other) {
        case (.flow(let a), .flow(let b)): return a == b
        case (.error(let a), .error(let b)): return a.code == b.code
        default: return false
        }
    }
}
