/// A screen definition: its flows, parameters, components, actions and metrics.
public struct SpecScreen: Hashable, Sendable {
    /// The screen's name, its key under `screens`.
    public var name: String
    /// Where the name is declared.
    public var location: SpecLocation
    /// The `description`, when given.
    public var description: String?
    /// The `alias`, when given.
    public var alias: String?
    /// The route-level `params` shape, when given.
    public var params: SpecType?
    /// The `default_transition`, when given.
    public var defaultTransition: Located<String>?
    /// The flows it belongs to.
    public var flows: [Located<String>]
    /// Its components, `$ref`s resolved, in the order written.
    public var components: [SpecComponent]
    /// Its actions, `$ref`s resolved, in the order written.
    public var actions: [SpecAction]
    /// `metrics.navigation`: fired when the screen becomes active.
    public var navigationMetrics: [SpecMetric]
    /// `metrics.screen`: fired when its content loads.
    public var screenMetrics: [SpecMetric]

    /// Creates a screen with nothing in it.
    public init(name: String, location: SpecLocation) {
        self.name = name
        self.location = location
        self.flows = []
        self.components = []
        self.actions = []
        self.navigationMetrics = []
        self.screenMetrics = []
    }

    /// The names of the flows it belongs to.
    public var flowNames: [String] { flows.map(\.value) }
}
