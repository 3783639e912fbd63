package import RUFSpec

/// What a spec tells the generator: the app's screens and flows, and the navigations its actions declare.
///
/// With a spec, destinations and flow objects mostly come from the actions' `navigates_to`
/// (a behavior the spec gets wrong, such as REPLACE, is sent as is and must be rejected), the
/// modes still come from the implementation's capabilities (so POP, RESET and FAILED appear
/// too), and a small share of directives is off-spec.
public struct SpecPlan: Hashable, Sendable {
    /// One `navigates_to` entry.
    public struct Navigation: Hashable, Sendable {
        /// How reports name it: `HOME.open_product → PRODUCT (DISCOVERY/KEEP)`.
        public var name: String
        /// The destination: screen, flow name and behavior, as the spec writes them.
        public var screen: String
        /// The destination's flow name.
        public var flow: String
        /// The destination's behavior, possibly one the protocol does not know.
        public var behavior: String

        /// Creates a navigation of `action`.
        public init(action: String, screen: String, flow: String, behavior: String) {
            self.name = "\(action) → \(screen) (\(flow)/\(behavior))"
            self.screen = screen
            self.flow = flow
            self.behavior = behavior
        }

        /// The coverage label of this navigation.
        public var label: String { "spec " + name }
    }

    /// The spec's root file, as given.
    public var file: String
    /// The spec's screens and flows.
    public var vocabulary: Vocabulary
    /// Every complete `navigates_to` (screen, flow and behavior given), in spec order.
    public var navigations: [Navigation]
    /// The client version the spec's constructs were resolved for; `nil` when every variant is exercised.
    public var clientVersion: String?
    /// The spec as read, for suites that generate more than navigations from it (the client suite's components,
    /// actions, metrics and meta).
    package var spec: Spec?
    /// The spec's navigations as a client of ``clientVersion`` receives them (all of them without one).
    package var declared: [RUFSpec.Navigation] = []

    /// Creates a spec plan.
    public init(file: String, vocabulary: Vocabulary, navigations: [Navigation], clientVersion: String? = nil) {
        self.spec = nil
        self.clientVersion = clientVersion
        self.file = file
        self.vocabulary = vocabulary
        self.navigations = navigations
    }
}
