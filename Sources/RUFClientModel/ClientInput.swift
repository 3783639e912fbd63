public import JSON
public import NavigationModel

/// What happens to a client: the app starts a session, the user dispatches an action, or the server answers.
public enum ClientInput: Hashable, Sendable {
    /// The app starts: the client sends `/session/create` for `screen`.
    case create(screen: String, params: JSONValue)
    /// The user dispatches an action on a screen.
    case dispatch(RUFAction)
    /// The server's Session response to the request in flight.
    case respond(RUFSession)

    /// The JSON form the process protocol sends (`{"kind": "create" | "action" | "response", …}`).
    public var json: JSONValue {
        switch self {
        case .create(let screen, let params):
            return .object([("kind", .string("create")), ("screen", .string(screen)), ("screenParams", params)])
        case .dispatch(let action):
            var pairs: [(key: String, value: JSONValue)] = [
                ("kind", .string("action")), ("screen", .string(action.screen)),
                ("action", .object([("type", .string(action.type)), ("payload", action.payload)])),
            ]
            var optimistic: [(key: String, value: JSONValue)] = []
            if let navigation = action.optimisticNavigation { optimistic.append(("navigation", navigation.json)) }
            if let update = action.optimisticUpdate {
                optimistic.append(
                    (
                        "component",
                        .object([
                            ("screen", .string(update.screen)), ("rel", .string(update.rel)),
                            ("component", update.component),
                        ])
                    ))
            }
            if !optimistic.isEmpty { pairs.append(("optimistic", .object(optimistic))) }
            return JSONValue.object(pairs).canonical
        case .respond(let response):
            return .object([("kind", .string("response")), ("session", response.json)])
        }
    }

    /// An input read from its JSON form; `nil` when it is not one.
    public init?(json: JSONValue) {
        switch json["kind"]?.stringValue {
        case "create":
            guard let screen = json["screen"]?.stringValue else { return nil }
            self = .create(screen: screen, params: json["screenParams"] ?? .object([]))
        case "action":
            guard let screen = json["screen"]?.stringValue, let type = json["action"]?["type"]?.stringValue else {
                return nil
            }
            var action = RUFAction(screen: screen, type: type, payload: json["action"]?["payload"] ?? .object([]))
            action.optimisticNavigation = json["optimistic"]?["navigation"].map(NavigationDirective.init(json:))
            if let update = json["optimistic"]?["component"], let screen = update["screen"]?.stringValue,
                let rel = update["rel"]?.stringValue
            {
                action.optimisticUpdate = OptimisticUpdate(
                    screen: screen, rel: rel, component: update["component"] ?? .object([]))
            }
            self = .dispatch(action)
        case "response":
            guard let session = json["session"], session.isObject else { return nil }
            self = .respond(RUFSession(json: session))
        default:
            return nil
        }
    }
}

/// A user action: the screen it comes from, its type and payload, and what the client may change before the
/// server answers.
public struct RUFAction: Hashable, Sendable {
    /// The screen the action originates from.
    public var screen: String
    /// The action's type.
    public var type: String
    /// The action's payload.
    public var payload: JSONValue
    /// A navigation the client applies optimistically (PUSH, REPLACE or RESET; POP never is).
    public var optimisticNavigation: NavigationDirective?
    /// A state-holding component the client updates optimistically.
    public var optimisticUpdate: OptimisticUpdate?

    /// Creates an action.
    public init(
        screen: String, type: String, payload: JSONValue = .object([]),
        optimisticNavigation: NavigationDirective? = nil,
        optimisticUpdate: OptimisticUpdate? = nil
    ) {
        self.screen = screen
        self.type = type
        self.payload = payload
        self.optimisticNavigation = optimisticNavigation
        self.optimisticUpdate = optimisticUpdate
    }
}

/// An optimistic update of a state-holding component: the component (behavior, locale, payload) the client shows
/// until the server answers, rolled back if the server rejects the action.
public struct OptimisticUpdate: Hashable, Sendable {
    /// The component's screen.
    public var screen: String
    /// The component's `rel`.
    public var rel: String
    /// The component shown meanwhile, as a response would carry it.
    public var component: JSONValue

    /// Creates an update.
    public init(screen: String, rel: String, component: JSONValue) {
        self.screen = screen
        self.rel = rel
        self.component = component
    }
}
