import JSON
import NavigationModel
import RUFClientModel

/// Counts, while a run is generated, how many inputs fall under each RUF- rule's trigger (a rule is held only when
/// enough did), and names the features a run exercises for the coverage table.
struct ClientTriggers {
    private(set) var triggers: [String: Int] = [:]

    private mutating func add(_ rule: String) { triggers[rule, default: 0] += 1 }

    /// Counts the triggers of `input`, given the client before it and what it showed after.
    mutating func count(_ input: ClientInput, before: ReferenceClient, after: ClientObservation) {
        for event in after.events {
            guard case .request(let request) = event else { continue }
            add(.rufRequestID)
            add(.rufRequestWire)
            if request.kind == "action" { add(.rufRequestMeta) }
            // A waiting action let go by this response: the queue's order and timing are judged.
            if isResponse(input), before.state.queued > 0 { add(.rufQueue) }
        }
        switch input {
        case .create: break
        case .dispatch(let action):
            add(.rufMetaReadonly)
            if before.state.inFlight != nil {
                add(.rufOneInFlight)
                add(.rufQueue)
            }
            if action.optimisticNavigation?.mode == .pop { add(.rufNoOptimisticPop) }
        case .respond(let response):
            count(response, before: before)
        }
    }

    private func isResponse(_ input: ClientInput) -> Bool {
        if case .respond = input { return true }
        return false
    }

    private mutating func count(_ response: RUFSession, before: ReferenceClient) {
        add(response.meta.isEmpty ? .rufMetaReadonly : .rufMetaMerge)
        let cache = before.state.cache
        var sentKeys: Set<String> = []
        for screen in response.screens {
            for component in screen.components {
                sentKeys.insert(screen.name + "\u{0}" + component.key)
                if cache.contains(where: { $0.key != screen.name && $0.value[component.key] != nil }) {
                    add(.rufCacheKey)
                }
                let cached = cache[screen.name]?[component.key]
                switch RUFMergeStrategy(json: component.value["mergeStrategy"]) ?? .replace {
                case .replace: add(.rufMergeReplace)
                case .append: if cached != nil { add(.rufMergeAppend) }
                case .match:
                    if cached != nil {
                        add(.rufMergeMatch)
                        if Self.hasUnmatched(component.value, cached: cached) { add(.rufMatchNoID) }
                    }
                case .unknown: add(.rufLenient)
                }
                if let behavior = component.value["behavior"]?.stringValue, behavior == ClientGenerator.unknownBehavior
                {
                    add(.rufLenient)
                }
            }
        }
        let cachedKeys = cache.flatMap { screen in screen.value.keys.map { screen.key + "\u{0}" + $0 } }
        if cachedKeys.contains(where: { !sentKeys.contains($0) }) { add(.rufPartial) }
        if response.screens.contains(where: { !$0.navigationMetrics.isEmpty }) { add(.rufNavMetrics) }
        if response.screens.contains(where: { !$0.metrics.isEmpty }) { add(.rufScreenMetrics) }
        if !response.actionMetrics.isEmpty { add(.rufActionMetrics) }
        let lists = response.screens.flatMap { [$0.metrics, $0.navigationMetrics] } + [response.actionMetrics]
        if lists.contains(where: { $0.count > 1 }) { add(.rufMetricOrder) }
        if response.currentScreen != nil { add(.rufCurrentScreen) }
        if let directive = response.navigation {
            add(.rufNavigate)
            if directive.mode == .failed, before.state.navigation.pendingID != nil { add(.rufRollback) }
            if directive.unknownFields.isEmpty == false { add(.rufLenient) }
        }
        if response.actionResult != nil {
            add(.rufActionResult)
            if !["SUCCESS", "TOAST", "ERROR", "FORM_ERROR"].contains(response.actionResult?["type"]?.stringValue ?? "")
            {
                add(.rufLenient)
            }
        }
        let effects = [
            lists.contains { !$0.isEmpty }, response.navigation != nil, response.actionResult != nil,
        ].filter { $0 }.count
        if effects > 1 { add(.rufOrder) }
        if response.rejectsAction, before.hasOptimisticUpdate { add(.rufComponentRollback) }
        let known = ["currentScreen", "screens", "navigation", "actionResult", "meta"]
        if (response.json.objectPairs ?? []).contains(where: { !known.contains($0.key) }) { add(.rufLenient) }
    }

    /// Whether a MATCH component carries an item that matches nothing cached (no id, or an id not cached).
    static func hasUnmatched(_ component: JSONValue, cached: ClientComponent?) -> Bool {
        guard let payload = component["payload"]?.objectPairs, case .object(let old)? = cached?.payload else {
            return false
        }
        for (key, value) in payload {
            guard let items = value.arrayValue, let existing = old.last(where: { $0.key == key })?.value.arrayValue
            else { continue }
            let ids = existing.compactMap { $0["id"] }
            // A null id matches nothing, not even a cached null.
            if items.contains(where: { item in item["id"].map { $0 == .null || !ids.contains($0) } ?? true }) {
                return true
            }
        }
        return false
    }

    /// Whether a MATCH component carries an item whose id reads like a cached item's but is of another JSON type
    /// (`1` and `"1"`), or a `null` id where a cached item has one: neither matches.
    static func matchesAcrossTypes(_ component: JSONValue, cached: ClientComponent) -> Bool {
        guard let payload = component["payload"]?.objectPairs, case .object(let old) = cached.payload else {
            return false
        }
        func text(_ id: JSONValue) -> String { id.stringValue ?? JSONWriter.write(id) }
        for (key, value) in payload {
            guard let items = value.arrayValue, let existing = old.last(where: { $0.key == key })?.value.arrayValue
            else { continue }
            let cachedIDs = existing.compactMap { $0["id"] }
            for id in items.compactMap({ $0["id"] }) {
                let twin = cachedIDs.contains { $0 != id && text($0) == text(id) }
                if id == .null ? cachedIDs.contains(.null) : twin { return true }
            }
        }
        return false
    }

    /// The features a run exercises (coverage labels), from one input.
    func features(_ input: ClientInput, before: ReferenceClient) -> [String] {
        switch input {
        case .create: return ["create"]
        case .dispatch(let action):
            var labels = [before.state.inFlight == nil ? "action" : "action while one is in flight"]
            if let mode = action.optimisticNavigation?.mode { labels.append("optimistic \(mode.rawValue)") }
            if action.optimisticUpdate != nil { labels.append("optimistic component") }
            return labels
        case .respond(let response):
            var labels: [String] = []
            if !response.meta.isEmpty { labels.append("meta patch") }
            for screen in response.screens {
                for component in screen.components {
                    // No strategy is REPLACE, the default.
                    let merge = RUFMergeStrategy(json: component.value["mergeStrategy"]) ?? .replace
                    labels.append("component \(merge.name)")
                    guard merge == .append || merge == .match,
                        let cached = before.state.cache[screen.name]?[component.key]
                    else { continue }
                    if (component.value["payload"] ?? .null) == .null { labels.append("list merge without a payload") }
                    if merge == .match, Self.matchesAcrossTypes(component.value, cached: cached) {
                        labels.append("MATCH id of another JSON type")
                    }
                }
                if screen.components.isEmpty { labels.append("screen without components") }
            }
            if response.screens.isEmpty { labels.append("no screens") }
            if let mode = response.navigation?.mode { labels.append("navigation \(mode.rawValue)") }
            if response.rejectsAction { labels.append("rejected action") }
            return labels
        }
    }
}
