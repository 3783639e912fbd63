package import JSON
package import NavigationModel
package import ProcessProtocol

// The navigation model's values as the process protocol reads them: a reply, a session state, a stack, an entry, a
// profile, a directive. The client suite reads its stacks with them too.
extension Wire {
    /// A navigation reply, `{"outcome", "reason", "state"}`; anything else in it is ignored.
    package static func reply(_ value: JSONValue) throws(WireError) -> NavigationReply {
        let pairs = try object(value)
        let kind = try field(pairs, "outcome", string)
        let outcome: NavigationOutcome
        switch kind {
        case "applied": outcome = .applied
        case "rejected":
            // A reason of another type counts as none: a reason is compared only when reasons are declared.
            outcome = .rejected(lookup(pairs, "reason")?.stringValue.map(RejectionReason.init(rawValue:)))
        default:
            throw WireError("outcome \"\(kind)\" is neither \"applied\" nor \"rejected\"").inside("outcome")
        }
        return NavigationReply(outcome: outcome, state: try field(pairs, "state", sessionState))
    }

    /// `{"stack": [Entry, ...], "pending": null | {"id"}}`.
    package static func sessionState(_ value: JSONValue) throws(WireError) -> SessionState {
        let pairs = try object(value)
        let entries = try field(pairs, "stack", stack)
        let pending = try optionalField(pairs, "pending") { (value) throws(WireError) -> String in
            try field(try object(value, or: "null"), "id", string)
        }
        return SessionState(stack: entries, pendingID: pending)
    }

    /// An array of entries.
    package static func stack(_ value: JSONValue) throws(WireError) -> ScreenStack {
        ScreenStack(try array(value, entry))
    }

    /// `{"screen", "flow", "flowRoot", "presentation"}`, `flow` a string or null.
    package static func entry(_ value: JSONValue) throws(WireError) -> StackEntry {
        // One pass over the members rather than a lookup per field: a reply holds a whole stack, on every step.
        var screen, flow, flowRoot, presentation: JSONValue?
        for (key, value) in try object(value) {
            switch key {
            case "flow": flow = value
            case "flowRoot": flowRoot = value
            case "presentation": presentation = value
            case "screen": screen = value
            default: continue
            }
        }
        guard let screen else { throw WireError("missing \"screen\"") }
        guard case .string(let name) = screen else { throw WireError(expected: "a string", screen).inside("screen") }
        var flowName: String?
        switch flow {
        case .string(let text)?: flowName = text
        case nil, .null?: flowName = nil
        case let other?: throw WireError(expected: "a string", other).inside("flow")
        }
        guard let flowRoot else { throw WireError("missing \"flowRoot\"") }
        guard case .bool(let root) = flowRoot else {
            throw WireError(expected: "true or false", flowRoot).inside("flowRoot")
        }
        guard let presentation else { throw WireError("missing \"presentation\"") }
        guard case .string(let word) = presentation else {
            throw WireError(expected: "a string", presentation).inside("presentation")
        }
        let kind: EntryPresentation
        switch word {
        case "push": kind = .push
        case "root": kind = .root
        case "modal": kind = .modal
        default:
            throw WireError("\"\(word)\" is not a presentation (\"root\", \"push\" or \"modal\")").inside(
                "presentation")
        }
        return StackEntry(screen: name, flow: flowName, flowRoot: root, presentation: kind)
    }

    /// `{"nesting"}` with `flows` true unless it says false.
    package static func profile(_ value: JSONValue) throws(WireError) -> NavigationProfile {
        let pairs = try object(value)
        return NavigationProfile(
            nesting: try field(pairs, "nesting", nesting), flows: try optionalField(pairs, "flows", bool) ?? true)
    }

    private static func nesting(_ value: JSONValue) throws(WireError) -> NavigationProfile.Nesting {
        let word = try string(value)
        guard let nesting = NavigationProfile.Nesting(rawValue: word) else {
            throw WireError("\"\(word)\" is not a nesting (\"owned\" or \"shared\")")
        }
        return nesting
    }

    /// A directive, leniently: a field of its own of the wrong type counts as absent, and every other field is kept
    /// as it was sent.
    package static func directive(_ value: JSONValue) throws(WireError) -> NavigationDirective {
        var id: String?, mode: NavigationMode?, screen: String?, flow: NavigationDirective.Flow?
        var others: [String: JSONValue] = [:]
        for (key, value) in try object(value) {
            switch key {
            case "id": id = value.stringValue
            case "mode": mode = value.stringValue.map(NavigationMode.init(rawValue:))
            case "screen": screen = value.stringValue
            case "flow":
                if let pairs = value.objectPairs {
                    flow = NavigationDirective.Flow(
                        name: lookup(pairs, "name")?.stringValue,
                        behavior: lookup(pairs, "behavior")?.stringValue.map(FlowBehavior.init(rawValue:)))
                } else {
                    flow = nil
                }
            default: others[key] = value
            }
        }
        // Built once: a directive's fields are one box, and setting them one by one would make a box for each.
        return NavigationDirective(id: id, mode: mode, screen: screen, flow: flow, unknownFields: others)
    }
}
