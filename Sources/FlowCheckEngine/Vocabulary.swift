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

    /// Two screens and two flows: the same screen twice in a stack and the same flow in two layers are the rule.
    package static let tiny = Vocabulary(screens: ["HOME", "PRODUCT"], flows: ["MAIN", "DISCOVERY"])

    /// Names an SDK may mishandle: case variants of each other, names that read as modes and behaviors,
    /// non-ASCII letters and emoji, spaces and slashes, names of spaces only (non-empty, so valid: NAV-VALID-DEST),
    /// and names longer than a database column.
    package static let varied = Vocabulary(
        screens: [
            "HOME", "home", "PUSH", "POP_TO", "Produit détaillé", "商品详情", "🛒 CART", "settings/privacy",
            " PADDED ", "PRODUCT_DETAILS_" + String(repeating: "VERY_LONG_", count: 8) + "SCREEN", "   ",
        ],
        flows: [
            "MAIN", "main", "START_NEW", "KEEP", "Ünïcødé-flöw", "flow with spaces",
            "CHECKOUT_" + String(repeating: "EXPRESS_", count: 9) + "FLOW", " ",
        ])
}
