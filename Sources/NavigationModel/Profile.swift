/// How presented layers relate to navigation: the kit's nesting profile.
///
/// It changes POP_TO and POP_TO_ROOT only. JSON shape: `{"nesting": "owned"}`.
public struct Profile: Hashable, Codable, Sendable, CustomStringConvertible {
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

    /// Creates a profile.
    public init(nesting: Nesting) { self.nesting = nesting }

    /// The `owned` profile.
    public static let owned = Profile(nesting: .owned)
    /// The `shared` profile.
    public static let shared = Profile(nesting: .shared)

    public var description: String { nesting.rawValue }
}
