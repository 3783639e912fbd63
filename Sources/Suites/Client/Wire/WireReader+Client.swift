import FlowCheckNavigationSuite
package import JSON
import NavigationModel
package import ProcessProtocol
package import RUFClientModel

// MARK: The client suite's replies and requests

extension Wire {
    /// A client reply, `{"state", "events"}`; anything else in it is ignored.
    package static func clientObservation(_ value: JSONValue) throws(WireError) -> ClientObservation {
        let pairs = try object(value)
        let state = try field(pairs, "state", clientState)
        let events = try field(pairs, "events") { (value) throws(WireError) in try array(value, clientEvent) }
        return ClientObservation(state: state, events: events)
    }

    /// `{"stack", "pending", "cache", "meta", "currentScreen", "inFlight", "queued"}`: `pending`, `currentScreen`
    /// and `inFlight` may be null (or absent); the rest are required. Values the client holds as received (the
    /// meta, payloads, locales) are taken as they are: they are compared, not read.
    package static func clientState(_ value: JSONValue) throws(WireError) -> ClientState {
        let pairs = try object(value)
        var state = ClientState(stack: try field(pairs, "stack", stack))
        state.navigation.pendingID = try optionalField(pairs, "pending") { (value) throws(WireError) -> String in
            try field(try object(value, or: "null"), "id", string)
        }
        state.cache = try field(pairs, "cache", cache)
        state.meta = try field(pairs, "meta") { (value) throws(WireError) -> JSONValue in
            _ = try object(value)
            return value
        }
        state.currentScreen = try optionalField(pairs, "currentScreen", string)
        state.inFlight = try optionalField(pairs, "inFlight", string)
        state.queued = try field(pairs, "queued") { (value) throws(WireError) -> Int in
            let count = try int(value)
            guard count >= 0 else { throw WireError("expected a count, found \(found(value))") }
            return count
        }
        return state
    }

    /// The component cache: screen to `rel` to `{"behavior", "locale", "payload"}`.
    package static func cache(_ value: JSONValue) throws(WireError) -> [String: [String: ClientComponent]] {
        var result: [String: [String: ClientComponent]] = [:]
        for (screen, components) in try object(value) {
            do throws(WireError) {
                var entries: [String: ClientComponent] = [:]
                for (rel, component) in try object(components) {
                    do { entries[rel] = try clientComponent(component) } catch { throw error.inside(rel) }
                }
                result[screen] = entries
            } catch {
                throw error.inside(screen)
            }
        }
        return result
    }

    /// A cached component: `behavior` a string or null (or absent), `locale` an object, `payload` any value.
    package static func clientComponent(_ value: JSONValue) throws(WireError) -> ClientComponent {
        let pairs = try object(value)
        let locale = try field(pairs, "locale") { (value) throws(WireError) -> JSONValue in
            _ = try object(value)
            return value
        }
        return ClientComponent(
            behavior: try optionalField(pairs, "behavior", string), locale: locale,
            payload: try field(pairs, "payload") { $0 })
    }

    /// An event: `{"event": "request" | "metric" | "navigation" | "actionResult", …}`.
    package static func clientEvent(_ value: JSONValue) throws(WireError) -> ClientEvent {
        let pairs = try object(value)
        let kind = try field(pairs, "event", string)
        switch kind {
        case "request":
            // What a request carries is compared as it is: a create has `screenParams`, an action `action` and
            // `meta`, and one that carries the wrong ones diverges rather than breaks the protocol.
            return .request(
                ClientRequest(
                    kind: try field(pairs, "kind", string), id: try field(pairs, "id", string),
                    screen: try field(pairs, "screen", string), action: lookup(pairs, "action"),
                    screenParams: lookup(pairs, "screenParams"), meta: lookup(pairs, "meta")))
        case "metric":
            let point = try field(pairs, "point") { (value) throws(WireError) -> RUFMetric in
                let word = try string(value)
                guard let point = RUFMetric(rawValue: word) else {
                    throw WireError("\"\(word)\" is not a metric point (\"navigation\", \"screen\" or \"action\")")
                }
                return point
            }
            return .metric(
                point: point, screen: try optionalField(pairs, "screen", string),
                metric: try field(pairs, "metric") { $0 })
        case "navigation":
            return .navigation(
                outcome: try field(pairs, "outcome", string), id: try optionalField(pairs, "id", string))
        case "actionResult":
            return .actionResult(try field(pairs, "result") { $0 })
        default:
            throw WireError(
                "\"\(kind)\" is not an event (\"request\", \"metric\", \"navigation\" or \"actionResult\")"
            ).inside("event")
        }
    }

    /// A client input, as ``ClientInput/init(json:)`` reads it.
    package static func clientInput(_ value: JSONValue) throws(WireError) -> ClientInput {
        guard let input = ClientInput(json: value) else {
            throw WireError(
                "expected a client input ({\"kind\": \"create\" | \"action\" | \"response\", …}), found "
                    + found(value))
        }
        return input
    }
}
