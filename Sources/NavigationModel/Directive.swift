import JSON

/// One navigation instruction from the server.
///
/// JSON shape: `{"id": "n1", "mode": "PUSH", "screen": "PRODUCT", "flow": {"name": "DISCOVERY", "behavior": "KEEP"}}`.
/// Every other field (`transition`, `screenParams`, anything unknown) is ignored.
/// Decoding is lenient: a field of the wrong JSON type counts as absent, so a
/// malformed directive is *rejected by the model* with a reason rather than
/// failing to decode.
public struct Directive: Hashable, Codable, Sendable {
    /// The flow object of a destination directive.
    public struct Flow: Hashable, Codable, Sendable {
        /// The flow's name, such as `CHECKOUT`.
        public var name: String?
        /// What happens to the flow's earlier screens.
        public var behavior: Behavior?

        /// Creates a flow object.
        public init(name: String?, behavior: Behavior?) {
            self.name = name
            self.behavior = behavior
        }

        private enum CodingKeys: String, CodingKey { case name, behavior }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try? container.decodeIfPresent(String.self, forKey: .name)
            behavior = try? container.decodeIfPresent(Behavior.self, forKey: .behavior)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encodeIfPresent(behavior, forKey: .behavior)
        }
    }

    /// Matches the server's answer to an optimistic change.
    public var id: String?
    /// The stack mode.
    public var mode: Mode?
    /// The target screen (destination modes and POP_TO).
    public var screen: String?
    /// The flow object (destination modes).
    public var flow: Flow?
    /// Every other field the directive carries (`transition`, `screenParams`, anything newer), kept as sent so that
    /// an implementation receives it; the model never reads it, and neither may an implementation act on it
    /// (NAV-IGNORE).
    public var unknownFields: [String: JSONValue] = [:]

    /// Creates a directive.
    public init(id: String? = nil, mode: Mode?, screen: String? = nil, flow: Flow? = nil) {
        self.id = id
        self.mode = mode
        self.screen = screen
        self.flow = flow
    }

    /// Creates a destination directive such as `PUSH PRODUCT in DISCOVERY, KEEP`.
    public init(id: String? = nil, _ mode: Mode, _ screen: String, flow name: String, _ behavior: Behavior) {
        self.init(id: id, mode: mode, screen: screen, flow: Flow(name: name, behavior: behavior))
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
        id = try? container.decodeIfPresent(String.self, forKey: .id)
        mode = try? container.decodeIfPresent(Mode.self, forKey: .mode)
        screen = try? container.decodeIfPresent(String.self, forKey: .screen)
        flow = try? container.decodeIfPresent(Flow.self, forKey: .flow)
        let all = try decoder.container(keyedBy: AnyKey.self)
        for key in all.allKeys where CodingKeys(stringValue: key.stringValue) == nil {
            unknownFields[key.stringValue] = (try? all.decode(JSONValue.self, forKey: key)) ?? .null
        }
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
    public func asksForSameChange(as other: Directive) -> Bool {
        mode == other.mode && screen == other.screen && flow == other.flow
    }
}

extension Directive: CustomStringConvertible {
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
