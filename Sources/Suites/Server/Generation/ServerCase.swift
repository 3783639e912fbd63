package import JSON
package import RUFSpec

/// One generated session with a backend: the client's version and its requests, a create first, then actions.
///
/// What the requests carry besides what is generated (the meta merged from earlier answers, the request ids) comes
/// from the exchange itself, as a client's would.
package struct ServerCase: Hashable, Sendable {
    /// The `context.version` the create sends, which every later answer of the session must be resolved for.
    package var clientVersion: String
    /// The requests in order; the first is the create.
    package var requests: [ServerRequest]
    /// For a run checked as it was drawn: what its answers exercised. Not part of what the case is.
    package var observed: ServerObservation?
    /// The spec the answers are checked against (the same for every case of a run).
    package let spec: Spec

    package init(clientVersion: String, requests: [ServerRequest], spec: Spec) {
        self.clientVersion = clientVersion
        self.requests = requests
        self.spec = spec
    }

    package static func == (a: ServerCase, b: ServerCase) -> Bool {
        a.clientVersion == b.clientVersion && a.requests == b.requests
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(clientVersion)
        hasher.combine(requests)
    }

    /// Every request sent, a request sent twice counted twice.
    package var sentCount: Int { requests.reduce(0) { $0 + ($1.sentTwice ? 2 : 1) } }
}

/// One request of a generated session.
package struct ServerRequest: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// `POST /session/create` for a screen, with its route parameters when the screen declares them, and now and
        /// then a `previousSessionMeta` to restore.
        case create(screen: String, params: JSONValue?, previousMeta: JSONValue? = nil)
        /// `POST /session/action` for an action a screen declares, with a payload of its declared type.
        case action(screen: String, type: String, payload: JSONValue)
    }

    package var kind: Kind
    /// Sent again at once, with the same `x-request-id` and body: a client retrying after a lost answer.
    package var sentTwice: Bool

    package init(_ kind: Kind, sentTwice: Bool = false) {
        self.kind = kind
        self.sentTwice = sentTwice
    }

    /// The endpoint.
    package var path: String {
        if case .create = kind { return "/session/create" }
        return "/session/action"
    }

    /// The request in a few words: `create HOME`, `ADD_TO_CART on PRODUCT {"productId":""}`.
    package var summary: String {
        switch kind {
        case .create(let screen, let params, let previous):
            return "create \(screen)" + (params.map { " " + JSONWriter.write($0) } ?? "")
                + (previous.map { " restoring " + JSONWriter.write($0) } ?? "")
        case .action(let screen, let type, let payload):
            return "\(type) on \(screen) " + JSONWriter.write(payload)
        }
    }

    /// The body a client sends: for a create its screen, parameters and context; for an action its screen, the
    /// action and the whole meta it holds.
    package func body(clientVersion: String, meta: [(key: String, value: JSONValue)]) -> JSONValue {
        switch kind {
        case .create(let screen, let params, let previous):
            var fields: [(key: String, value: JSONValue)] = [("screen", .string(screen))]
            if let params { fields.append(("screenParams", params)) }
            fields.append(("context", .object([("os", .string("ios")), ("version", .string(clientVersion))])))
            if let previous { fields.append(("previousSessionMeta", previous)) }
            return .object(fields)
        case .action(let screen, let type, let payload):
            return .object([
                ("screen", .string(screen)),
                ("action", .object([("type", .string(type)), ("payload", payload)])),
                ("meta", .object(meta)),
            ])
        }
    }
}

/// What a generated run's answers exercised: the rules each answer was a trial of, counted, and its labels.
package struct ServerObservation: Hashable, Sendable {
    /// For each rule, the answers that were a trial of it.
    package var triggers: [String: Int] = [:]
    /// One label per answer, for the coverage table.
    package var labels: [String] = []
    /// The spec's navigations the answers performed, by their coverage labels.
    package var navigations: [String] = []
    /// What the answers carried (navigations by mode, action results by type), each once.
    package var carried: [String] = []
}

extension ServerCase {
    /// The case as a failure record's detail keeps it, for tools and for replaying it request by request.
    package var json: JSONValue {
        .object([
            ("clientVersion", .string(clientVersion)),
            ("requests", .array(requests.map(\.json))),
        ])
    }

    /// The case a record's detail kept, checked against `spec`; `nil` when the JSON is not one.
    package init?(json: JSONValue, spec: Spec) {
        let field = { (name: String) in json.objectPairs?.first { $0.key == name }?.value }
        guard let version = field("clientVersion")?.stringValue, let items = field("requests")?.arrayValue else {
            return nil
        }
        var requests: [ServerRequest] = []
        for item in items {
            guard let request = ServerRequest(json: item) else { return nil }
            requests.append(request)
        }
        self.init(clientVersion: version, requests: requests, spec: spec)
    }
}

extension ServerRequest {
    var json: JSONValue {
        var fields: [(key: String, value: JSONValue)]
        switch kind {
        case .create(let screen, let params, let previous):
            fields = [("create", .string(screen))]
            if let params { fields.append(("screenParams", params)) }
            if let previous { fields.append(("previousSessionMeta", previous)) }
        case .action(let screen, let type, let payload):
            fields = [("action", .string(type)), ("screen", .string(screen)), ("payload", payload)]
        }
        if sentTwice { fields.append(("sentTwice", .bool(true))) }
        return .object(fields)
    }

    init?(json: JSONValue) {
        let field = { (name: String) in json.objectPairs?.first { $0.key == name }?.value }
        let twice = field("sentTwice")?.boolValue ?? false
        if let screen = field("create")?.stringValue {
            let kind = Kind.create(
                screen: screen, params: field("screenParams"), previousMeta: field("previousSessionMeta"))
            self.init(kind, sentTwice: twice)
        } else if let type = field("action")?.stringValue, let screen = field("screen")?.stringValue {
            self.init(.action(screen: screen, type: type, payload: field("payload") ?? .object([])), sentTwice: twice)
        } else {
            return nil
        }
    }
}
