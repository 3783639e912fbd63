public import JSON
public import NavigationModel

/// A Session response as the server sends it, read leniently: what the client acts on, in the order written.
///
/// A field of the wrong kind counts as absent, and fields the protocol does not define (and `debug`) are kept only
/// in ``json``: a response never fails to be read (RUF-LENIENT).
public struct RUFSession: Hashable, Sendable {
    /// One entry of the `screens` map.
    public struct Screen: Hashable, Sendable {
        /// The screen's name.
        public var name: String
        /// `components`: `rel` to component, in the order written.
        public var components: [Pair]
        /// `metrics`: fired when the screen loads.
        public var metrics: [JSONValue]
        /// `navigationMetrics`: fired when the screen becomes the active screen.
        public var navigationMetrics: [JSONValue]
    }

    /// A key and a JSON value, hashable.
    public struct Pair: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue
    }

    /// The response as sent.
    public var json: JSONValue
    /// `currentScreen`.
    public var currentScreen: String?
    /// `screens`, in the order written.
    public var screens: [Screen]
    /// `navigation`.
    public var navigation: NavigationDirective?
    /// `actionResult`, as sent.
    public var actionResult: JSONValue?
    /// `meta`: the patch, in the order written.
    public var meta: [Pair]

    /// Reads a response.
    public init(json: JSONValue) {
        self.json = json
        currentScreen = json["currentScreen"]?.stringValue
        screens = (json["screens"]?.objectPairs ?? []).map { pair in
            Screen(
                name: pair.key,
                components: (pair.value["components"]?.objectPairs ?? []).map { Pair(key: $0.key, value: $0.value) },
                metrics: pair.value["metrics"]?.arrayValue ?? [],
                navigationMetrics: pair.value["navigationMetrics"]?.arrayValue ?? [])
        }
        navigation = json["navigation"].flatMap { $0.isObject ? NavigationDirective(json: $0) : nil }
        actionResult = json["actionResult"].flatMap { $0.isObject ? $0 : nil }
        meta = (json["meta"]?.objectPairs ?? []).map { Pair(key: $0.key, value: $0.value) }
    }

    /// `actionResult.actionMetrics`.
    public var actionMetrics: [JSONValue] { actionResult?["actionMetrics"]?.arrayValue ?? [] }

    /// Whether the server rejected the action: navigation FAILED, or an actionResult of type ERROR or FORM_ERROR,
    /// or a TOAST of severity ERROR. Any other result (SUCCESS, a TOAST of SUCCESS or WARN, an unknown type, none)
    /// is a success.
    public var rejectsAction: Bool {
        if navigation?.mode == .failed { return true }
        switch actionResult?["type"]?.stringValue {
        case "ERROR", "FORM_ERROR": return true
        case "TOAST": return actionResult?["severity"]?.stringValue == "ERROR"
        default: return false
        }
    }
}

extension NavigationDirective {
    /// A directive read from JSON leniently: a field of the wrong kind counts as absent; unknown fields are kept.
    public init(json: JSONValue) {
        var others: [String: JSONValue] = [:]
        for (key, value) in json.objectPairs ?? [] where !["id", "mode", "screen", "flow"].contains(key) {
            others[key] = value
        }
        self.init(
            id: json["id"]?.stringValue, mode: json["mode"]?.stringValue.map(NavigationMode.init(rawValue:)),
            screen: json["screen"]?.stringValue,
            flow: json["flow"].flatMap { flow in
                flow.isObject
                    ? Flow(
                        name: flow["name"]?.stringValue,
                        behavior: flow["behavior"]?.stringValue.map { FlowBehavior(rawValue: $0) })
                    : nil
            }, unknownFields: others)
    }

    /// The JSON form, keys sorted.
    public var json: JSONValue {
        // The known fields in key order, so that without unknown fields the object is canonical as built.
        var pairs: [(key: String, value: JSONValue)] = []
        if let flow {
            var flowPairs: [(key: String, value: JSONValue)] = []
            if let behavior = flow.behavior { flowPairs.append(("behavior", .string(behavior.rawValue))) }
            if let name = flow.name { flowPairs.append(("name", .string(name))) }
            pairs.append(("flow", .object(flowPairs)))
        }
        if let id { pairs.append(("id", .string(id))) }
        if let mode { pairs.append(("mode", .string(mode.rawValue))) }
        if let screen { pairs.append(("screen", .string(screen))) }
        for (key, value) in unknownFields { pairs.append((key, value)) }
        return JSONValue.object(pairs).canonical
    }
}
