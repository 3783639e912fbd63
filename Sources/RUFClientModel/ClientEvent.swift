public import JSON

/// Something a client does that the user or the server can see, in the order it does it.
public enum ClientEvent: Hashable, Sendable, CustomStringConvertible {
    /// A request sent: `create` or `action`, its request id (`x-request-id`), and its body.
    case request(ClientRequest)
    /// A metric fired: where it comes from (`navigation`, `screen` or `action`), the screen it belongs to (none for
    /// an action metric), and the metric as received.
    case metric(point: RUFMetric, screen: String?, metric: JSONValue)
    /// A navigation directive handled: the outcome (`optimistic`, `applied`, `confirmed`, `rolledBack`, `failed`,
    /// `rejected`) and the directive's id.
    case navigation(outcome: String, id: String?)
    /// An actionResult shown, as received.
    case actionResult(JSONValue)

    /// The JSON form replies carry (`{"event": "request" | "metric" | "navigation" | "actionResult", …}`).
    public var json: JSONValue {
        switch self {
        case .request(let request): return request.json
        case .metric(let point, let screen, let metric):
            return JSONValue.object([
                ("event", .string("metric")), ("point", .string(point.rawValue)),
                ("screen", screen.map(JSONValue.string) ?? .null), ("metric", metric),
            ]).canonical
        case .navigation(let outcome, let id):
            return .object([
                ("event", .string("navigation")), ("id", id.map(JSONValue.string) ?? .null),
                ("outcome", .string(outcome)),
            ])
        case .actionResult(let result):
            return JSONValue.object([("event", .string("actionResult")), ("result", result)]).canonical
        }
    }

    /// An event read from its JSON form; `nil` when it is not one.
    public init?(json: JSONValue) {
        switch json["event"]?.stringValue {
        case "request":
            guard let request = ClientRequest(json: json) else { return nil }
            self = .request(request)
        case "metric":
            guard let point = json["point"]?.stringValue.flatMap(RUFMetric.init(rawValue:)) else { return nil }
            self = .metric(point: point, screen: json["screen"]?.stringValue, metric: json["metric"] ?? .null)
        case "navigation":
            guard let outcome = json["outcome"]?.stringValue else { return nil }
            self = .navigation(outcome: outcome, id: json["id"]?.stringValue)
        case "actionResult":
            self = .actionResult(json["result"] ?? .null)
        default:
            return nil
        }
    }

    /// The same event with every JSON value's object keys sorted, so that events equal as JSON compare equal.
    public var canonical: ClientEvent {
        switch self {
        case .request(let request): return .request(request.canonical)
        case .metric(let point, let screen, let metric):
            return .metric(point: point, screen: screen, metric: metric.canonical)
        case .navigation: return self
        case .actionResult(let result): return .actionResult(result.canonical)
        }
    }

    /// Whether the event is its own ``canonical`` form, found without building that form.
    var isCanonical: Bool {
        switch self {
        case .request(let request):
            return request.action?.isCanonical != false && request.screenParams?.isCanonical != false
                && request.meta?.isCanonical != false
        case .metric(_, _, let metric): return metric.isCanonical
        case .navigation: return true
        case .actionResult(let result): return result.isCanonical
        }
    }

    /// The event's kind, for messages and the order check.
    public var kind: String {
        switch self {
        case .request: return "request"
        case .metric: return "metric"
        case .navigation: return "navigation"
        case .actionResult: return "actionResult"
        }
    }

    public var description: String { JSONWriter.write(json) }
}

/// Where a metric comes from.
public enum RUFMetric: String, Hashable, Sendable, CaseIterable {
    /// `screens[name].navigationMetrics`: the screen became the active screen.
    case navigation
    /// `screens[name].metrics`: the screen's content loaded.
    case screen
    /// `actionResult.actionMetrics`: the action completed successfully.
    case action
}

