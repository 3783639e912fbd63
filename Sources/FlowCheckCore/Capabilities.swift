import ConformanceRules
import FlowSchema
import NavigationModel
import RUFClientModel

/// What an implementation declares it supports: the kit generates only that,
/// and lists the rest as not certified.
///
/// JSON shape (the `capabilities` of the process protocol's hello reply):
/// `{"suites": [...], "modes": [...], "behaviors": [...], "nesting": "owned" | "shared" | ["owned", "shared"], "reasons": true,
/// "batch": false, "flows": true, "modals": true, "componentTypes": [...], "migrations": false,
/// "mergeStrategies": ["REPLACE", "APPEND", "MATCH"], "metrics": true, "optimisticComponents": true,
/// "actionQueue": "fifo"}`. Only `suites` is always required: a decoder that declares only `decoding` gives no modes,
/// behaviors or nesting; the last four are read for the `client` suite, with those defaults.
public struct Capabilities: Hashable, Codable, Sendable {
    /// The suites it wants certified.
    public var suites: [Suite]
    /// The stack modes it implements.
    public var modes: [Mode]
    /// The flow behaviors it implements.
    public var behaviors: [Behavior]
    /// The nesting profiles it implements.
    public var nesting: [Profile.Nesting]
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
    /// The component types its decoder knows (decoding suite); others must decode as unknown.
    public var componentTypes: [String]
    /// Whether its decoder migrates content versions 1 to 7 (decoding suite); without it only version-8 documents are given.
    public var migrations: Bool
    /// The client suite: the merge strategies the client implements (REPLACE always; APPEND and MATCH when listed).
    public var mergeStrategies: [String]
    /// The client suite: whether the client fires metrics (navigationMetrics, metrics, actionMetrics).
    public var metrics: Bool
    /// The client suite: whether the client updates a state-holding component optimistically.
    public var optimisticComponents: Bool
    /// The client suite: what happens to actions dispatched while one is in flight, `fifo` or `latest`.
    public var actionQueue: ReferenceClient.Queueing

    /// Creates capabilities; the decoding ones default to the 14 documented component kinds, without migrations.
    public init(
        suites: [Suite], modes: [Mode] = [], behaviors: [Behavior] = [], nesting: [Profile.Nesting] = [],
        reasons: Bool = false,
        batch: Bool = false, flows: Bool = true, modals: Bool = true,
        componentTypes: [String] = DecoderOptions.standardComponentTypes, migrations: Bool = false,
        mergeStrategies: [String] = ["REPLACE", "APPEND", "MATCH"], metrics: Bool = true,
        optimisticComponents: Bool = true, actionQueue: ReferenceClient.Queueing = .fifo
    ) {
        self.mergeStrategies = mergeStrategies
        self.metrics = metrics
        self.optimisticComponents = optimisticComponents
        self.actionQueue = actionQueue
        self.flows = flows
        self.modals = modals
        self.componentTypes = componentTypes
        self.migrations = migrations
        self.suites = suites
        self.modes = modes
        self.behaviors = behaviors
        self.nesting = nesting
        self.reasons = reasons
        self.batch = batch
    }

    /// Everything the model knows.
    public static let full = Capabilities(
        suites: [.navigation, .session, .decoding], modes: Mode.known, behaviors: Behavior.known,
        nesting: Profile.Nesting.allCases, reasons: true, migrations: true)

    private enum CodingKeys: String, CodingKey {
        case suites, modes, behaviors, nesting, reasons, batch, flows, modals, componentTypes, migrations
        case mergeStrategies, metrics, optimisticComponents, actionQueue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Suites this kit does not know (from a newer kit) are kept; the runner lists them as not certified.
        suites = try container.decode([Suite].self, forKey: .suites)
        modes = try container.decodeIfPresent([Mode].self, forKey: .modes) ?? []
        behaviors = try container.decodeIfPresent([Behavior].self, forKey: .behaviors) ?? []
        if let one = try? container.decode(Profile.Nesting.self, forKey: .nesting) {
            nesting = [one]
        } else {
            nesting = try container.decodeIfPresent([Profile.Nesting].self, forKey: .nesting) ?? []
        }
        reasons = try container.decodeIfPresent(Bool.self, forKey: .reasons) ?? false
        batch = try container.decodeIfPresent(Bool.self, forKey: .batch) ?? false
        flows = try container.decodeIfPresent(Bool.self, forKey: .flows) ?? true
        modals = try container.decodeIfPresent(Bool.self, forKey: .modals) ?? true
        componentTypes =
            try container.decodeIfPresent([String].self, forKey: .componentTypes)
            ?? DecoderOptions.standardComponentTypes
        migrations = try container.decodeIfPresent(Bool.self, forKey: .migrations) ?? false
        mergeStrategies =
            try container.decodeIfPresent([String].self, forKey: .mergeStrategies) ?? ["REPLACE", "APPEND", "MATCH"]
        metrics = try container.decodeIfPresent(Bool.self, forKey: .metrics) ?? true
        optimisticComponents = try container.decodeIfPresent(Bool.self, forKey: .optimisticComponents) ?? true
        let queue = try container.decodeIfPresent(String.self, forKey: .actionQueue) ?? "fifo"
        guard let queueing = ReferenceClient.Queueing(rawValue: queue) else {
            throw DecodingError.dataCorruptedError(
                forKey: .actionQueue, in: container, debugDescription: "actionQueue is fifo or latest, not \(queue)")
        }
        actionQueue = queueing
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(suites, forKey: .suites)
        if !modes.isEmpty || suites.contains(.navigation) || suites.contains(.session) {
            try container.encode(modes, forKey: .modes)
            try container.encode(behaviors, forKey: .behaviors)
            if nesting.count == 1 {
                try container.encode(nesting[0], forKey: .nesting)
            } else {
                try container.encode(nesting, forKey: .nesting)
            }
            try container.encode(reasons, forKey: .reasons)
            // Written only when off, so that the usual capabilities read as they always have.
            if !flows { try container.encode(flows, forKey: .flows) }
            if !modals { try container.encode(modals, forKey: .modals) }
        }
        try container.encode(batch, forKey: .batch)
        if suites.contains(.decoding) {
            try container.encode(componentTypes, forKey: .componentTypes)
            try container.encode(migrations, forKey: .migrations)
        }
        if suites.contains(.client) {
            try container.encode(mergeStrategies, forKey: .mergeStrategies)
            try container.encode(metrics, forKey: .metrics)
            try container.encode(optimisticComponents, forKey: .optimisticComponents)
            try container.encode(actionQueue.rawValue, forKey: .actionQueue)
        }
    }
}

extension Capabilities {
    /// The options the reference decoder uses to judge this implementation.
    public var decoderOptions: DecoderOptions { DecoderOptions(componentTypes: componentTypes, migrations: migrations) }
}
