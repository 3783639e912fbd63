/// How presented layers relate to navigation: the kit's nesting profile.
///
/// The nesting changes POP_TO and POP_TO_ROOT only. An implementation without flows (a route-array library)
/// runs under a profile with ``flows`` off (rule NAV-FLOWLESS). JSON shape: `{"nesting": "owned"}`, with
/// `"flows": false` only for a profile without flows.
public struct NavigationProfile: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Whether a presented layer owns its navigation.
    public enum Nesting: String, Hashable, Codable, Sendable, CaseIterable {
        /// A presented layer owns its navigation (FlowStacks approach 2):
        /// POP_TO searches the top layer, POP_TO_ROOT returns to its first entry.
        case owned
        /// One shared path (FlowStacks approach 1): POP_TO searches the whole
        /// stack, POP_TO_ROOT returns to entry 0.
        case shared
    }

    /// The nesting approach.
    public var nesting: Nesting
    /// Whether the implementation keeps flows. Without them, destinations carry no flow object, entries
    /// belong to no flow, and the flow behaviors do not apply (NAV-FLOWLESS).
    public var flows: Bool

    /// Creates a profile.
    public init(nesting: Nesting, flows: Bool = true) {
        self.nesting = nesting
        self.flows = flows
    }

    private enum CodingKeys: String, CodingKey { case nesting, flows }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nesting = try container.decode(Nesting.self, forKey: .nesting)
        flows = try container.decodeIfPresent(Bool.self, forKey: .flows) ?? true
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nesting, forKey: .nesting)
        // Written only when off, so that every profile with flows reads as it always has.
        if !flows { try container.encode(flows, forKey: .flows) }
    }

    /// The `owned` profile.
    public static let owned = NavigationProfile(nesting: .owned)
    /// The `shared` profile.
    public static let shared = NavigationProfile(nesting: .shared)

    public var description: String { flows ? nesting.rawValue : nesting.rawValue + " without flows" }
}
