import ConformanceRules
package import FlowCheckCore
import FlowSchema
package import JSON
package import NavigationModel

/// Why a message is not of the shape the protocol documents, and where in it: `missing "state" at $`,
/// `expected a string, found null at $.state.stack[2].screen`.
package struct WireError: Error, Hashable, CustomStringConvertible {
    /// What is wrong.
    package var problem: String
    /// The path from the message's top to the value, innermost last; filled in as the error leaves each level, so a
    /// message that decodes costs no path at all.
    private var reversedPath: [String] = []

    /// An error at the value being decoded.
    package init(_ problem: String) { self.problem = problem }

    /// A value of the wrong type: `expected a string, found null`.
    package init(expected: String, _ found: JSONValue) { self.init("expected \(expected), found \(Wire.found(found))") }

    /// The same error, seen from the object that holds it under `key`.
    package func inside(_ key: String) -> WireError {
        var error = self
        error.reversedPath.append("." + key)
        return error
    }

    /// The same error, seen from the array that holds it at `index`.
    package func inside(_ index: Int) -> WireError {
        var error = self
        error.reversedPath.append("[\(index)]")
        return error
    }

    /// The JSON path of the value, as `$.state.stack[2].screen`.
    package var path: String { "$" + reversedPath.reversed().joined() }

    package var description: String { "\(problem) at \(path)" }
}

/// Reads the process protocol's messages from parsed JSON, with the leniency of the model's own decoding: unknown
/// fields are ignored everywhere, a directive's fields of the wrong type count as absent, and so on.
package enum Wire {
    /// An object's members, in document order.
    package typealias Pairs = [(key: String, value: JSONValue)]

    // MARK: Replies (what the kit reads)

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

    /// A hello reply's payload, `seq` read already.
    package static func hello(_ value: JSONValue, seq: Int) throws(WireError) -> HelloReply {
        let pairs = try object(value)
        let version = try field(pairs, "protocol", int)
        let implementation = try field(pairs, "implementation") { (value) throws(WireError) -> ImplementationInfo in
            let pairs = try object(value)
            return ImplementationInfo(
                name: try field(pairs, "name", string), version: try field(pairs, "version", string),
                language: try field(pairs, "language", string))
        }
        return HelloReply(
            seq: seq, protocol: version, implementation: implementation,
            capabilities: try field(pairs, "capabilities", capabilities))
    }

    /// Capabilities: only `suites` is required; each suite reads its own fields.
    package static func capabilities(_ value: JSONValue) throws(WireError) -> Capabilities {
        let pairs = try object(value)
        let suites = try field(pairs, "suites") { (value) throws(WireError) in try array(value, string) }
        var capabilities = Capabilities(suites: suites.map(Suite.init(rawValue:)))
        capabilities.batch = try optionalField(pairs, "batch", bool) ?? false
        // Every other field belongs to a suite's section, which that suite reads (and judges) itself.
        for (name, value) in pairs where !Capabilities.commonFields.contains(name) && capabilities.sections[name] == nil
        {
            capabilities.sections[name] = value
        }
        return capabilities
    }

    // MARK: Requests (what an implementation reads: the benchmark's echo and the tests)

    /// A request and its `seq`.
    package static func request(_ value: JSONValue) throws(WireError) -> (seq: Int, request: Request) {
        let pairs = try object(value)
        let seq = try field(pairs, "seq", int)
        let command = try field(pairs, "cmd", string)
        switch command {
        case "hello":
            let kit = try field(pairs, "kit") { (value) throws(WireError) -> KitInfo in
                let pairs = try object(value)
                return KitInfo(name: try field(pairs, "name", string), version: try field(pairs, "version", string))
            }
            return (seq, .hello(kit))
        case "reset":
            return (seq, .reset(try field(pairs, "stack", stack), try field(pairs, "profile", profile)))
        case "navigate":
            return (seq, .command(.navigate(try optionalField(pairs, "directive", directive))))
        case "optimistic":
            return (seq, .command(.optimistic(try field(pairs, "directive", directive))))
        case "batch":
            let inner = try field(pairs, "commands") { (value) throws(WireError) -> [BatchItem] in
                try array(value) { (value) throws(WireError) -> BatchItem in
                    let (seq, request) = try self.request(value)
                    return BatchItem(seq: seq, request: request)
                }
            }
            return (seq, .batch(inner))
        case "stop":
            return (seq, .stop)
        default:
            // A suite's own command (`clientReset`): that suite reads it.
            return (seq, .suite(command, pairs))
        }
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

    // MARK: Parts

    /// The value of `key` (the last one when repeated), or `nil`.
    @inline(__always)
    package static func lookup(_ pairs: Pairs, _ key: String) -> JSONValue? {
        var index = pairs.count
        while index > 0 {
            index -= 1
            if pairs[index].key == key { return pairs[index].value }
        }
        return nil
    }

    /// The required member `key`, decoded.
    @inline(__always)
    package static func field<T>(
        _ pairs: Pairs, _ key: String, _ decode: (JSONValue) throws(WireError) -> T
    ) throws(WireError) -> T {
        guard let value = lookup(pairs, key) else { throw WireError("missing \"\(key)\"") }
        do { return try decode(value) } catch { throw error.inside(key) }
    }

    /// The member `key` decoded, or `nil` when it is absent or null.
    @inline(__always)
    package static func optionalField<T>(
        _ pairs: Pairs, _ key: String, _ decode: (JSONValue) throws(WireError) -> T
    ) throws(WireError) -> T? {
        guard let value = lookup(pairs, key), value != .null else { return nil }
        do { return try decode(value) } catch { throw error.inside(key) }
    }

    /// An object's members; `or` names what else would have done, for the message.
    package static func object(_ value: JSONValue, or alternative: String? = nil) throws(WireError) -> Pairs {
        guard case .object(let pairs) = value else {
            throw WireError("expected an object\(alternative.map { " or " + $0 } ?? ""), found \(found(value))")
        }
        return pairs
    }

    /// An array's items, each decoded.
    package static func array<T>(
        _ value: JSONValue, _ decode: (JSONValue) throws(WireError) -> T
    ) throws(WireError) -> [T] {
        guard case .array(let items) = value else { throw WireError("expected an array, found \(found(value))") }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for index in items.indices {
            do { result.append(try decode(items[index])) } catch { throw error.inside(index) }
        }
        return result
    }

    /// A string.
    package static func string(_ value: JSONValue) throws(WireError) -> String {
        guard case .string(let text) = value else { throw WireError(expected: "a string", value) }
        return text
    }

    /// `true` or `false`.
    package static func bool(_ value: JSONValue) throws(WireError) -> Bool {
        guard case .bool(let flag) = value else { throw WireError(expected: "true or false", value) }
        return flag
    }

    /// An integer; as in the model's own decoding, `8.0` is 8, and `8.5` is not an integer.
    package static func int(_ value: JSONValue) throws(WireError) -> Int {
        guard case .number(let number) = value, let integer = Int(exactly: number) else {
            throw WireError("expected an integer, found \(found(value))")
        }
        return integer
    }

    /// What a value is, for a message: `null`, `true`, `the number 2.5`, `the string "PUSH"`, `an array`.
    package static func found(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .number: return "the number \(JSONWriter.write(value))"
        case .string(let text):
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            return "the string \(JSONWriter.write(.string(shown)))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
