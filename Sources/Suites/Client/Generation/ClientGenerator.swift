import FlowCheckCore
import FlowCheckNavigationSuite
import JSON
import NavigationModel
import PropertyTesting
import RUFClientModel
import RUFSpec

/// Generates client runs: a session create, then user actions and the server's responses to them, shaped by the
/// app (the spec's, or the built-in one) and by what the implementation declares.
///
/// The reference client runs alongside, so that every response answers the request in flight, an optimistic
/// navigation is answered by a matching directive or FAILED, and components collide with what is cached.
struct ClientGenerator {
    let app: ClientApp
    let capabilities: Capabilities
    /// The navigation section of ``capabilities``, read once: it is consulted at every step.
    let declared: NavigationCapabilities
    let maxSteps: Int

    init(app: ClientApp, capabilities: Capabilities, maxSteps: Int) {
        self.app = app
        self.capabilities = capabilities
        declared = capabilities.navigation
        self.maxSteps = maxSteps
    }

    /// The generator of values of each shape the app declares, made once: making one is a tree of closures, which
    /// cost more than drawing a value from it, and a run draws a value for every component it sends.
    var valueGenerators: [SpecType: Gen<JSONValue>] = [:]

    var generator: Gen<ClientCase> {
        var copy = self
        var types: [SpecType] = []
        for screen in app.screens {
            for component in screen.components {
                for behavior in component.behaviors { types += [behavior.locale, behavior.payload].compactMap { $0 } }
            }
            types += screen.actions.compactMap(\.payload)
            types += (screen.navigationMetrics + screen.screenMetrics).compactMap(\.payload)
        }
        // The meta patch draws each field of the meta's shape on its own.
        if case .object(let fields) = app.meta { types += fields.map(\.type) }
        for type in types where copy.valueGenerators[type] == nil {
            copy.valueGenerators[type] = type.values(types: app.types)
        }
        let generator = copy
        return Gen { source throws(ChoiceSource.Stop) in try generator.generate(source) }
    }

    /// Unknown names the client must take leniently.
    static let unknownBehavior = "SPARKLE"
    static let unknownStrategy = "DEEP_MERGE"
    static let unknownResult = "CONFETTI"

