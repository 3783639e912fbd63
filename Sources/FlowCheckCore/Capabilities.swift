public import ConformanceRules
public import JSON
public import NavigationModel

/// What an implementation declares it supports: the kit generates only that,
/// and lists the rest as not certified.
///
/// JSON shape (the `capabilities` of the process protocol's hello reply):
/// `{"suites": [...], "modes": [...], "behaviors": [...], "nesting": "owned" | "shared" | ["owned", "shared"], "reasons": true,
/// "batch": false, "flows": true, "modals": true, ...}`, and each suite's own fields beside them (the decoding suite's
/// `componentTypes` and `migrations`, the client suite's `mergeStrategies`, `metrics`, `optimisticComponents` and
/// `actionQueue`). Only `suites` is always required: a decoder that declares only `decoding` gives no modes,
/// behaviors or nesting.
///
/// A suite with fields of its own keeps them in ``sections``, as declared, and reads them itself through a
/// ``CapabilitySection``: the core names no suite's fields.
public struct Capabilities: Hashable, Codable, Sendable {
    /// The suites it wants certified.
    public var suites: [Suite]
    /// The stack modes it implements.
    public var modes: [NavigationMode]
    /// The flow behaviors it implements.
    public var behaviors: [FlowBehavior]
    /// The nesting profiles it implements.
    public var nesting: [NavigationProfile.Nesting]
    /// Whether it reports rejection reasons (they are compared only then).
    public var reasons: Bool
    /// Whether it accepts the `batch` command (process protocol).
    public var batch: Bool
    /// Whether it keeps flows (navigation and session suites). A route-array library says `false`: the kit then
    /// generates no flow objects, expects none on the stack (NAV-FLOWLESS), and lists the flow rules as not certified.
    public var flows: Bool
    /// Whether it presents modal layers (navigation and session suites). With `false` the kit generates no presented
    /// layer, and PRESENT and DISMISS must not be declared.
    public var modals: Bool
    /// The fields of suites that read their own (``CapabilitySection``), as declared: a field that is absent takes the
    /// section's default when the section is read.
    public var sections: [String: JSONValue]

    /// Creates capabilities; a suite's own fields go in ``sections``, through its ``CapabilitySection``.
    public init(
        suites: [Suite], modes: [NavigationMode] = [], behaviors: [FlowBehavior] = [],
        nesting: [NavigationProfile.Nesting] = [],
        reasons: Bool = false,
        batch: Bool = false, flows: Bool = true, modals: Bool = true,
        sections: [String: JSONValue] = [:]
    ) {
        self.sections = sections
        self.flows = flows
        self.modals = modals
        self.suites = suites
        self.modes = modes
        self.behaviors = behaviors
        self.nesting = nesting
        self.reasons = reasons
        self.batch = batch
    }

    /// Every navigation capability the model knows, for the navigation and session suites.
    public static let full = Capabilities(
        suites: [.navigation, .session], modes: NavigationMode.known, behaviors: FlowBehavior.known,
        nesting: NavigationProfile.Nesting.allCases, reasons: true)

    private enum CodingKeys: String, CodingKey {
        case suites, modes, behaviors, nesting, reasons, batch, flows, modals
    }

    /// A field of a suite's section.
    private struct SectionKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Every field the core reads itself; any other is a section's.
    package static let commonFields: Set<String> = [
        "suites", "modes", "behaviors", "nesting", "reasons", "batch", "flows", "modals",
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Suites this kit does not know (from a newer kit) are kept; the runner lists them as not certified.
        suites = try container.decode([Suite].self, forKey: .suites)
        modes = try container.decodeIfPresent([NavigationMode].self, forKey: .modes) ?? []
        behaviors = try container.decodeIfPresent([FlowBehavior].self, forKey: .behaviors) ?? []
        if let one = try? container.decode(NavigationProfile.Nesting.self, forKey: .nesting) {
            nesting = [one]
        } else {
            nesting = try container.decodeIfPresent([NavigationProfile.Nesting].self, forKey: .nesting) ?? []
        }
        reasons = try container.decodeIfPresent(Bool.self, forKey: .reasons) ?? false
        batch = try container.decodeIfPresent(Bool.self, forKey: .batch) ?? false
        flows = try container.decodeIfPresent(Bool.self, forKey: .flows) ?? true
        modals = try container.decodeIfPresent(Bool.self, forKey: .modals) ?? true
        var sections: [String: JSONValue] = [:]
        let fields = try decoder.container(keyedBy: SectionKey.self)
        for key in fields.allKeys where !Self.commonFields.contains(key.stringValue) {
            sections[key.stringValue] = try fields.decode(JSONValue.self, forKey: key)
        }
        self.sections = sections
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The capabilities as the hello reply and the records write them, keys sorted: each group of fields only for
    /// the suites that read it, `flows` and `modals` only when off.
    public var json: JSONValue {
        func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
        var fields: [String: JSONValue] = ["suites": strings(suites.map(\.rawValue)), "batch": .bool(batch)]
        if !modes.isEmpty || suites.contains(.navigation) || suites.contains(.session) {
            fields["modes"] = strings(modes.map(\.rawValue))
            fields["behaviors"] = strings(behaviors.map(\.rawValue))
            fields["nesting"] = nesting.count == 1 ? .string(nesting[0].rawValue) : strings(nesting.map(\.rawValue))
            fields["reasons"] = .bool(reasons)
            // Written only when off, so that the usual capabilities read as they always have.
            if !flows { fields["flows"] = .bool(false) }
            if !modals { fields["modals"] = .bool(false) }
        }
        for (name, value) in sections where !Self.commonFields.contains(name) { fields[name] = value }
        return .object(fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }
}
