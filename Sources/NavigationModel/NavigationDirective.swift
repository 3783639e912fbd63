public import JSON

/// One navigation instruction from the server.
///
/// JSON shape: `{"id": "n1", "mode": "PUSH", "screen": "PRODUCT", "flow": {"name": "DISCOVERY", "behavior": "KEEP"}}`.
/// Every other field (`transition`, `screenParams`, anything unknown) is ignored.
/// Decoding is lenient: a field of the wrong JSON type counts as absent, so a
/// malformed directive is *rejected by the model* with a reason rather than
/// failing to decode.
public struct NavigationDirective: Hashable, Codable, Sendable {
    /// The flow object of a destination directive.
    public struct Flow: Hashable, Codable, Sendable {
        /// The flow's name, such as `CHECKOUT`.
        public var name: String?
        /// What happens to the flow's earlier screens.
        public var behavior: FlowBehavior?

        /// Creates a flow object.
        public init(name: String?, behavior: FlowBehavior?) {
            self.name = name
            self.behavior = behavior
        }

        private enum CodingKeys: String, CodingKey { case name, behavior }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try? container.decodeIfPresent(String.self, forKey: .name)
            behavior = try? container.decodeIfPresent(FlowBehavior.self, forKey: .behavior)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encodeIfPresent(behavior, forKey: .behavior)
        }
    }

    /// The fields, in one immutable box: a directive is copied several times a generated step (into its command,
    /// the pending change, each switch that binds it), and copying one reference costs one retain where copying
    /// five fields cost one for each of their strings and the dictionary. A change makes a new box.
    @usableFromInline
    final class Fields: Sendable {
        @usableFromInline let id: String?
        @usableFromInline let mode: NavigationMode?
        @usableFromInline let screen: String?
        @usableFromInline let flow: Flow?
        @usableFromInline let unknownFields: [String: JSONValue]

        @usableFromInline
        init(id: String?, mode: NavigationMode?, screen: String?, flow: Flow?, unknownFields: [String: JSONValue]) {
            self.id = id
            self.mode = mode
            self.screen = screen
            self.flow = flow
            self.unknownFields = unknownFields
        }
    }

    // Read inline by other modules: an out-of-line getter copied a whole flow object to read its name.
    @usableFromInline var fields: Fields

    /// Matches the server's answer to an optimistic change.
    public var id: String? {
        @inlinable get { fields.id }
        set {
            fields = Fields(
                id: newValue, mode: fields.mode, screen: fields.screen, flow: fields.flow,
                unknownFields: fields.unknownFields)
        }
    }
    /// The stack mode.
    public var mode: NavigationMode? {
        @inlinable get { fields.mode }
        set {
            fields = Fields(
                id: fields.id, mode: newValue, screen: fields.screen, flow: fields.flow,
                unknownFields: fields.unknownFields)
        }
    }
    /// The target screen (destination modes and POP_TO).
    public var screen: String? {
        @inlinable get { fields.screen }
        set {
            fields = Fields(
                id: fields.id, mode: fields.mode, screen: newValue, flow: fields.flow,
                unknownFields: fields.unknownFields)
        }
    }
    /// The flow object (destination modes).
    public var flow: Flow? {
        @inlinable get { fields.flow }
        set {
            fields = Fields(
                id: fields.id, mode: fields.mode, screen: fields.screen, flow: newValue,
                unknownFields: fields.unknownFields)
        }
    }
    /// Every other field the directive carries (`transition`, `screenParams`, anything newer), kept as sent so that
    /// an implementation receives it; the model never reads it, and neither may an implementation act on it
    /// (NAV-IGNORE).
    public var unknownFields: [String: JSONValue] {
        @inlinable get { fields.unknownFields }
        set {
            fields = Fields(
                id: fields.id, mode: fields.mode, screen: fields.screen, flow: fields.flow, unknownFields: newValue)
        }
        // Changed in place (`directive.unknownFields[key] = value`): the box lets the dictionary go first, so that a
        // directive held alone changes it without a copy, and adding keys one by one stays linear.
        _modify {
            let (id, mode, screen, flow) = (fields.id, fields.mode, fields.screen, fields.flow)
            var others = fields.unknownFields
            fields = Fields(id: id, mode: mode, screen: screen, flow: flow, unknownFields: [:])
            defer { fields = Fields(id: id, mode: mode, screen: screen, flow: flow, unknownFields: others) }
            yield &others
        }
    }

    /// Creates a directive.
    public init(id: String? = nil, mode: NavigationMode?, screen: String? = nil, flow: Flow? = nil) {
        fields = Fields(id: id, mode: mode, screen: screen, flow: flow, unknownFields: [:])
    }

    /// Creates a directive with fields outside its own.
    public init(
        id: String? = nil, mode: NavigationMode?, screen: String? = nil, flow: Flow? = nil,
        unknownFields: [String: JSONValue]
    ) {
        fields = Fields(id: id, mode: mode, screen: screen, flow: flow, unknownFields: unknownFields)
    }

    /// Creates a destination directive such as `PUSH PRODUCT in DISCOVERY, KEEP`.
    public init(
        id: String? = nil, _ mode: NavigationMode, _ screen: String, flow name: String, _ behavior: FlowBehavior
    ) {
        fields = Fields(
            id: id, mode: mode, screen: screen, flow: Flow(name: name, behavior: behavior), unknownFields: [:])
    }

    public static func == (lhs: NavigationDirective, rhs: NavigationDirective) -> Bool {
        if lhs.fields === rhs.fields { return true }
        return lhs.id == rhs.id && lhs.mode == rhs.mode && lhs.screen == rhs.screen && lhs.flow == rhs.flow
            && lhs.unknownFields == rhs.unknownFields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(mode)
        hasher.combine(screen)
        hasher.combine(flow)
        hasher.combine(unknownFields)
    }

    private enum CodingKeys: String, CodingKey { case id, mode, screen, flow }

    /// Any key of a JSON object, for the fields outside ``CodingKeys``.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let all = try decoder.container(keyedBy: AnyKey.self)
        var others: [String: JSONValue] = [:]
        for key in all.allKeys where CodingKeys(stringValue: key.stringValue) == nil {
            others[key.stringValue] = (try? all.decode(JSONValue.self, forKey: key)) ?? .null
        }
        fields = Fields(
            id: try? container.decodeIfPresent(String.self, forKey: .id),
            mode: try? container.decodeIfPresent(NavigationMode.self, forKey: .mode),
            screen: try? container.decodeIfPresent(String.self, forKey: .screen),
            flow: try? container.decodeIfPresent(Flow.self, forKey: .flow), unknownFields: others)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(mode, forKey: .mode)
        try container.encodeIfPresent(screen, forKey: .screen)
        try container.encodeIfPresent(flow, forKey: .flow)
        var others = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in unknownFields.sorted(by: { $0.key < $1.key }) {
            try others.encode(value, forKey: AnyKey(stringValue: key))
        }
    }

    /// Whether two directives ask for the same change: same mode, screen and flow object.
    /// The `id` is not compared.
    public func asksForSameChange(as other: NavigationDirective) -> Bool {
        mode == other.mode && screen == other.screen && flow == other.flow
    }
}

extension NavigationDirective: CustomStringConvertible {
    /// A one-line form for diffs and reports: `PUSH PRODUCT flow=DISCOVERY/KEEP id=n1`.
    public var description: String {
        var parts = [mode?.rawValue ?? "<no mode>"]
        if let screen { parts.append(screen) }
        if let flow {
            parts.append("flow=\(flow.name ?? "<no name>")/\(flow.behavior?.rawValue ?? "<no behavior>")")
        }
        if let id { parts.append("id=\(id)") }
        if !unknownFields.isEmpty { parts.append("with " + unknownFields.keys.sorted().joined(separator: ", ")) }
        return parts.joined(separator: " ")
    }
}
