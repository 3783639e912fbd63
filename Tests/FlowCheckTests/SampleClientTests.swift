import FlowCheckClientSuite
import FlowCheckCore
import JSON
import NavigationModel
import RUFClientModel
import SampleImplementations
import Testing

/// The sample RUF client against the reference client: the same observations on random input sequences, and each
/// client mutant caught by a hand-written counterexample of exactly its declared minimal size.
@Suite struct SampleClientTests {
    static let home = ScreenStack([StackEntry(screen: "HOME", flow: "MAIN", flowRoot: true, presentation: .root)])

    // MARK: Comparing

    /// The observations' JSON with request ids replaced by their rank of first appearance (`#1`, `#2`, …), as the
    /// suite compares them: only their uniqueness matters.
    static func normalized(_ observations: [ClientObservation]) -> [JSONValue] {
        var ranks: [String: String] = [:]
        func rank(_ id: String) -> String {
            if let known = ranks[id] { return known }
            let new = "#\(ranks.count + 1)"
            ranks[id] = new
            return new
        }
        func replacing(_ key: String, in value: JSONValue, by map: (JSONValue) -> JSONValue) -> JSONValue {
            guard let pairs = value.objectPairs else { return value }
            return .object(pairs.map { (key: $0.key, value: $0.key == key ? map($0.value) : $0.value) })
        }
        return observations.map { observation in
            var json = observation.json
            json = replacing("events", in: json) { events in
                .array(
                    (events.arrayValue ?? []).map { event in
                        guard event["event"]?.stringValue == "request" else { return event }
                        return replacing("id", in: event) { .string(rank($0.stringValue ?? "")) }
                    })
            }
            json = replacing("state", in: json) { state in
                replacing("inFlight", in: state) { id in id.stringValue.map { .string(rank($0)) } ?? .null }
            }
            return json
        }
    }

    /// Where random sequences start besides `HOME` alone: deeper stacks, a presented layer, both profiles.
    static let starts: [(stack: ScreenStack, profile: NavigationProfile)] = [
        (home, .owned), (home, .shared),
        (
            ScreenStack(
                home.entries + [
                    StackEntry(screen: "LIST", flow: "MAIN", flowRoot: false, presentation: .push),
                    StackEntry(screen: "DETAIL", flow: "SHOP", flowRoot: true, presentation: .push),
                ]), .owned
        ),
        (
            ScreenStack(
                home.entries + [
                    StackEntry(screen: "LIST", flow: "SHOP", flowRoot: true, presentation: .modal),
                    StackEntry(screen: "HOME", flow: "MAIN", flowRoot: true, presentation: .push),
                ]), .shared
        ),
    ]

    static func reference(
        _ inputs: [ClientInput], stack: ScreenStack = home, profile: NavigationProfile = .owned,
        queueing: ReferenceClient.Queueing = .fifo
    ) throws -> [JSONValue] {
        var client = try ReferenceClient(stack: stack, profile: profile, queueing: queueing)
        return normalized(inputs.map { client.apply($0) })
    }

    static func sample(
        _ inputs: [ClientInput], bug: ClientBug? = nil, stack: ScreenStack = home, profile: NavigationProfile = .owned,
        queueing: ReferenceClient.Queueing = .fifo
    ) throws -> [JSONValue] {
        let client = SampleClient(bug: bug, queueing: queueing)
        try client.reset(to: stack, profile: profile)
        return normalized(try inputs.map { try client.apply($0) })
    }

    // MARK: Building inputs

    static func json(_ text: String) -> JSONValue {
        do { return try JSONParser.parse(text) } catch { fatalError("bad JSON in a test: \(text)") }
    }

    static func create(_ screen: String = "HOME") -> ClientInput { .create(screen: screen, params: .object([])) }

    static func action(
        _ type: String = "tap", on screen: String = "HOME", navigation: String? = nil,
        update: (screen: String, rel: String, component: String)? = nil
    ) -> ClientInput {
        .dispatch(
            RUFAction(
                screen: screen, type: type, payload: .object([]),
                optimisticNavigation: navigation.map { NavigationDirective(json: json($0)) },
                optimisticUpdate: update.map {
                    OptimisticUpdate(screen: $0.screen, rel: $0.rel, component: json($0.component))
                }
            ))
    }

    static func response(_ text: String) -> ClientInput { .respond(RUFSession(json: json(text))) }

    // MARK: Random sequences

    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let screens = ["HOME", "LIST", "DETAIL", "OTHER"]

