import JSON
import NavigationModel
import RUFClientModel

/// A random run of a RUF client: a create first, then user actions and the server's responses to the request in
/// flight, shaped to reach every rule of the Client article (list payloads whose items share ids, every merge
/// strategy and unknown ones, nested meta patches, empty screens, directives confirming, failing and redirecting an
/// optimistic change, every actionResult type, metrics of every kind).
///
/// The reference client is driven alongside, so that responses come only while a request is in flight and a
/// directive can confirm the pending optimistic change.
struct ClientSequences {
    /// A run: its initial stack, profile and inputs.
    struct Run {
        var stack: ScreenStack
        var profile: NavigationProfile
        var inputs: [ClientInput]
    }

    private var state: UInt64
    private let queueing: ReferenceClient.Queueing

    /// A generator seeded with `seed`.
    init(seed: UInt64, queueing: ReferenceClient.Queueing = .fifo) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        self.queueing = queueing
    }

    static let screens = ["HOME", "LIST", "CART", "PAY", "DONE"]
    static let rels = ["list", "header", "toggle", "form"]
    static let flows = ["SHOP", "CHECKOUT"]

    // SplitMix64: small and good enough to spread the cases.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    private static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { (key: $0.0, value: $0.1) })
    }

    /// A run of up to `length` inputs after the create.
    mutating func run(length: Int) -> Run {
        let home = StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)
        let stack: ScreenStack =
            chance(50) ? [home] : [home, StackEntry(screen: "LIST", flow: "SHOP", flowRoot: true, presentation: .push)]
        let profile: NavigationProfile = chance(50) ? .owned : .shared
        // The stacks are valid and the profile known: the reference client starts.
        var reference = try! ReferenceClient(stack: stack, profile: profile, queueing: queueing)
        var pending: [String: NavigationDirective] = [:]
        var inputs: [ClientInput] = [.create(screen: "HOME", params: chance(70) ? Self.object([]) : params())]
        _ = reference.apply(inputs[0])
        var optimistic = 0
        for _ in 0..<below(length + 1) {
            let input: ClientInput
            if reference.state.inFlight != nil && chance(70) {
                input = .respond(RUFSession(json: response(reference, pending: pending)))
            } else if reference.state.inFlight == nil && chance(5) {
                input = .create(screen: pick(Self.screens), params: params())
            } else {
                optimistic += 1
                let action = self.action(on: reference.activeScreen ?? "HOME", id: "o\(optimistic)")
                if let directive = action.optimisticNavigation, let id = directive.id { pending[id] = directive }
                input = .dispatch(action)
            }
            inputs.append(input)
            _ = reference.apply(input)
        }
        return Run(stack: stack, profile: profile, inputs: inputs)
    }

    private mutating func params() -> JSONValue { Self.object([("productId", .number(Double(below(5))))]) }

    private mutating func action(on screen: String, id: String) -> RUFAction {
        var action = RUFAction(
            screen: chance(80) ? screen : pick(Self.screens), type: pick(["TAP", "SUBMIT", "LIKE", "LOAD_MORE"]),
            payload: chance(30) ? Self.object([]) : Self.object([("value", value(depth: 1))]))
        if chance(40) {
            let mode: NavigationMode = pick([.push, .push, .replace, .reset, .pop])
            action.optimisticNavigation = NavigationDirective(
                id: chance(90) ? id : nil, mode: mode, screen: mode == .pop ? nil : pick(Self.screens),
                flow: mode == .pop
                    ? nil : NavigationDirective.Flow(name: pick(Self.flows), behavior: pick(FlowBehavior.known)))
        }
        if chance(35) {
            action.optimisticUpdate = OptimisticUpdate(
                screen: pick(Self.screens), rel: pick(Self.rels), component: component(strategy: false))
        }
        return action
    }

    /// A small JSON value, objects and lists nested up to `depth`.
    private mutating func value(depth: Int) -> JSONValue {
        switch below(depth > 0 ? 7 : 4) {
        case 0: return .string(pick(["a", "b", "é", "x y"]))
        case 1: return .number(Double(below(20)) - 5)
        case 2: return chance(50) ? .bool(chance(50)) : .null
        case 3: return .number(Double(below(8)) / 4)
        case 4: return .array((0..<below(3)).map { _ in value(depth: depth - 1) })
        default:
            return Self.object((0..<below(3)).map { index in ("k\(index + below(2))", value(depth: depth - 1)) })
        }
    }

    /// A list item: with an id from a small set (so that ids collide), sometimes without one, sometimes not an
    /// object at all.
    private mutating func item() -> JSONValue {
        switch below(10) {
        case 0: return .string("loose")
        case 1: return Self.object([("label", .string(pick(["x", "y"])))])
        case 2: return Self.object([("id", .string("1")), ("v", .number(Double(below(3))))])
        default: return Self.object([("id", .number(Double(below(4)))), ("v", .number(Double(below(10))))])
        }
    }

    private mutating func payload() -> JSONValue {
        switch below(12) {
        case 0: return .string("not an object")
        case 1: return .array([item(), item()])
        case 2: return .null
        default:
            var fields: [(String, JSONValue)] = []
            if chance(85) { fields.append(("items", .array((0..<below(4)).map { _ in item() }))) }
            if chance(30) { fields.append(("tags", .array((0..<below(3)).map { _ in .string(pick(["n", "m"])) }))) }
            if chance(40) { fields.append(("title", value(depth: 0))) }
            if chance(25) { fields.append(("nested", Self.object([("items", .array([item()]))]))) }
            if chance(10) { fields.append(("items", .string("a list no more"))) }
            return Self.object(fields)
        }
    }

    private mutating func component(strategy: Bool) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if chance(70) { pairs.append(("behavior", .string(pick(["default", "compact", "hologram"])))) }
        if chance(50) {
            pairs.append(
                ("locale", chance(90) ? Self.object([("title", .string(pick(["Hi", "Salut"])))]) : .string("x")))
        }
        if chance(90) { pairs.append(("payload", payload())) }
        if strategy {
            switch below(10) {
            case 0, 1: break
            case 2: pairs.append(("mergeStrategy", Self.object([("type", .string("REPLACE"))])))
            case 3, 4: pairs.append(("mergeStrategy", Self.object([("type", .string("APPEND"))])))
            case 5, 6: pairs.append(("mergeStrategy", Self.object([("type", .string("MATCH"))])))
            case 7: pairs.append(("mergeStrategy", .string(pick(["APPEND", "MATCH", "REPLACE"]))))
            case 8: pairs.append(("mergeStrategy", Self.object([("type", .string("UPSERT"))])))
            default: pairs.append(("mergeStrategy", pick([.null, .number(3), Self.object([])])))
            }
        }
        if chance(10) { pairs.append(("x-unknown", .bool(true))) }
        return Self.object(pairs)
    }

    private mutating func metrics(_ prefix: String) -> JSONValue {
        .array((0..<below(3)).map { index in Self.object([("name", .string("\(prefix)\(index)"))]) })
    }

    private mutating func directive(pending: NavigationDirective?) -> JSONValue {
        if let pending, chance(40) { return pending.json }
        if pending != nil && chance(30) { return Self.object([("mode", .string("FAILED"))]) }
        let mode = pick([
            "PUSH", "PUSH", "REPLACE", "RESET", "POP", "POP_TO", "POP_TO_ROOT", "PRESENT", "DISMISS",
            "FAILED", "TELEPORT",
        ])
        var pairs: [(String, JSONValue)] = [("mode", .string(mode))]
        if chance(50) { pairs.append(("id", .string("n\(below(3))"))) }
        if !["POP", "POP_TO_ROOT", "DISMISS", "FAILED"].contains(mode) || chance(10) {
            pairs.append(("screen", .string(pick(Self.screens))))
            pairs.append(
                (
                    "flow",
                    Self.object([
                        ("name", .string(pick(Self.flows))),
                        (
                            "behavior",
                            .string(
                                pick(
                                    ["KEEP", "REMOVE_PREVIOUS", "START_NEW"]))
                        ),
                    ])
                ))
        }
        if chance(15) { pairs.append(("transition", Self.object([("type", .string("sheet"))]))) }
        return Self.object(pairs)
    }

    private mutating func actionResult() -> JSONValue? {
        var pairs: [(String, JSONValue)]
        switch below(9) {
        case 0, 1: return nil
        case 2: pairs = [("type", .string("SUCCESS"))]
        case 3: pairs = [("type", .string("ERROR")), ("message", .string("nope"))]
        case 4: pairs = [("type", .string("FORM_ERROR")), ("fields", Self.object([("email", .string("bad"))]))]
        case 5, 6: pairs = [("type", .string("TOAST")), ("severity", .string(pick(["ERROR", "WARN", "SUCCESS"])))]
        case 7: pairs = [("type", .string("CONFETTI"))]
        default: pairs = [("severity", .string("ERROR"))]
        }
        if chance(60) { pairs.append(("actionMetrics", metrics("act"))) }
        return Self.object(pairs)
    }

    private mutating func response(_ reference: ReferenceClient, pending: [String: NavigationDirective]) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if chance(50) { pairs.append(("currentScreen", .string(pick(Self.screens)))) }
        if chance(85) {
            var screens: [(String, JSONValue)] = []
            var names = Self.screens
            for _ in 0..<below(4) {
                let name = names.remove(at: below(names.count))
                var screen: [(String, JSONValue)] = []
                if chance(80) {
                    var components: [(String, JSONValue)] = []
                    var rels = Self.rels
                    for _ in 0..<below(3) {
                        components.append((rels.remove(at: below(rels.count)), component(strategy: true)))
                    }
                    screen.append(("components", Self.object(components)))
                }
                if chance(50) { screen.append(("metrics", metrics("\(name.lowercased())-load"))) }
                if chance(50) { screen.append(("navigationMetrics", metrics("\(name.lowercased())-nav"))) }
                if chance(5) { screen.append(("layout", .string("unknown field"))) }
                screens.append((name, Self.object(screen)))
            }
            pairs.append(("screens", Self.object(screens)))
        }
        let pendingDirective = reference.state.navigation.pendingID.flatMap { pending[$0] }
        if chance(65) { pairs.append(("navigation", directive(pending: pendingDirective))) }
        if let result = actionResult() { pairs.append(("actionResult", result)) }
        if chance(50) {
            let keys = ["user", "cart", "flags", "token"]
            pairs.append(
                ("meta", Self.object((0..<below(3)).map { _ in (pick(keys), value(depth: 2)) })))
        }
        if chance(10) { pairs.append(("debug", Self.object([("trace", .string("t"))]))) }
        if chance(5) { pairs.append(("x-server", .string("unknown field"))) }
        return Self.object(pairs)
    }
}

/// Observations with request ids renamed `#1`, `#2`, … by first appearance, and every object's keys sorted: what
/// two clients that choose their own ids (UUIDs, counters) must agree on.
func normalized(_ observations: [ClientObservation]) -> [JSONValue] {
    var names: [String: String] = [:]
    func name(_ id: String) -> String {
        if let known = names[id] { return known }
        let fresh = "#\(names.count + 1)"
        names[id] = fresh
        return fresh
    }
    return observations.map { observation in
        var observation = observation
        observation.events = observation.events.map { event in
            guard case .request(var request) = event else { return event }
            request.id = name(request.id)
            return .request(request)
        }
        observation.state.inFlight = observation.state.inFlight.map(name)
        return observation.json.canonical
    }
}
