public import FlowCheckCore
public import JSON
public import RUFClientModel

/// What a RUF client declares beyond the navigation it shares with the navigation suites: the hello reply's
/// `mergeStrategies`, `metrics`, `optimisticComponents` and `actionQueue`.
///
/// Set it on an adapter's capabilities as `capabilities[ClientCapabilities.self] = ClientCapabilities(metrics: false)`;
/// a field left out takes its default.
public struct ClientCapabilities: CapabilitySection {
    /// The merge strategies the client implements: REPLACE always, APPEND and MATCH when listed.
    public var mergeStrategies: [String]
    /// Whether the client fires metrics (navigationMetrics, metrics, actionMetrics).
    public var metrics: Bool
    /// Whether the client updates a state-holding component optimistically.
    public var optimisticComponents: Bool
    /// What happens to actions dispatched while one is in flight, `fifo` or `latest`.
    public var actionQueue: ReferenceClient.Queueing
    /// Whether the kit sees the client's requests on the network (`flowcheck serve` sets it): only then is
    /// RUF-REQUEST-WIRE certified. An adapter never declares it.
    public var overHTTP = false

    /// Creates the section; every field defaults to what the RUF pages describe.
    public init(
        mergeStrategies: [String] = ["REPLACE", "APPEND", "MATCH"], metrics: Bool = true,
        optimisticComponents: Bool = true, actionQueue: ReferenceClient.Queueing = .fifo
    ) {
        self.mergeStrategies = mergeStrategies
        self.metrics = metrics
        self.optimisticComponents = optimisticComponents
        self.actionQueue = actionQueue
    }

    public init() { self.init(mergeStrategies: ["REPLACE", "APPEND", "MATCH"]) }

    public init(fields: [String: JSONValue]) throws(CapabilityError) {
        self.init()
        mergeStrategies = try CapabilityField.strings(fields, "mergeStrategies") ?? mergeStrategies
        metrics = try CapabilityField.bool(fields, "metrics") ?? metrics
        optimisticComponents = try CapabilityField.bool(fields, "optimisticComponents") ?? optimisticComponents
        overHTTP = try CapabilityField.bool(fields, "overHTTP") ?? false
        if let word = try CapabilityField.string(fields, "actionQueue") {
            guard let queueing = ReferenceClient.Queueing(rawValue: word) else {
                throw CapabilityError(
                    field: "actionQueue", message: "\"\(word)\" is not an action queue (\"fifo\" or \"latest\")")
            }
            actionQueue = queueing
        }
    }

    public var fields: [String: JSONValue] {
        [
            "mergeStrategies": .array(mergeStrategies.map(JSONValue.string)), "metrics": .bool(metrics),
            "optimisticComponents": .bool(optimisticComponents), "actionQueue": .string(actionQueue.rawValue),
        ].merging(overHTTP ? ["overHTTP": .bool(true)] : [:]) { a, _ in a }
    }
}

extension Capabilities {
    /// The client suite's section: merge strategies, metrics, optimistic updates and the action queue.
    public var client: ClientCapabilities {
        get { self[ClientCapabilities.self] }
        set { self[ClientCapabilities.self] = newValue }
    }
}
