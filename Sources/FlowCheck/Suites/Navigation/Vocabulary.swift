/// The screen and flow names generated stacks and directives use.
///
/// Small on purpose: collisions between names are what exercise REMOVE_PREVIOUS,
/// START_NEW and POP_TO.
public struct Vocabulary: Hashable, Codable, Sendable {
    /// Screen names, simplest first.
    public var screens: [String]
    /// Flow names, simplest first.
    public var flows: [String]

    /// Creates a vocabulary; both lists must be non-empty.
    public init(screens: [String], flows: [String]) {
        precondition(!screens.isEmpty && !flows.isEmpty, "a vocabulary needs screens and flows")
        self.screens = screens
        self.flows = flows
    }

    /// An e-commerce app's screens and flows.
    public static let standard = Vocabulary(
        screens: ["HOME", "PRODUCT", "CART", "CHECKOUT", "SIGN_IN", "PROFILE"],
        flows: ["MAIN", "DISCOVERY", "CHECKOUT", "AUTH"])
}