/// A request the client sends.
public struct ClientRequest: Hashable, Sendable {
    /// `create` (`/session/create`) or `action` (`/session/action`).
    public var kind: String
    /// The `x-request-id`. The reference client numbers its requests `#1`, `#2`, …; a suite compares an
    /// implementation's ids by first appearance, so only their uniqueness matters.
    public var id: String
    /// The screen: the initial screen, or the action's origin.
    public var screen: String
    /// The action's type and payload (action requests).
    public var action: JSONValue?
    /// The screen parameters (create requests).
    public var screenParams: JSONValue?
    /// The full SessionMeta sent (action requests).
    public var meta: JSONValue?
    /// For a request seen on the network (`flowcheck serve`): how it departs from the api-contract (the endpoint,
    /// the method, a header, the body's shape), in words; `nil` when it does not, and always for a reported request.
    public var wireProblem: String?
    /// For a request seen on the network: the harness did not report it, so where it stands among the step's other
    /// events is not known (the network shows when it was sent, not after which metric).
    package var unreported = false
    /// For a request seen on the network: one already answered in the run, sent again with its id and body.
    package var retried = false
    /// For a request seen on the network: the HTTP as it arrived (request line, headers, body), for the reports.
    package var sent: String?
    /// For a request seen on the network: which checks of the api-contract it departs from (`path`,
    /// `x-request-id`, …), in the order ``wireProblem`` says them, so that a baseline can name one.
    package var wireAspects: [String] = []

    /// Records a departure from the api-contract: its aspect and, in words, what it is (ahead of those known).
    package mutating func departs(_ aspect: String, _ problem: String, first: Bool = false) {
        if first {
            wireProblem = wireProblem.map { problem + "; " + $0 } ?? problem
            wireAspects.insert(aspect, at: 0)
        } else {
            wireProblem = wireProblem.map { $0 + "; " + problem } ?? problem
            wireAspects.append(aspect)
        }
    }

    /// Creates a request.
    public init(
        kind: String, id: String, screen: String, action: JSONValue? = nil, screenParams: JSONValue? = nil,
        meta: JSONValue? = nil
    ) {
        self.kind = kind
        self.id = id
        self.screen = screen
        self.action = action
        self.screenParams = screenParams
        self.meta = meta
    }

    /// Requests are equal in what the client sent; how the kit came to see them is not compared.
    public static func == (lhs: ClientRequest, rhs: ClientRequest) -> Bool {
        lhs.kind == rhs.kind && lhs.id == rhs.id && lhs.screen == rhs.screen && lhs.action == rhs.action
            && lhs.screenParams == rhs.screenParams && lhs.meta == rhs.meta && lhs.wireProblem == rhs.wireProblem
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(id)
        hasher.combine(screen)
        hasher.combine(action)
        hasher.combine(screenParams)
        hasher.combine(meta)
        hasher.combine(wireProblem)
    }

    /// The same request with its action, screen parameters and meta's object keys sorted.
    public var canonical: ClientRequest {
        var result = self
        result.action = action?.canonical
        result.screenParams = screenParams?.canonical
        result.meta = meta?.canonical
        return result
    }

    /// The JSON form, keys sorted.
    public var json: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("event", .string("request")), ("kind", .string(kind)), ("id", .string(id)), ("screen", .string(screen)),
        ]
        if let action { pairs.append(("action", action)) }
        if let screenParams { pairs.append(("screenParams", screenParams)) }
        if let meta { pairs.append(("meta", meta)) }
        if let wireProblem { pairs.append(("wireProblem", .string(wireProblem))) }
        return JSONValue.object(pairs).canonical
    }

    init?(json: JSONValue) {
        guard let kind = json["kind"]?.stringValue, let id = json["id"]?.stringValue,
            let screen = json["screen"]?.stringValue
        else { return nil }
        self.init(
            kind: kind, id: id, screen: screen, action: json["action"], screenParams: json["screenParams"],
            meta: json["meta"])
    }
}
