public import JSON
public import NavigationModel

/// Everything a client's user or server can observe about it between two inputs.
public struct ClientState: Hashable, Sendable {
    /// The navigation stack, and the id of the optimistic change awaiting the server's answer.
    public var navigation: SessionState
    /// The component cache: screen name to `rel` to component.
    public var cache: [String: [String: ClientComponent]]
    /// The SessionMeta, as the client holds it.
    public var meta: JSONValue
    /// The screen the last response said to display (`currentScreen`); `nil` before any said.
    public var currentScreen: String?
    /// The request id of the request in flight, if any.
    public var inFlight: String?
    /// How many actions wait for the request in flight.
    public var queued: Int

    /// A client with `stack`, an empty cache and meta, and nothing in flight.
    public init(stack: ScreenStack) {
        navigation = SessionState(stack: stack)
        cache = [:]
        meta = .object([])
        queued = 0
    }

    /// The JSON form replies carry, keys sorted.
    public var json: JSONValue {
        let cacheJSON = JSONValue.object(
            cache.map { screen, components in
                (key: screen, value: JSONValue.object(components.map { (key: $0.key, value: $0.value.json) }))
            })
        var stackJSON: [JSONValue] = []
        for entry in navigation.stack {
            let pairs: [(key: String, value: JSONValue)] = [
                ("screen", .string(entry.screen)), ("flow", entry.flow.map(JSONValue.string) ?? .null),
                ("flowRoot", .bool(entry.flowRoot)), ("presentation", .string(entry.presentation.rawValue)),
            ]
            stackJSON.append(.object(pairs))
        }
        return JSONValue.object([
            ("stack", .array(stackJSON)),
            ("pending", navigation.pendingID.map { .object([("id", .string($0))]) } ?? .null),
            ("cache", cacheJSON), ("meta", meta), ("currentScreen", currentScreen.map(JSONValue.string) ?? .null),
            ("inFlight", inFlight.map(JSONValue.string) ?? .null), ("queued", .number(Double(queued))),
        ]).canonical
    }
}

/// What a client shows after one input: its state, and the events since the previous input.
public struct ClientObservation: Hashable, Sendable {
    /// The state after the input.
    public var state: ClientState
    /// The events the input caused, in order.
    public var events: [ClientEvent]

    /// Creates an observation, its JSON values' object keys sorted (``ClientEvent/canonical``), so that what an
    /// implementation writes in another key order compares equal.
    public init(state: ClientState, events: [ClientEvent]) {
        self.state = state
        self.state.meta = state.meta.canonical
        // Most events come canonical (the reference client's and the sample's do): then the array is kept as it is.
        self.events = events.allSatisfy(\.isCanonical) ? events : events.map(\.canonical)
    }

    /// The JSON form a reply carries: `{"state": …, "events": […]}`.
    public var json: JSONValue {
        .object([("events", .array(events.map(\.json))), ("state", state.json)])
    }
}
