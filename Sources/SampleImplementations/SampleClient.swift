import JSON
package import NavigationModel
package import RUFClientModel

/// A RUF client written the way an SDK author would write one, from the Client article alone: a component cache,
/// a meta dictionary, a request queue and the sample navigator for the stack. It shares the kit's data types but
/// none of the reference client's logic, so that when the two agree it means something.
///
/// With a ``ClientBug`` it becomes a mutant that the client suite must catch.
package final class SampleClient {
    /// A request waiting for the one in flight.
    private struct Waiting {
        var action: RUFAction?
        var create: (screen: String, params: JSONValue)?
        /// The meta when the user dispatched it, which one mutant sends.
        var metaAtDispatch: JSONValue
        /// Set when a mutant applied the optimistic update at dispatch: what the cache held before it.
        var appliedEarly: ClientComponent??
    }

    /// The request in flight, and what its answer may have to undo.
    private struct Flight {
        var id: String
        /// The stack when the request was sent, before any optimistic change: a screen becomes active when the
        /// answer leaves the stack otherwise. `nil` for a create: no screen was active before it.
        var stackBefore: ScreenStack?
        /// The optimistic navigation the navigator accepted, to tell a confirmation from a redirect.
        var optimistic: NavigationDirective?
        var updated: (screen: String, rel: String)?
        var before: ClientComponent?
        /// The whole cache before the optimistic update, which one mutant restores.
        var cacheBefore: [String: [String: ClientComponent]] = [:]
    }

    /// The behaviors this SDK has renderers for, the names the protocol's pages use; only mutants look at them (a
    /// conforming client caches a component whatever its behavior).
    static let knownBehaviors: Set<String> = ["VISIBLE", "HIDDEN", "LOADING"]
    static let knownStrategies: Set<String> = ["REPLACE", "APPEND", "MATCH"]
    static let knownResults: Set<String> = ["SUCCESS", "ERROR", "FORM_ERROR", "TOAST"]

    /// The planted bugs: none, one, or several at once.
    package let bugs: Set<ClientBug>
    /// What happens to actions dispatched while one is in flight.
    package let queueing: ReferenceClient.Queueing
    private var navigator: SampleNavigator
    private var navigation = SessionState(stack: [])
    private var cache: [String: [String: ClientComponent]] = [:]
    private var meta: [String: JSONValue] = [:]
    private var lastPatch: [String: JSONValue] = [:]
    private var currentScreen: String?
    private var requestsSent = 0
    private var flight: Flight?
    private var waiting: [Waiting] = []

    /// A client with `bug` planted, its stack kept by a sample navigator with `navigationBugs`.
    package convenience init(
        bug: ClientBug? = nil, queueing: ReferenceClient.Queueing = .fifo, navigationBugs: Set<SampleBug> = []
    ) {
        self.init(bugs: bug.map { [$0] } ?? [], queueing: queueing, navigationBugs: navigationBugs)
    }

    /// A client with `bugs` planted, its stack kept by a sample navigator with `navigationBugs`.
    package init(bugs: Set<ClientBug>, queueing: ReferenceClient.Queueing = .fifo, navigationBugs: Set<SampleBug> = [])
    {
        self.bugs = bugs
        self.queueing = queueing
        // The one navigation bug a client bug is made of lives in the navigator.
        navigator = SampleNavigator(
            bugs: bugs.contains(.optimisticPopApplied) ? navigationBugs.union([.optimisticPopAllowed]) : navigationBugs)
    }

    /// Puts the client on `stack`: nothing cached, an empty meta, nothing in flight or waiting.
    package func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
        try navigator.reset(to: stack, profile: profile)
        navigation = SessionState(stack: stack)
        cache = [:]
        meta = [:]
        lastPatch = [:]
        currentScreen = nil
        requestsSent = 0
        flight = nil
        waiting = []
    }

    /// Applies one input and tells the state after it and the events it caused.
    package func apply(_ input: ClientInput) throws -> ClientObservation {
        var events: [ClientEvent] = []
        switch input {
        case .create(let screen, let params):
            try submit(Waiting(create: (screen, params), metaAtDispatch: metaJSON), events: &events)
        case .dispatch(let action):
            try submit(Waiting(action: action, metaAtDispatch: metaJSON), events: &events)
        case .respond(let response):
            try handle(response, events: &events)
            if !waiting.isEmpty {
                try send(
                    bugs.contains(.queueNewestFirst) ? waiting.removeLast() : waiting.removeFirst(), events: &events)
            }
        }
        var state = ClientState(stack: navigation.stack)
        state.navigation = navigation
        state.cache = cache
        state.meta = metaJSON
        state.currentScreen = currentScreen
        state.inFlight = flight?.id
        state.queued = waiting.count
        return ClientObservation(state: state, events: events)
    }

    private var metaJSON: JSONValue {
        JSONValue.object(meta.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }).canonical
    }

    private var activeScreen: String? { navigation.stack.last?.screen }

    // MARK: Requests

    private func submit(_ request: Waiting, events: inout [ClientEvent]) throws {
        guard flight != nil, !bugs.contains(.twoInFlight) else {
            try send(request, events: &events)
            return
        }
        var request = request
        if bugs.contains(.queuedOptimisticAtDispatch), let update = request.action?.optimisticUpdate {
            request.appliedEarly = .some(component(at: update.screen, update.rel))
            store(Self.component(from: update.component), at: update.screen, update.rel)
        }
        if queueing == .latest { waiting.removeAll() }
        waiting.append(request)
    }

    private func send(_ request: Waiting, events: inout [ClientEvent]) throws {
        let id = nextRequestID(for: request)
        var sent = Flight(id: id, stackBefore: request.create == nil ? navigation.stack : nil)
        if let create = request.create {
            events.append(
                .request(ClientRequest(kind: "create", id: id, screen: create.screen, screenParams: create.params)))
        } else if let action = request.action {
            if bugs.contains(.metaStampedByClient) { meta["screen"] = .string(action.screen) }
            var carried = metaJSON
            if bugs.contains(.requestCarriesPatch) {
                carried = JSONValue.object(lastPatch.map { (key: $0.key, value: $0.value) }).canonical
            }
            if bugs.contains(.queuedRequestStaleMeta) { carried = request.metaAtDispatch }
            let body = JSONValue.object([("payload", action.payload), ("type", .string(action.type))]).canonical
            events.append(
                .request(ClientRequest(kind: "action", id: id, screen: action.screen, action: body, meta: carried)))
            if let directive = action.optimisticNavigation {
                let reply = try navigator.perform(.optimistic(directive))
                navigation = reply.state
                events.append(
                    .navigation(outcome: reply.outcome.isApplied ? "optimistic" : "rejected", id: directive.id))
                if reply.outcome.isApplied { sent.optimistic = directive }
            }
            if let update = action.optimisticUpdate {
                sent.updated = (update.screen, update.rel)
                sent.cacheBefore = cache
                if let early = request.appliedEarly {
                    sent.before = early
                } else {
                    sent.before = component(at: update.screen, update.rel)
                    store(Self.component(from: update.component), at: update.screen, update.rel)
                }
            }
        }
        flight = sent
    }

    /// A fresh id shaped like a UUID (8-4-4-4-12 hex digits), unique per request: the suite must compare ids by
    /// first appearance, never by value.
    private func nextRequestID(for request: Waiting) -> String {
        requestsSent += 1
        if bugs.contains(.requestIDReused) {
            // An idempotency key: the same action from the same screen gets the same id.
            if let action = request.action { return "action:\(action.screen):\(action.type)" }
            return "create:\(request.create?.screen ?? "")"
        }
        // splitmix64's finalizer is a bijection, so distinct counters give distinct ids.
        func mix(_ seed: UInt64) -> UInt64 {
            var z = seed &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let high = mix(UInt64(requestsSent))
        let low = mix(high)
        // The 32 hex digits of high then low, lowercase, with a dash before digits 8, 12, 16 and 20 (a request's
        // cost is mostly its id when the digits are made as strings and joined).
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for position in 0..<32 {
            if [8, 12, 16, 20].contains(position) { text.append(UInt8(ascii: "-")) }
            let word = position < 16 ? high : low
            text.append(digits[Int((word >> UInt64(60 - 4 * (position % 16))) & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    // MARK: Responses

    private func handle(_ response: RUFSession, events: inout [ClientEvent]) throws {
        let answered = flight
        flight = nil
        let rejected = Self.rejects(response)
        mergeMeta(response)
        // A rejected optimistic update goes back before the response's components are merged into the cache.
        if rejected, let answered, let key = answered.updated, !bugs.contains(.wholeCacheRolledBack),
            !bugs.contains(.optimisticUpdateNeverRolledBack)
        {
            store(answered.before, at: key.screen, key.rel)
        }
        let stackBefore = navigation.stack
        _ = updateCache(response)
        // The mutant takes the whole cache back to before the action once the response is merged, losing what it sent.
        if rejected, let answered, answered.updated != nil, bugs.contains(.wholeCacheRolledBack) {
            cache = answered.cacheBefore
        }

        // The navigation runs first so that the metrics know the screen that becomes active; its event is still
        // written after them, in the session page's order.
        var navigationEvent: ClientEvent?
        if let directive = response.navigation {
            let label: String?
            if directive.mode == .failed {
                label = answered?.optimistic == nil ? "failed" : "rolledBack"
            } else if let pending = answered?.optimistic, directive.id == pending.id, Self.same(directive, pending) {
                label = "confirmed"
            } else {
                label = nil
            }
            let forgetsRollback = bugs.contains(.failedNoRollback) && directive.mode == .failed
            let reply = try navigator.perform(.navigate(forgetsRollback ? nil : directive))
            navigation = reply.state
            navigationEvent = .navigation(
                outcome: label ?? (reply.outcome.isApplied ? "applied" : "rejected"), id: directive.id)
        } else {
            navigation = try navigator.perform(.navigate(nil)).state
        }

        let activeAfter = activeScreen
        let changed = answered.map { $0.stackBefore != navigation.stack } ?? (stackBefore != navigation.stack)
        let becameActive = changed ? response.screens.first { $0.name == activeAfter } : nil
        if !bugs.contains(.navigationMetricsOnLoad), let screen = becameActive {
            fire(screen.navigationMetrics, .navigation, screen.name, &events)
        }
        for screen in response.screens {
            if bugs.contains(.navigationMetricsOnLoad) {
                fire(screen.navigationMetrics, .navigation, screen.name, &events)
            }
            if bugs.contains(.screenMetricsOnlyActive) && screen.name != activeAfter { continue }
            fire(screen.metrics, .screen, screen.name, &events)
        }
        if !rejected || bugs.contains(.actionMetricsAfterRejection) {
            fire(response.actionResult?["actionMetrics"]?.arrayValue ?? [], .action, nil, &events)
        }

        var result: ClientEvent?
        if let shown = response.actionResult {
            let type = shown["type"]?.stringValue ?? ""
            if !bugs.contains(.unknownActionResultHidden) || Self.knownResults.contains(type) {
                result = .actionResult(shown.canonical)
            }
        }
        if bugs.contains(.actionResultBeforeNavigation), let shown = result {
            events.append(shown)
            result = nil
        }
        if let navigationEvent { events.append(navigationEvent) }
        if bugs.contains(.navigationMetricsTwice), let screen = becameActive {
            fire(screen.navigationMetrics, .navigation, screen.name, &events)
        }
        if let result { events.append(result) }
        if let screen = response.currentScreen, !bugs.contains(.currentScreenIgnored) { currentScreen = screen }
    }

    private func fire(_ metrics: [JSONValue], _ point: RUFMetric, _ screen: String?, _ events: inout [ClientEvent]) {
        for metric in bugs.contains(.metricsReversed) ? metrics.reversed() : metrics {
            events.append(.metric(point: point, screen: screen, metric: metric))
        }
    }

    /// Whether the server turned the action down: FAILED, ERROR, FORM_ERROR, or a TOAST of severity ERROR.
    private static func rejects(_ response: RUFSession) -> Bool {
        if response.navigation?.mode == .failed { return true }
        guard let result = response.actionResult else { return false }
        switch result["type"]?.stringValue {
        case "ERROR", "FORM_ERROR": return true
        case "TOAST": return result["severity"]?.stringValue == "ERROR"
        default: return false
        }
    }

    private static func same(_ a: NavigationDirective, _ b: NavigationDirective) -> Bool {
        a.mode == b.mode && a.screen == b.screen && a.flow?.name == b.flow?.name
            && a.flow?.behavior == b.flow?.behavior && (a.flow == nil) == (b.flow == nil)
    }

    // MARK: Meta

    private func mergeMeta(_ response: RUFSession) {
        guard let patch = response.json["meta"]?.objectPairs else { return }
        var received: [String: JSONValue] = [:]
        for (key, value) in patch { received[key] = value }
        if bugs.contains(.metaReplacedByPatch) {
            meta = received
        } else if bugs.contains(.metaDeepMerged) {
            meta = Self.deepMerged(meta, received)
        } else {
            for (key, value) in patch {
                if bugs.contains(.metaNullDeletesKey) && value == .null {
                    meta[key] = nil
                } else {
                    meta[key] = value
                }
            }
        }
        lastPatch = received
    }

    private static func deepMerged(_ old: [String: JSONValue], _ new: [String: JSONValue]) -> [String: JSONValue] {
        var result = old
        for (key, value) in new {
            if let oldPairs = old[key]?.objectPairs, let newPairs = value.objectPairs {
                let merged = deepMerged(
                    Dictionary(oldPairs.map { ($0.key, $0.value) }) { $1 },
                    Dictionary(newPairs.map { ($0.key, $0.value) }) { $1 })
                result[key] = .object(merged.map { (key: $0.key, value: $0.value) })
            } else {
                result[key] = value
            }
        }
        return result
    }

    // MARK: Cache

    private struct Key: Hashable {
        var screen: String
        var rel: String
    }

    /// Merges every component of the response; returns the keys it sent.
    private func updateCache(_ response: RUFSession) -> Set<Key> {
        var sent: Set<Key> = []
        if bugs.contains(.partialClearsCache) {
            let names = Set(response.screens.map(\.name))
            cache = cache.filter { names.contains($0.key) }
        }
        for screen in response.screens {
            if bugs.contains(.absentComponentRemoved), let kept = cache[screen.name] {
                let rels = Set(screen.components.map(\.key))
                cache[screen.name] = kept.filter { rels.contains($0.key) }
                if cache[screen.name]?.isEmpty == true { cache[screen.name] = nil }
            }
            for pair in screen.components {
                let strategy = Self.strategy(of: pair.value)
                if bugs.contains(.unknownStrategyFails), let strategy, !Self.knownStrategies.contains(strategy) {
                    continue
                }
                let incoming = Self.component(from: pair.value)
                if bugs.contains(.unknownBehaviorDropped), let behavior = incoming.behavior,
                    !Self.knownBehaviors.contains(behavior)
                {
                    continue
                }
                let merged = merge(pair.value, incoming, by: strategy, into: component(at: screen.name, pair.key))
                store(merged, at: screen.name, pair.key)
                sent.insert(Key(screen: screen.name, rel: pair.key))
            }
        }
        return sent
    }

    private func component(at screen: String, _ rel: String) -> ClientComponent? {
        if bugs.contains(.cacheKeyedByRel) { return cache.values.lazy.compactMap { $0[rel] }.first }
        return cache[screen]?[rel]
    }

    /// Stores a component, or removes the entry for `nil`; a screen with nothing cached is not kept.
    private func store(_ component: ClientComponent?, at screen: String, _ rel: String) {
        if bugs.contains(.cacheKeyedByRel) {
            for name in Array(cache.keys) where name != screen {
                cache[name]?[rel] = nil
                if cache[name]?.isEmpty == true { cache[name] = nil }
            }
        }
        cache[screen, default: [:]][rel] = component
        if cache[screen]?.isEmpty == true { cache[screen] = nil }
    }

    /// The component a response or an optimistic update carries: a field of the wrong kind counts as absent.
    private static func component(from json: JSONValue) -> ClientComponent {
        var locale = JSONValue.object([])
        if let sent = json["locale"], sent.isObject { locale = sent }
        return ClientComponent(
            behavior: json["behavior"]?.stringValue, locale: locale, payload: json["payload"] ?? .null)
    }

    /// The strategy's name: `{"type": "APPEND"}` or a bare string; `nil` when none is sent.
    private static func strategy(of json: JSONValue) -> String? {
        guard let sent = json["mergeStrategy"], sent != .null else { return nil }
        if let name = sent.stringValue { return name }
        return sent["type"]?.stringValue ?? "?"
    }

    private func merge(
        _ json: JSONValue, _ incoming: ClientComponent, by strategy: String?, into cached: ClientComponent?
    ) -> ClientComponent {
        let appends = strategy == "APPEND" && !bugs.contains(.appendReplaces)
        let matches = strategy == "MATCH"
        let keepsFields =
            bugs.contains(.replaceKeepsFields)
            && !Self.knownStrategies.subtracting(["REPLACE"]).contains(strategy ?? "")
        guard appends || matches || keepsFields, let cached else { return incoming }
        guard let old = cached.payload.objectPairs, let new = incoming.payload.objectPairs else {
            if keepsFields { return incoming }
            // Nothing to merge field by field: what is sent replaces, what is not stays.
            var kept = cached
            if let behavior = incoming.behavior { kept.behavior = behavior }
            if let locale = json["locale"], locale.isObject { kept.locale = locale }
            if incoming.payload != .null {
                kept.payload = incoming.payload
            } else if bugs.contains(.mergeNullPayloadClears), appends, json["payload"] == .null {
                kept.payload = .null
            }
            return kept
        }
        // Fields keep the order they were first received in, so that the payload reads as the server wrote it.
        var order: [String] = []
        var seen: Set<String> = []
        for (key, _) in old + new where seen.insert(key).inserted { order.append(key) }
        var fields: [String: JSONValue] = [:]
        for (key, value) in old { fields[key] = value }
        for (key, value) in new {
            if !keepsFields, case .array(let items)? = fields[key], case .array(let added) = value {
                fields[key] = .array(appends ? items + added : matched(added, into: items))
            } else {
                fields[key] = value
            }
        }
        var result = ClientComponent(
            behavior: incoming.behavior ?? cached.behavior, locale: cached.locale,
            payload: .object(order.map { (key: $0, value: fields[$0]!) }))
        if let locale = json["locale"], locale.isObject { result.locale = locale }
        if keepsFields {
            result.behavior = incoming.behavior
            result.locale = incoming.locale
        }
        return result
    }

    /// An id as a stringly keyed map holds it: a string's own text, any other value's JSON.
    private static func idText(_ id: JSONValue) -> String { id.stringValue ?? JSONWriter.write(id) }

    /// MATCH on one list.
    private func matched(_ incoming: [JSONValue], into cached: [JSONValue]) -> [JSONValue] {
        var items = cached
        if bugs.contains(.matchByPosition) {
            for (index, item) in incoming.enumerated() {
                if index < items.count { items[index] = item } else { items.append(item) }
            }
            return items
        }
        var touched: Set<Int> = []
        for item in incoming {
            guard let id = item["id"], id != .null else {
                if !bugs.contains(.matchDropsItemsWithoutID) { items.append(item) }
                continue
            }
            let sameID: (JSONValue) -> Bool =
                bugs.contains(.matchIDsAsText)
                ? { ($0["id"]).map(Self.idText) == Self.idText(id) } : { $0["id"] == id }
            if let index = items.firstIndex(where: sameID) {
                if bugs.contains(.matchAppendsMatched) {
                    items.append(item)
                } else {
                    items[index] = item
                    touched.insert(index)
                }
            } else {
                items.append(item)
            }
        }
        if bugs.contains(.matchDropsUnmatched) {
            // Cached items the response did not match go; everything it added stays.
            return items.indices.filter { $0 >= cached.count || touched.contains($0) }.map { items[$0] }
        }
        return items
    }
}