    static func item(_ random: inout Random) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = []
        if random.chance(80) {
            // Mostly numbers; now and then a string, the text of a number (`"1"` must not match `1`) or not.
            pairs.append(
                ("id", random.chance(85) ? .number(Double(random.below(4))) : .string(random.pick(["x", "1", "2"]))))
        }
        pairs.append(("v", .number(Double(random.below(100)))))
        return .object(pairs)
    }

    static func component(_ random: inout Random, strategies: Bool) -> JSONValue {
        // A component of the wrong kind, or fields of the wrong kind, count as absent (RUF-LENIENT).
        if random.chance(3) { return .number(5) }
        var pairs: [(key: String, value: JSONValue)] = []
        if random.chance(80) {
            pairs.append(
                ("behavior", random.chance(5) ? .number(1) : .string(random.pick(["VISIBLE", "HIDDEN", "SPARKLE"]))))
        }
        if random.chance(40) {
            pairs.append(
                ("locale", random.chance(10) ? .string("A") : .object([("title", .string(random.pick(["A", "B"])))])))
        }
        if random.chance(90) {
            var payload: [(key: String, value: JSONValue)] = []
            if random.chance(85) { payload.append(("items", .array((0..<random.below(4)).map { _ in item(&random) }))) }
            if random.chance(30) { payload.append(("more", .array((0..<random.below(3)).map { _ in item(&random) }))) }
            if random.chance(40) { payload.append(("title", .string(random.pick(["t1", "t2"])))) }
            if random.chance(20) {
                payload.append(("nested", .object([("items", .array([item(&random)])), ("k", .number(1))])))
            }
            pairs.append(("payload", random.chance(8) ? .string("not an object") : .object(payload)))
        } else if random.chance(50) {
            pairs.append(("payload", .null))
        }
        if strategies, random.chance(75) {
            let strategy: JSONValue = random.pick([
                .string("APPEND"), .object([("type", .string("APPEND"))]), .string("MATCH"),
                .object([("type", .string("MATCH"))]), .string("REPLACE"), .string("UPSERT"),
                .object([("kind", .string("MATCH"))]), .null,
            ])
            pairs.append(("mergeStrategy", strategy))
        }
        if random.chance(10) { pairs.append(("debugInfo", .string("ignored"))) }
        return .object(pairs)
    }

    static func metrics(_ random: inout Random, _ prefix: String) -> JSONValue {
        .array((0..<random.below(3)).map { .object([("name", .string("\(prefix)\($0)"))]) })
    }

    static func directive(_ random: inout Random, id: String?, optimistic: Bool) -> JSONValue {
        let modes =
            optimistic ? ["PUSH", "REPLACE", "RESET", "POP"] : NavigationMode.known.map(\.rawValue) + ["TELEPORT"]
        let mode = random.pick(modes)
        var pairs: [(key: String, value: JSONValue)] = [("mode", .string(mode))]
        if let id { pairs.append(("id", .string(id))) }
        if ["PUSH", "REPLACE", "RESET", "PRESENT", "POP_TO", "TELEPORT"].contains(mode) {
            pairs.append(("screen", .string(random.pick(screens))))
        }
        if ["PUSH", "REPLACE", "RESET", "PRESENT", "TELEPORT"].contains(mode) {
            pairs.append(
                (
                    "flow",
                    .object([
                        ("name", .string(random.pick(["MAIN", "SHOP"]))),
                        ("behavior", .string(random.pick(["KEEP", "REMOVE_PREVIOUS", "START_NEW"]))),
                    ])
                ))
        }
        return .object(pairs)
    }

    static func randomResponse(_ random: inout Random, pending: JSONValue?) -> ClientInput {
        var pairs: [(key: String, value: JSONValue)] = []
        if random.chance(30) { pairs.append(("currentScreen", .string(random.pick(screens)))) }
        var screenPairs: [(key: String, value: JSONValue)] = []
        for name in screens.filter({ _ in random.chance(30) }) {
            var screen: [(key: String, value: JSONValue)] = []
            var components: [(key: String, value: JSONValue)] = []
            for rel in ["list", "header", "toggle"] where random.chance(50) {
                components.append((rel, component(&random, strategies: true)))
            }
            if !components.isEmpty || random.chance(50) { screen.append(("components", .object(components))) }
            if random.chance(50) { screen.append(("metrics", metrics(&random, "\(name)-load-"))) }
            if random.chance(50) { screen.append(("navigationMetrics", metrics(&random, "\(name)-nav-"))) }
            if random.chance(4) { screen.append(("metrics", .string("not a list"))) }
            screenPairs.append((name, random.chance(3) ? .string("not a screen") : .object(screen)))
        }
        if random.chance(85) { pairs.append(("screens", .object(screenPairs))) }
        if let pending, random.chance(40) {
            pairs.append(("navigation", pending))
        } else if random.chance(50) {
            pairs.append(
                (
                    "navigation",
                    directive(&random, id: random.chance(50) ? "n\(random.below(5))" : nil, optimistic: false)
                ))
        }
        if random.chance(60) {
            var result: [(key: String, value: JSONValue)] = [
                ("type", .string(random.pick(["SUCCESS", "ERROR", "FORM_ERROR", "TOAST", "CONFETTI"])))
            ]
            if random.chance(50) { result.append(("severity", .string(random.pick(["ERROR", "WARN", "SUCCESS"])))) }
            if random.chance(60) { result.append(("actionMetrics", metrics(&random, "act-"))) }
            pairs.append(("actionResult", .object(result)))
        }
        if random.chance(60) {
            var patch: [(key: String, value: JSONValue)] = []
            for key in ["a", "b", "user"] where random.chance(40) {
                let value: JSONValue = random.pick([
                    .number(Double(random.below(3))), .null, .string("s"),
                    .object([("id", .number(Double(random.below(3))))]), .object([("tier", .string("gold"))]),
                ])
                patch.append((key, value))
            }
            pairs.append(("meta", .object(patch)))
        }
        if random.chance(10) { pairs.append(("debug", .object([("trace", .string("t"))]))) }
        if random.chance(5) {
            // Top-level fields of the wrong kind: a lenient client reads them as absent.
            let key = random.pick(["screens", "navigation", "actionResult", "meta", "currentScreen"])
            pairs.removeAll { $0.key == key }
            pairs.append((key, random.pick([.array([]), .string("x"), .number(3), .null])))
        }
        return .respond(RUFSession(json: .object(pairs)))
    }

    static func randomAction(_ random: inout Random, counter: Int, top: String?) -> ClientInput {
        var action = RUFAction(
            screen: random.chance(70) ? top ?? "HOME" : random.pick(screens), type: random.pick(["tap", "submit"]),
            payload: .object([("n", .number(Double(counter)))]))
        if random.chance(35) {
            action.optimisticNavigation = NavigationDirective(
                json: directive(&random, id: random.chance(90) ? "o\(counter)" : nil, optimistic: true))
        }
        if random.chance(35) {
            action.optimisticUpdate = OptimisticUpdate(
                screen: random.pick(screens), rel: random.pick(["list", "header", "toggle"]),
                component: component(&random, strategies: false))
        }
        return .dispatch(action)
    }

    /// A sequence that starts with a create, then actions and responses that answer the request in flight, each
    /// chosen from the reference client's state so far.
    static func randomSequence(
        _ random: inout Random, length: Int, stack: ScreenStack = home, profile: NavigationProfile = .owned,
        queueing: ReferenceClient.Queueing
    ) throws -> [ClientInput] {
        var reference = try ReferenceClient(stack: stack, profile: profile, queueing: queueing)
        let top = reference.activeScreen
        var inputs: [ClientInput] = [random.chance(85) ? create() : randomAction(&random, counter: 0, top: top)]
        var optimistic: [String: JSONValue] = [:]
        _ = reference.apply(inputs[0])
        while inputs.count < length {
            let input: ClientInput
            if reference.state.inFlight != nil && random.chance(60) {
                let pending = reference.state.navigation.pendingID.flatMap { optimistic[$0] }
                input = randomResponse(&random, pending: pending)
            } else if random.chance(8) {
                input = create(random.pick(screens))
            } else {
                input = randomAction(&random, counter: inputs.count, top: reference.activeScreen)
                if case .dispatch(let action) = input, let directive = action.optimisticNavigation,
                    let id = directive.id
                {
                    optimistic[id] = directive.json
                }
            }
            inputs.append(input)
            _ = reference.apply(input)
        }
        return inputs
    }

    @Test(arguments: ReferenceClient.Queueing.allCases)
    func sampleAgreesWithTheReferenceOnRandomSequences(queueing: ReferenceClient.Queueing) throws {
        var random = Random(state: queueing == .fifo ? 1 : 2)
        for run in 0..<1500 {
            let (stack, profile) = Self.starts[run % Self.starts.count]
            let inputs = try Self.randomSequence(
                &random, length: 1 + random.below(14), stack: stack, profile: profile, queueing: queueing)
            let expected = try Self.reference(inputs, stack: stack, profile: profile, queueing: queueing)
            let actual = try Self.sample(inputs, stack: stack, profile: profile, queueing: queueing)
            guard let at = expected.indices.first(where: { expected[$0] != actual[$0] }) else { continue }
            Issue.record(
                """
                run \(run) from \(stack) (\(profile)), input \(at + 1) of \(inputs.count): \
                \(JSONWriter.write(inputs[at].json))
                inputs: \(inputs.map { JSONWriter.write($0.json) }.joined(separator: "\n"))
                reference: \(JSONWriter.write(expected[at]))
                sample:    \(JSONWriter.write(actual[at]))
                """)
            return
        }
    }

    // MARK: Mutants

    /// The part of an observation a rule is about.
    enum Part {
        case cache, meta, requestMeta, requestIDs, requests, stack, events, metrics, actionResults, currentScreen

        func of(_ observation: JSONValue) -> JSONValue {
            let events = observation["events"]?.arrayValue ?? []
            let state = observation["state"] ?? .null
            func only(_ kind: String) -> JSONValue { .array(events.filter { $0["event"]?.stringValue == kind }) }
            switch self {
            case .cache: return state["cache"] ?? .null
            case .meta: return state["meta"] ?? .null
            case .requestMeta:
                return .array(events.filter { $0["event"]?.stringValue == "request" }.map { $0["meta"] ?? .null })
            case .requestIDs:
                return .array(events.filter { $0["event"]?.stringValue == "request" }.map { $0["id"] ?? .null })
            case .requests:
                return .array([
                    only("request"), state["inFlight"] ?? .null, state["queued"] ?? .null,
                ])
            case .stack: return .array([state["stack"] ?? .null, state["pending"] ?? .null])
            case .events: return .array(events)
            case .metrics: return only("metric")
            case .actionResults: return only("actionResult")
            case .currentScreen: return state["currentScreen"] ?? .null
            }
        }
    }

    static let push = #"{"mode": "PUSH", "screen": "DETAIL", "flow": {"name": "MAIN", "behavior": "KEEP"}}"#

    /// Each mutant's smallest counterexample from a reset to `HOME`, and the part of the observation it shows in.
    static func counterexample(_ bug: ClientBug) -> (inputs: [ClientInput], part: Part) {
        let list = (screen: "HOME", rel: "list", component: #"{"payload": {"items": [{"id": 1, "v": "a"}]}}"#)
        func listResponse(_ strategy: String, _ items: String) -> ClientInput {
            let list = #"{"mergeStrategy": "\#(strategy)", "payload": {"items": \#(items)}}"#
            return response(
                #"{"screens": {"HOME": {"components": {"list": \#(list)}}}}"#
            )
        }
        switch bug {
        case .appendReplaces:
            return ([action(update: list), listResponse("APPEND", #"[{"id": 2}]"#)], .cache)
        case .matchByPosition:
            let two = (screen: "HOME", rel: "list", component: #"{"payload": {"items": [{"id": 1}, {"id": 2}]}}"#)
            return ([action(update: two), listResponse("MATCH", #"[{"id": 2, "v": "b"}]"#)], .cache)
        case .matchDropsUnmatched:
            return ([action(update: list), listResponse("MATCH", #"[{"id": 2}]"#)], .cache)
        case .matchAppendsMatched:
            return ([action(update: list), listResponse("MATCH", #"[{"id": 1, "v": "b"}]"#)], .cache)
        case .matchDropsItemsWithoutID:
            return ([action(update: list), listResponse("MATCH", #"[{"v": "new"}]"#)], .cache)
        case .matchIDsAsText:
            return ([action(update: list), listResponse("MATCH", #"[{"id": "1", "v": "b"}]"#)], .cache)
        case .mergeNullPayloadClears:
            let append = #"{"mergeStrategy": "APPEND", "payload": null}"#
            return (
                [
                    action(update: list),
                    response(#"{"screens": {"HOME": {"components": {"list": \#(append)}}}}"#),
                ], .cache
            )
        case .replaceKeepsFields:
            let old = (screen: "HOME", rel: "card", component: #"{"payload": {"x": 1}}"#)
            return (
                [
                    action(update: old),
                    response(#"{"screens": {"HOME": {"components": {"card": {"payload": {"y": 2}}}}}}"#),
                ],
                .cache
            )
        case .metaDeepMerged:
            return (
                [
                    action(), response(#"{"meta": {"user": {"id": 1}}}"#), action(),
                    response(#"{"meta": {"user": {"tier": "gold"}}}"#),
                ], .meta
            )
        case .metaReplacedByPatch:
            return ([action(), response(#"{"meta": {"a": 1}}"#), action(), response(#"{"meta": {"b": 2}}"#)], .meta)
        case .metaNullDeletesKey:
            return ([action(), response(#"{"meta": {"a": null}}"#)], .meta)
        case .metaStampedByClient:
            return ([action()], .meta)
        case .partialClearsCache:
            let banner = (screen: "HOME", rel: "banner", component: #"{"behavior": "VISIBLE"}"#)
            return ([action(update: banner), response(#"{"screens": {}}"#)], .cache)
        case .absentComponentRemoved:
            let banner = (screen: "HOME", rel: "banner", component: #"{"behavior": "VISIBLE"}"#)
            return (
                [
                    action(update: banner),
                    response(#"{"screens": {"HOME": {"components": {"list": {"payload": {}}}}}}"#),
                ],
                .cache
            )
        case .cacheKeyedByRel:
            return (
                [
                    action(),
                    response(
                        #"{"screens": {"HOME": {"components": {"header": {"payload": {"t": "home"}}}}, "#
                            + #""DETAIL": {"components": {"header": {"payload": {"t": "detail"}}}}}}"#),
                ], .cache
            )
        case .navigationMetricsOnLoad:
            return (
                [action(), response(#"{"screens": {"HOME": {"navigationMetrics": [{"name": "nav"}]}}}"#)], .metrics
            )
        case .navigationMetricsTwice:
            return (
                [
                    action(),
                    response(
                        #"{"navigation": \#(push), "screens": {"DETAIL": {"navigationMetrics": [{"name": "nav"}]}}}"#),
                ], .metrics
            )
        case .metricsReversed:
            return (
                [action(), response(#"{"screens": {"HOME": {"metrics": [{"name": "m1"}, {"name": "m2"}]}}}"#)], .metrics
            )
        case .actionMetricsAfterRejection:
            return (
                [action(), response(#"{"actionResult": {"type": "ERROR", "actionMetrics": [{"name": "a"}]}}"#)],
                .metrics
            )
        case .screenMetricsOnlyActive:
            return ([action(), response(#"{"screens": {"OTHER": {"metrics": [{"name": "load"}]}}}"#)], .metrics)
        case .requestCarriesPatch:
            return (
                [action(), response(#"{"meta": {"a": 1}}"#), action(), response(#"{"meta": {"b": 2}}"#), action()],
                .requestMeta
            )
        case .queuedRequestStaleMeta:
            return ([action(), action("second"), response(#"{"meta": {"a": 1}}"#)], .requestMeta)
        case .requestIDReused:
            return ([action(), response("{}"), action()], .requestIDs)
        case .twoInFlight:
            return ([action(), action("second")], .requests)
        case .queueNewestFirst:
            return ([action(), action("second"), action("third"), response("{}")], .requests)
        case .queuedOptimisticAtDispatch:
            let toggle = (screen: "HOME", rel: "toggle", component: #"{"payload": {"on": true}}"#)
            return ([action(), action("second", update: toggle)], .cache)
        case .optimisticUpdateNeverRolledBack:
            let toggle = (screen: "HOME", rel: "toggle", component: #"{"payload": {"on": true}}"#)
            return ([action(update: toggle), response(#"{"actionResult": {"type": "ERROR"}}"#)], .cache)
        case .wholeCacheRolledBack:
            let toggle = (screen: "HOME", rel: "toggle", component: #"{"payload": {"on": true}}"#)
            return (
                [
                    action(update: toggle),
                    response(
                        #"{"actionResult": {"type": "ERROR"}, "#
                            + #""screens": {"HOME": {"components": {"toggle": {"payload": {"on": false}}}}}}"#),
                ], .cache
            )
        case .unknownBehaviorDropped:
            return (
                [action(), response(#"{"screens": {"HOME": {"components": {"fx": {"behavior": "SPARKLE"}}}}}"#)], .cache
            )
        case .unknownStrategyFails:
            return (
                [action(), response(#"{"screens": {"HOME": {"components": {"fx": {"mergeStrategy": "UPSERT"}}}}}"#)],
                .cache
            )
        case .optimisticPopApplied:
            return (
                [
                    action(),
                    response(
                        #"{"navigation": \#(push)}"#),
                    action("back", on: "DETAIL", navigation: #"{"mode": "POP", "id": "p1"}"#),
                ], .stack
            )
        case .failedNoRollback:
            let optimistic =
                #"{"mode": "PUSH", "id": "o1", "screen": "DETAIL", "flow": {"name": "MAIN", "behavior": "KEEP"}}"#
            return ([action(navigation: optimistic), response(#"{"navigation": {"mode": "FAILED"}}"#)], .stack)
        case .unknownActionResultHidden:
            return ([action(), response(#"{"actionResult": {"type": "CONFETTI"}}"#)], .actionResults)
        case .actionResultBeforeNavigation:
            return (
                [
                    action(),
                    response(
                        #"{"navigation": \#(push), "actionResult": {"type": "SUCCESS"}}"#),
                ], .events
            )
        case .currentScreenIgnored:
            return ([action(), response(#"{"currentScreen": "HOME"}"#)], .currentScreen)
        }
    }

    @Test(arguments: ClientBug.allCases)
    func mutantIsCaughtAtItsMinimalSize(bug: ClientBug) throws {
        let (inputs, part) = Self.counterexample(bug)
        #expect(inputs.count == bug.minimalInputs, "\(bug.rawValue): the counterexample is not its declared size")
        let expected = try Self.reference(inputs)
        #expect(try Self.sample(inputs) == expected, "\(bug.rawValue): the sample disagrees with the reference")
        let mutant = try Self.sample(inputs, bug: bug)
        #expect(
            expected.map(part.of) != mutant.map(part.of),
            "\(bug.rawValue): no difference in \(part) on its counterexample")
        #expect(ClientRules.named(bug.rule) != nil, "\(bug.rawValue): \(bug.rule) is not a RUF- rule")
    }

    /// Random sequences find every mutant, and never with a prefix shorter than the mutant's declared minimum.
    @Test func randomSequencesFindEveryMutantNoShorterThanItsMinimum() throws {
        var random = Random(state: 3)
        var sequences: [[ClientInput]] = []
        for _ in 0..<1500 {
            sequences.append(try Self.randomSequence(&random, length: 1 + random.below(14), queueing: .fifo))
        }
        let references = try sequences.map { try Self.reference($0) }
        for bug in ClientBug.allCases {
            var shortest: Int?
            for (inputs, expected) in zip(sequences, references) {
                let mutant = try Self.sample(inputs, bug: bug)
                guard let at = expected.indices.first(where: { expected[$0] != mutant[$0] }) else { continue }
                shortest = min(shortest ?? .max, at + 1)
            }
            guard let shortest else {
                Issue.record("\(bug.rawValue): no random sequence found it")
                continue
            }
            #expect(shortest >= bug.minimalInputs, "\(bug.rawValue): found with \(shortest) inputs")
        }
    }

    // MARK: The built-in names

    @Test func clientMutantsAreBuiltInNames() throws {
        #expect(BuiltinImplementations.clientMutantNames.count == ClientBug.allCases.count)
        #expect(ClientBug.allCases.count >= 20)
        for name in BuiltinImplementations.clientMutantNames {
            let implementation = try #require(BuiltinImplementations.named(name) as? SampleNavigator)
            #expect(implementation.clientBugs.map { "builtin:mutant:\($0.rawValue)" } == [name])
            #expect(implementation.makeWorker().clientBugs == implementation.clientBugs)
            #expect(implementation.info.name.contains("client-"))
        }
    }

    @Test func theSampleRunsAsAClientImplementation() throws {
        let sample = try #require(BuiltinImplementations.named("builtin:sample") as? SampleNavigator)
        #expect(sample.capabilities.suites.contains(.client))
        let inputs = Self.counterexample(.requestCarriesPatch).inputs
        let observations = try sample.run(initial: Self.home, profile: .owned, inputs: inputs)
        #expect(Self.normalized(observations) == (try Self.reference(inputs)))
        let ids = observations.flatMap(\.events).compactMap { event -> String? in
            if case .request(let request) = event { return request.id }
            return nil
        }
        #expect(Set(ids).count == 3 && ids.allSatisfy { $0.count == 36 && !$0.hasPrefix("#") })
    }
}
