import FlowCheckClientSuite
import FlowCheckEngine
import FlowCheckSuites
import JSON
import NavigationModel
import RUFClientModel
import Testing

/// `JSONValue.canonical`, which every client observation goes through: keys sorted, repeated keys reduced to their
/// last value, at every depth; a value canonical already comes back as it is.
@Suite("The canonical form of JSON values")
struct CanonicalJSONTests {
    /// The form as it was first written, rebuilding every object: the oracle.
    static func rebuilt(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): return .array(items.map(rebuilt))
        case .object(let pairs):
            var last: [String: JSONValue] = [:]
            for pair in pairs { last[pair.key] = rebuilt(pair.value) }
            return .object(last.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        default: return value
        }
    }

    /// A value drawn from `state`: nested arrays and objects with keys from a small pool, so that repeated keys,
    /// sorted and unsorted objects, and keys equal only as Unicode (é written two ways) all come up.
    static func value(_ state: inout UInt64, depth: Int = 0) -> JSONValue {
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let keys = ["a", "b", "c", "id", "\u{E9}", "e\u{301}", "Z", ""]
        switch depth > 3 ? draw(4) : draw(6) {
        case 0: return .null
        case 1: return .number(Double(draw(5)) / 2)
        case 2: return .string(keys[draw(keys.count)])
        case 3: return .bool(draw(2) == 0)
        case 4: return .array((0..<draw(4)).map { _ in value(&state, depth: depth + 1) })
        default:
            var pairs = (0..<draw(5)).map { _ in (key: keys[draw(keys.count)], value: value(&state, depth: depth + 1)) }
            // Half the objects sorted already, as most values reaching the form are.
            if draw(2) == 0 { pairs = rebuilt(.object(pairs)).objectPairs ?? pairs }
            return .object(pairs)
        }
    }

    @Test("On 5,000 drawn values it gives what rebuilding every object gives, and the form is its own form")
    func agreesWithRebuilding() {
        var state: UInt64 = 42
        for _ in 0..<5_000 {
            let drawn = Self.value(&state)
            let canonical = drawn.canonical
            #expect(canonical == Self.rebuilt(drawn), "\(JSONWriter.write(drawn, sortedKeys: false))")
            #expect(canonical.canonical == canonical)
            #expect(
                JSONWriter.write(canonical, sortedKeys: false)
                    == JSONWriter.write(Self.rebuilt(drawn), sortedKeys: false))
        }
    }

    @Test("Unsorted keys are sorted and a repeated key keeps its last value, inside a sorted parent too")
    func examples() {
        let inner: JSONValue = .object([("b", .number(1)), ("a", .number(2)), ("b", .number(3))])
        #expect(inner.canonical == .object([("a", .number(2)), ("b", .number(3))]))
        let outer: JSONValue = .object([("a", .array([inner])), ("z", .null)])
        #expect(
            outer.canonical
                == .object([("a", .array([.object([("a", .number(2)), ("b", .number(3))])])), ("z", .null)]))
        let sorted: JSONValue = .object([("a", .number(1)), ("b", .object([("c", .bool(true))]))])
        #expect(sorted.canonical == sorted)
        // Keys equal as Unicode are one key: its first spelling, with the last value written.
        let twice = JSONValue.object([("\u{E9}", .number(1)), ("b", .null), ("e\u{301}", .number(2))]).canonical
        #expect(twice.objectPairs?.map(\.value) == [.null, .number(2)])
        #expect(twice.objectPairs?.last?.key.unicodeScalars.count == 1)
    }

    @Test(
        "An observation canonicalizes events made out of order and keeps canonical ones, and the comparison's copy of a reply sorts a component changed after it was made"
    )
    func observations() {
        let unsorted: JSONValue = .object([("b", .number(1)), ("a", .number(2))])
        let sorted: JSONValue = .object([("a", .number(2)), ("b", .number(1))])
        let events: [ClientEvent] = [
            .navigation(outcome: "applied", id: "n1"),
            .metric(point: .screen, screen: "HOME", metric: unsorted),
            .request(ClientRequest(kind: "action", id: "r", screen: "HOME", action: unsorted, meta: sorted)),
            .actionResult(unsorted),
        ]
        let state = ClientState(stack: [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)])
        let observation = ClientObservation(state: state, events: events)
        #expect(observation.events == events.map(\.canonical))
        #expect(observation.events.map(\.json) == events.map { $0.canonical.json })
        let canonical = ClientObservation(state: state, events: [events[0], events[0].canonical])
        #expect(canonical.events == [events[0], events[0]])

        // A component's fields are public: one set after it was made is sorted when a reply is compared.
        var reply = ClientObservation(state: state, events: [])
        var component = ClientComponent(behavior: "LIST", payload: sorted)
        component.payload = unsorted
        reply.state.cache = ["HOME": ["list": component]]
        var comparison = ClientComparison()
        #expect(comparison.normalized(reply).state.cache["HOME"]?["list"]?.payload == sorted)
        let already = ClientObservation(state: state, events: [])
        #expect(comparison.normalized(already).state.cache == already.state.cache)
    }
}
