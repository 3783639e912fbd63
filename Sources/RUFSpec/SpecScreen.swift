/// A screen definition: its flows, parameters, components, actions and metrics.
package struct SpecScreen: Hashable, Sendable {
    /// The screen's name, its key under `screens`.
    package var name: String
    /// Where the name is declared.
    package var location: SpecLocation
    /// The `description`, when given.
    package var description: String?
    /// The `alias`, when given.
    package var alias: String?
    /// The route-level `params` shape, when given.
    package var params: SpecType?
    /// The `default_transition`, when given.
    package var defaultTransition: Located<String>?
    /// The flows it belongs to.
    package var flows: [Located<String>]
    /// Its components, `$ref`s resolved, in the order written.
    package var components: [SpecComponent]
    /// Its actions, `$ref`s resolved, in the order written.
    package var actions: [SpecAction]
    /// `metrics.navigation`: fired when the screen becomes active.
    package var navigationMetrics: [SpecMetric]
    /// `metrics.screen`: fired when its content loads.
    package var screenMetrics: [SpecMetric]

    /// Creates a screen with nothing in it.
    package init(name: String, location: SpecLocation) {
        self.name = name
        self.location = location
        self.flows = []
        self.components = []
        self.actions = []
        self.navigationMetrics = []
        self.screenMetrics = []
    }

    /// The names of the flows it belongs to.
    package var flowNames: [String] { flows.map(\.value) }
}