    private func generate(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> ClientCase {
        let nestings = NavigationProfile.Nesting.allCases.filter(declared.nesting.contains)
        let nesting = nestings.isEmpty ? .owned : nestings[Int(try source.draw(upTo: UInt64(nestings.count - 1)))]
        let profile = NavigationProfile(nesting: nesting, flows: declared.flows)
        let root = app.screens[0]
        let initial: ScreenStack = [
            StackEntry(
                screen: root.name, flow: declared.flows ? (root.flows.first ?? "MAIN") : nil,
                flowRoot: declared.flows,
                presentation: .root)
        ]
        guard
            var client = try? ReferenceClient(
                stack: initial, profile: profile, queueing: capabilities.client.actionQueue)
        else { throw .invalid }
        var state = GenerationState()
        var inputs: [ClientInput] = [.create(screen: root.name, params: .object([]))]
        let created = client
        var reference = [ClientCase.ReferenceStep(before: created, observation: client.apply(inputs[0]))]
        var specLabels: Set<String> = []
        let average = max(Double(max(maxSteps, 1)) * source.size, 1) / 2
        let more = average / (average + 1)
        var responseLabels: [String] = []
        while true {
            source.startSpan("input")
            let input: ClientInput?
            do throws(ChoiceSource.Stop) {
                if try source.drawBool(probability: inputs.count < maxSteps ? more : 0), inputs.count < maxSteps {
                    input = try next(source, client: client, state: &state)
                } else {
                    input = nil
                }
            } catch {
                source.endSpan()
                throw error
            }
            source.endSpan()
            guard let input else { break }
            specLabels.formUnion(state.specLabels)
            state.specLabels = []
            let before = client
            reference.append(ClientCase.ReferenceStep(before: before, observation: client.apply(input)))
            if case .respond(let response) = input {
                responseLabels.append(Self.label(response))
            }
            inputs.append(input)
        }
        // Route parameters now and then (an app opened from a link), which the create request must carry: drawn last,
        // so that they move no other choice, and changing only the create's own request.
        if try source.drawBool(probability: 0.3) {
            let entry = try source.drawBool() ? "deeplink" : "push"
            inputs[0] = .create(screen: root.name, params: .object([("entry", .string(entry))]))
            var fresh = created
            reference[0] = ClientCase.ReferenceStep(before: created, observation: fresh.apply(inputs[0]))
        }
        return ClientCase(
            profile: profile, initial: initial, queueing: capabilities.client.actionQueue, inputs: inputs,
            responseLabels: responseLabels, specLabels: specLabels.sorted(), reference: reference)
    }

    /// Directive ids drawn so far, so that each optimistic navigation has its own.
    private struct GenerationState {
        var directives = 0
        /// Spec coverage labels of the input being drawn.
        var specLabels: [String] = []
    }

    private func next(
        _ source: ChoiceSource, client: ReferenceClient, state: inout GenerationState
    ) throws(ChoiceSource.Stop) -> ClientInput {
        // A response when a request is in flight (mostly); otherwise, or sometimes meanwhile, a user action. The
        // flag is drawn either way, so that deleting an earlier input while shrinking keeps the choices aligned.
        let answer = try source.drawBool(probability: 0.8)
        if client.state.inFlight != nil, answer {
            return .respond(try response(source, client: client, state: &state))
        }
        return .dispatch(try action(source, client: client, state: &state))
    }

    // MARK: Actions

    private func action(
        _ source: ChoiceSource, client: ReferenceClient, state: inout GenerationState
    ) throws(ChoiceSource.Stop) -> RUFAction {
        let screenName = client.activeScreen ?? app.screens[0].name
        let screen = app.screen(screenName) ?? app.screens[0]
        var action = RUFAction(screen: screen.name, type: "REFRESH")
        if !screen.actions.isEmpty {
            let chosen = try pick(source, screen.actions)
            action.type = chosen.type
            action.payload = try value(source, chosen.payload) ?? .object([])
        }
        let optimisticModes = NavigationMode.optimistic.filter(declared.modes.contains)
        if !optimisticModes.isEmpty, try source.drawBool(probability: 0.3) {
            state.directives += 1
            if declared.modes.contains(.pop), try source.drawBool(probability: 0.15) {
                action.optimisticNavigation = NavigationDirective(id: "n\(state.directives)", mode: .pop)
            } else {
                action.optimisticNavigation = try directive(
                    source, mode: try pick(source, optimisticModes), id: "n\(state.directives)", from: screen,
                    labels: &state.specLabels)
            }
        }
        if capabilities.client.optimisticComponents, !screen.components.isEmpty, try source.drawBool(probability: 0.3) {
            let component = try pick(source, screen.components)
            action.optimisticUpdate = OptimisticUpdate(
                screen: screen.name, rel: component.rel,
                component: try self.component(source, component, strategy: false))
        }
        return action
    }

    // MARK: Responses

    private func response(
        _ source: ChoiceSource, client: ReferenceClient, state: inout GenerationState
    ) throws(ChoiceSource.Stop) -> RUFSession {
        var pairs: [(key: String, value: JSONValue)] = []
        // The navigation first: which screen becomes active decides which screen's content the server sends.
        var navigation: NavigationDirective?
        if let pending = client.state.navigation.pendingID, try source.drawBool(probability: 0.8) {
            if declared.modes.contains(.failed), try source.drawBool(probability: 0.35) {
                navigation = NavigationDirective(id: pending, mode: .failed)
            } else if let optimistic = lastOptimistic(client: client, id: pending) {
                navigation = optimistic
            }
        } else if try source.drawBool(probability: 0.45) {
            navigation = try serverDirective(source, client: client, state: &state)
        }
        if let navigation { pairs.append(("navigation", navigation.json)) }
        let target =
            navigation.flatMap { $0.mode == .failed || $0.mode == .pop ? nil : $0.screen } ?? client.activeScreen
        // Meta patch.
        if try source.drawBool(probability: 0.5) {
            pairs.append(("meta", try metaPatch(source)))
        }
        // Screens: mostly the screen becoming active, sometimes others (even ones not on the stack), sometimes none.
        var screens: [(key: String, value: JSONValue)] = []
        let count = Int(try source.draw(upTo: 2))
        for index in 0..<count {
            let name: String
            // Screens whose lists merge, those with a list already cached first: a merge needs something to merge into.
            let listScreens =
                app.screens.filter { screen in
                    screen.components.contains { component in
                        component.behaviors.contains { $0.strategy != nil }
                            && client.state.cache[screen.name]?[component.rel] != nil
                    }
                }.nonEmpty
                ?? app.screens.filter { $0.components.contains { $0.behaviors.contains { $0.strategy != nil } } }
            if index == 0, let target, try source.drawBool(probability: 0.7) {
                name = target
            } else if !listScreens.isEmpty, try source.drawBool(probability: 0.4) {
                name = try pick(source, listScreens).name
            } else {
                name = try pick(source, app.screens).name
            }
            guard !screens.contains(where: { $0.key == name }), let screen = app.screen(name) else { continue }
            let update = try screenUpdate(source, screen, cached: client.state.cache[name], labels: &state.specLabels)
            screens.append((name, update))
        }
        let empty = try source.drawBool(probability: 0.15)
        if !screens.isEmpty || empty { pairs.append(("screens", .object(screens))) }
        if try source.drawBool(probability: 0.6) {
            pairs.append(("actionResult", try actionResult(source, client: client)))
        }
        if let target, try source.drawBool(probability: 0.7) { pairs.append(("currentScreen", .string(target))) }
        if try source.drawBool(probability: 0.08) {
            pairs.append(("debug", .object([("trace", .string("t-\(state.directives)"))])))
            pairs.append(("experimentalFlag", .bool(true)))
        }
        return RUFSession(json: .object(pairs))
    }

    /// The optimistic directive the pending id belongs to, as the server would confirm it.
    private func lastOptimistic(client: ReferenceClient, id: String) -> NavigationDirective? {
        client.pendingDirective.flatMap { $0.id == id ? $0 : nil }
    }

    private func serverDirective(
        _ source: ChoiceSource, client: ReferenceClient, state: inout GenerationState
    ) throws(ChoiceSource.Stop) -> NavigationDirective {
        state.directives += 1
        let id = "n\(state.directives)"
        let modes = declared.modes.filter { [.push, .replace, .reset, .pop, .failed].contains($0) }
        guard !modes.isEmpty else { return NavigationDirective(id: id, mode: .failed) }
        let mode = try pick(source, modes)
        if mode == .pop || mode == .failed { return NavigationDirective(id: id, mode: mode) }
        let screen = app.screen(client.activeScreen ?? "") ?? app.screens[0]
        var directive = try self.directive(source, mode: mode, id: id, from: screen, labels: &state.specLabels)
        if try source.drawBool(probability: 0.1) { directive.unknownFields["transition"] = .string("WOBBLE") }
        return directive
    }

    /// A directive to one of the screen's destinations (or any screen), in a declared flow and behavior.
    private func directive(
        _ source: ChoiceSource, mode: NavigationMode, id: String, from screen: ClientApp.Screen, labels: inout [String]
    ) throws(ChoiceSource.Stop) -> NavigationDirective {
        var chosenLabel: String?
        defer { if let chosenLabel { labels.append(chosenLabel) } }
        let destinations = screen.actions.flatMap(\.destinations)
        var target = try pick(source, app.screens).name
        var flow = app.screen(target)?.flows.first ?? "MAIN"
        var behavior = declared.behaviors.first ?? .keep
        if !destinations.isEmpty, try source.drawBool(probability: 0.7) {
            let destination = try pick(source, destinations)
            if let label = destination.label { chosenLabel = label }
            target = destination.screen
            flow = destination.flow
            behavior = FlowBehavior(rawValue: destination.behavior)
        } else if !declared.behaviors.isEmpty {
            behavior = try pick(source, declared.behaviors)
        }
        if !declared.behaviors.contains(behavior) {
            behavior = declared.behaviors.first ?? .keep
            chosenLabel = nil
        }
        guard declared.flows else { return NavigationDirective(id: id, mode: mode, screen: target) }
        return NavigationDirective(
            id: id, mode: mode, screen: target, flow: NavigationDirective.Flow(name: flow, behavior: behavior))
    }

    private func screenUpdate(
        _ source: ChoiceSource, _ screen: ClientApp.Screen, cached: [String: ClientComponent]?, labels: inout [String]
    ) throws(ChoiceSource.Stop) -> JSONValue {
        if app.fromSpec { labels.append("spec screen \(screen.name)") }
        var components: [(key: String, value: JSONValue)] = []
        let count = screen.components.isEmpty ? 0 : Int(try source.draw(upTo: 3))
        let lists = screen.components.filter { $0.behaviors.contains { $0.strategy != nil } }
        for _ in 0..<count {
            // Components that declare a merge strategy come first: merging needs something cached to merge into.
            let preferList = try source.drawBool(probability: 0.5)
            let component = !lists.isEmpty && preferList ? try pick(source, lists) : try pick(source, screen.components)
            guard !components.contains(where: { $0.key == component.rel }) else { continue }
            let sent = try self.component(source, component, strategy: true, cached: cached?[component.rel])
            components.append((component.rel, sent))
            if app.fromSpec { labels.append("spec rel \(screen.name).\(component.rel)") }
        }
        var pairs: [(key: String, value: JSONValue)] = [("components", .object(components))]
        if capabilities.client.metrics {
            if !screen.screenMetrics.isEmpty, try source.drawBool(probability: 0.35) {
                pairs.append(("metrics", .array(try metrics(source, screen.screenMetrics))))
            }
            if !screen.navigationMetrics.isEmpty, try source.drawBool(probability: 0.45) {
                pairs.append(("navigationMetrics", .array(try metrics(source, screen.navigationMetrics))))
            }
        }
        if try source.drawBool(probability: 0.05) { pairs.append(("layoutHint", .string("compact"))) }
        return .object(pairs)
    }

    /// A component as a response carries it: a behavior (rarely one the client cannot know), its locale and
    /// payload, and the merge strategy (as declared, or none, or rarely an unknown one).
    private func component(
        _ source: ChoiceSource, _ component: ClientApp.Component, strategy: Bool, cached: ClientComponent? = nil
    ) throws(ChoiceSource.Stop) -> JSONValue {
        guard !component.behaviors.isEmpty else { return .object([("behavior", .string("VISIBLE"))]) }
        // A behavior that merges its list comes back often: a merge needs the list cached by the one before.
        let merging = component.behaviors.filter { $0.strategy != nil }
        let preferMerging = try source.drawBool(probability: strategy && !merging.isEmpty ? 0.6 : 0)
        let behavior =
            preferMerging && !merging.isEmpty ? try pick(source, merging) : try pick(source, component.behaviors)
        var pairs: [(key: String, value: JSONValue)] = [
            ("behavior", .string(try source.drawBool(probability: 0.04) ? Self.unknownBehavior : behavior.name))
        ]
        if let locale = try value(source, behavior.locale) { pairs.append(("locale", locale)) }
        var payload = try value(source, behavior.payload)
        // A list merge now and then without a payload or with null (the cached one stays), or with item ids of other
        // JSON types, so that `1` meets `"1"` and `null`. Only in the built-in app: a spec types its ids.
        if strategy, behavior.strategy != nil, !app.fromSpec {
            switch try source.draw(upTo: 19) {
            case 19: payload = nil
            case 18: payload = .null
            case 10...17:
                payload = try payload.map { value throws(ChoiceSource.Stop) in
                    try retypingIDs(source, value, cached: cached)
                }
            default: break
            }
        }
        if let payload { pairs.append(("payload", payload)) }
        if strategy {
            let declared = behavior.strategy.flatMap { capabilities.client.mergeStrategies.contains($0) ? $0 : nil }
            // The simplest choice, 0, is the strategy the component declares; an unknown one is the last.
            switch try source.draw(upTo: 9) {
            case 9: pairs.append(("mergeStrategy", .object([("type", .string(Self.unknownStrategy))])))
            case 8: if let declared { pairs.append(("mergeStrategy", .string(declared))) }
            case 6, 7: break
            default: if let declared { pairs.append(("mergeStrategy", .object([("type", .string(declared))]))) }
            }
        }
        if try source.drawBool(probability: 0.04) { pairs.append(("analyticsId", .string("x"))) }
        return .object(pairs)
    }

    /// Item ids of the payload's lists given other JSON types: a number, the same number as a string, `null`, a
    /// boolean, and often the twin of an id the cached list holds (`"1"` for a cached `1`), which must not match it.
    private func retypingIDs(
        _ source: ChoiceSource, _ payload: JSONValue, cached: ClientComponent?
    ) throws(ChoiceSource.Stop) -> JSONValue {
        guard case .object(var fields) = payload else { return payload }
        for index in fields.indices {
            guard case .array(var items) = fields[index].value else { continue }
            let cachedIDs = cached?.payload[fields[index].key]?.arrayValue?.compactMap { $0["id"] } ?? []
            let twins = cachedIDs.compactMap(Self.twin)
            for item in items.indices {
                guard case .object(var itemFields) = items[item], try source.drawBool(probability: 0.6) else {
                    continue
                }
                // Drawn either way, and checked: a replayed choice may say yes where no twin is left.
                let twin = try source.drawBool(probability: twins.isEmpty ? 0 : 0.9) && !twins.isEmpty
                let id = try pick(source, twin ? twins : [JSONValue.number(1), .string("1"), .null, .bool(true)])
                itemFields.removeAll { $0.key == "id" }
                itemFields.insert(("id", id), at: 0)
                items[item] = .object(itemFields)
            }
            fields[index].value = .array(items)
        }
        return .object(fields)
    }

    /// An id of another JSON type that reads the same (`1` and `"1"`), or `null` for `null`.
    static func twin(_ id: JSONValue) -> JSONValue? {
        switch id {
        case .number(let number): return .string(JSONWriter.write(.number(number)))
        case .string(let text): return (try? JSONParser.parse(text)).flatMap { $0.numberValue.map(JSONValue.number) }
        case .null: return .null
        default: return nil
        }
    }

    private func metrics(_ source: ChoiceSource, _ defined: [ClientApp.Metric]) throws(ChoiceSource.Stop) -> [JSONValue]
    {
        let count = 1 + Int(try source.draw(upTo: 2))
        var result: [JSONValue] = []
        for index in 0..<count {
            let metric = try pick(source, defined)
            result.append(
                .object([
                    ("rel", .string(metric.rel)), ("type", .string(metric.type)), ("name", .string(metric.name)),
                    ("payload", try value(source, metric.payload) ?? .object([("n", .number(Double(index)))])),
                ]))
        }
        return result
    }

    private func actionResult(_ source: ChoiceSource, client: ReferenceClient) throws(ChoiceSource.Stop) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)]
        switch try source.draw(upTo: 9) {
        case 0, 1, 2, 3: pairs = [("type", .string("SUCCESS")), ("message", .string("done"))]
        case 4, 5:
            pairs = [
                ("type", .string("TOAST")), ("severity", .string(try pick(source, ["SUCCESS", "ERROR", "WARN"]))),
                ("code", .string("E1")), ("message", .string("note")),
            ]
        case 6: pairs = [("type", .string("ERROR")), ("code", .string("E2")), ("message", .string("failed"))]
        case 7:
            pairs = [
                ("type", .string("FORM_ERROR")),
                ("fields", .object([("email", .object([("message", .string("invalid")), ("value", .string(""))]))])),
            ]
        case 8: pairs = [("type", .string(Self.unknownResult))]
        default: pairs = [("type", .string("SUCCESS"))]
        }
        let screen = app.screen(client.activeScreen ?? "") ?? app.screens[0]
        let defined = screen.navigationMetrics + screen.screenMetrics
        if capabilities.client.metrics, !defined.isEmpty, try source.drawBool(probability: 0.5) {
            pairs.append(("actionMetrics", .array(try metrics(source, defined))))
        }
        return .object(pairs)
    }

    /// A patch of one to three top-level meta fields, values drawn from their types.
    private func metaPatch(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> JSONValue {
        guard case .object(let fields) = app.meta, !fields.isEmpty else {
            return .object([("visits", .number(Double(try source.draw(upTo: 9))))])
        }
        var pairs: [(key: String, value: JSONValue)] = []
        let count = 1 + Int(try source.draw(upTo: UInt64(min(2, fields.count - 1))))
        for _ in 0..<count {
            let field = try pick(source, fields)
            guard !pairs.contains(where: { $0.key == field.name }) else { continue }
            // A key set to null now and then: the patch must store it, not delete the key.
            let null = try source.drawBool(probability: 0.1)
            pairs.append((field.name, null ? .null : try draw(source, field.type)))
        }
        return .object(pairs)
    }

    private func value(_ source: ChoiceSource, _ type: SpecType?) throws(ChoiceSource.Stop) -> JSONValue? {
        guard let type else { return nil }
        return try draw(source, type)
    }

    /// A value of `type`, from its generator made once when there is one.
    private func draw(_ source: ChoiceSource, _ type: SpecType) throws(ChoiceSource.Stop) -> JSONValue {
        try (valueGenerators[type] ?? type.values(types: app.types)).run(source)
    }

    private func pick<T>(_ source: ChoiceSource, _ items: [T]) throws(ChoiceSource.Stop) -> T {
        items[Int(try source.draw(upTo: UInt64(items.count - 1)))]
    }

    /// The coverage label of a response: what it carries.
    static func label(_ response: RUFSession) -> String {
        var parts: [String] = []
        if !response.meta.isEmpty { parts.append("meta") }
        if response.screens.contains(where: { !$0.components.isEmpty }) { parts.append("components") }
        if let mode = response.navigation?.mode { parts.append(mode.rawValue) }
        if let type = response.actionResult?["type"]?.stringValue { parts.append(type) }
        return parts.isEmpty ? "empty response" : parts.joined(separator: " + ")
    }
}

extension Array {
    /// The array, or `nil` when it is empty.
    fileprivate var nonEmpty: [Element]? { isEmpty ? nil : self }
}
