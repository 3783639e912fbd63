import JSON
import NavigationModel
import RUFClientModel

/// Compares an implementation's observations with the reference client's, input by input, and names the rules a
/// difference breaks.
///
/// Request ids are compared by first appearance: the implementation's first distinct id stands for `#1`, and so
/// on, so that any unique ids agree and a reused id shows as an earlier number. The suite and the golden client
/// cases (`flowcheck corpus run`) share it, so that a case and a generated run judge alike.
package struct ClientComparison {
    private var ids: [String: String] = [:]

    /// A comparison that has seen no request id yet: one per run.
    package init() {}

    /// The observation with request ids renumbered by first appearance and every object's keys sorted.
    package mutating func normalized(_ observation: ClientObservation) -> ClientObservation {
        var result = observation
        result.events = observation.events.map { event in
            guard case .request(var request) = event else { return event }
            request.id = number(request.id)
            return .request(request)
        }
        result.state.inFlight = observation.state.inFlight.map { number($0) }
        return result
    }

    private mutating func number(_ id: String) -> String {
        if let known = ids[id] { return known }
        let numbered = "#\(ids.count + 1)"
        ids[id] = numbered
        return numbered
    }

    /// A `-`/`+` line diff of two observations' JSON forms, one field per line, so that it points at the field
    /// that differs.
    package static func diff(expected: JSONValue, actual: JSONValue) -> String {
        LineDiff.render(old: ClientFailure.lines(expected), new: ClientFailure.lines(actual), context: 3)
    }

    /// The rules broken where `actual` differs from `expected` after `input`, sorted; empty when they agree.
    package static func brokenRules(
        expected: ClientObservation, actual: ClientObservation, input: ClientInput, before: ReferenceClient
    ) -> [String] {
        guard expected.json != actual.json else { return [] }
        var rules: Set<String> = []
        let response: SessionResponse? = {
            if case .respond(let response) = input { return response }
            return nil
        }()
        let dispatch: UserAction? = {
            if case .dispatch(let action) = input { return action }
            return nil
        }()
        // A request sent that should wait, or one that should have been sent and was not, or another one than the
        // one due: the rest of the step's differences (an optimistic change applied, or not) follow from it.
        let requests = (
            expected.events.compactMap(Self.request), actual.events.compactMap(Self.request)
        )
        if requests.1.count > requests.0.count { return ["RUF-ONE-IN-FLIGHT"] }
        if requests.1.count < requests.0.count { return ["RUF-QUEUE"] }
        if zip(requests.0, requests.1).contains(where: {
            $0.screen != $1.screen || $0.kind != $1.kind || $0.action?.canonical != $1.action?.canonical
        }) {
            return ["RUF-QUEUE"]
        }
        if let directive = dispatch?.optimisticNavigation, directive.mode == .pop,
            expected.state.navigation != actual.state.navigation
                || expected.events.filter({ $0.kind == "navigation" }) != actual.events.filter({ $0.kind == "navigation" })
        {
            return ["RUF-NO-OPTIMISTIC-POP"]
        }
        // The stack and the pending change.
        if expected.state.navigation != actual.state.navigation || expected.state.currentScreen != actual.state.currentScreen {
            if let directive = response?.navigation, directive.mode == .failed {
                rules.insert("RUF-ROLLBACK")
            } else if dispatch?.optimisticNavigation?.mode == .pop {
                rules.insert("RUF-NO-OPTIMISTIC-POP")
            } else if dispatch != nil, before.state.inFlight != nil {
                rules.insert("RUF-QUEUE")
            } else if response != nil, before.state.queued > 0, expected.events.contains(where: { $0.kind == "request" }) {
                rules.insert("RUF-QUEUE")
            } else {
                rules.insert("RUF-NAVIGATE")
            }
        }
        if expected.state.meta.canonical != actual.state.meta.canonical {
            rules.insert(response.map { $0.meta.isEmpty ? "RUF-META-READONLY" : "RUF-META-MERGE" } ?? "RUF-META-READONLY")
        }
        rules.formUnion(cacheRules(expected: expected, actual: actual, response: response, dispatch: dispatch, before: before))
        if (expected.state.inFlight == nil) != (actual.state.inFlight == nil) || expected.state.queued != actual.state.queued {
            rules.insert(actual.state.queued < expected.state.queued || dispatch != nil ? "RUF-ONE-IN-FLIGHT" : "RUF-QUEUE")
        }
        rules.formUnion(eventRules(expected: expected.events, actual: actual.events, response: response))
        // Meta the client changed shows again in the request it sends: that is the meta rule, not the request's.
        if expected.state.meta.canonical != actual.state.meta.canonical { rules.remove("RUF-REQUEST-META") }
        return rules.sorted()
    }

    private static func request(_ event: ClientEvent) -> ClientRequest? {
        if case .request(let request) = event { return request }
        return nil
    }

    private static func cacheRules(
        expected: ClientObservation, actual: ClientObservation, response: SessionResponse?, dispatch: UserAction?,
        before: ReferenceClient
    ) -> Set<String> {
        var rules: Set<String> = []
        let screens = Set(expected.state.cache.keys).union(actual.state.cache.keys)
        for screen in screens {
            let old = expected.state.cache[screen] ?? [:], new = actual.state.cache[screen] ?? [:]
            for rel in Set(old.keys).union(new.keys) where old[rel] != new[rel] {
                // A rejection that took more of the cache back than its optimistic component.
                if let response, response.rejectsAction, before.hasOptimisticUpdate,
                    before.cacheWhenSent?[screen]?[rel] == new[rel]
                {
                    rules.insert("RUF-COMPONENT-ROLLBACK")
                    continue
                }
                if let dispatch {
                    rules.insert(before.state.inFlight != nil ? "RUF-QUEUE" : dispatch.optimisticUpdate == nil ? "RUF-PARTIAL" : "RUF-COMPONENT-ROLLBACK")
                    continue
                }
                guard let response else {
                    rules.insert("RUF-PARTIAL")
                    continue
                }
                if let sent = response.screens.first(where: { $0.name == screen })?.components.first(where: { $0.key == rel }) {
                    let behavior = sent.value["behavior"]?.stringValue
                    let strategy = MergeStrategy(json: sent.value["mergeStrategy"]) ?? .replace
                    // The optimistic value merged into, as if the rejection had not rolled it back first.
                    if response.rejectsAction, before.hasOptimisticUpdate,
                        new[rel] == strategy.merge(sent.value, into: before.state.cache[screen]?[rel])
                    {
                        rules.insert("RUF-COMPONENT-ROLLBACK")
                        continue
                    }
                    if new[rel] == nil, behavior != ClientGenerator.unknownBehavior,
                        !(strategy.isUnknown),
                        actual.state.cache.contains(where: { $0.key != screen && $0.value[rel] != nil })
                    {
                        rules.insert("RUF-CACHE-KEY")
                        continue
                    }
                    if behavior == ClientGenerator.unknownBehavior || new[rel] == nil {
                        rules.insert("RUF-LENIENT")
                        continue
                    }
                    switch strategy {
                    case .replace: rules.insert("RUF-MERGE-REPLACE")
                    case .append: rules.insert("RUF-MERGE-APPEND")
                    case .match:
                        let cached = before.state.cache[screen]?[rel]
                        rules.insert(
                            ClientTriggers.hasUnmatched(sent.value, cached: cached) && onlyAdditionsDiffer(old[rel], new[rel])
                                ? "RUF-MATCH-NO-ID" : "RUF-MERGE-MATCH")
                    case .unknown: rules.insert("RUF-LENIENT")
                    }
                } else if response.rejectsAction, before.hasOptimisticUpdate {
                    rules.insert("RUF-COMPONENT-ROLLBACK")
                } else if response.screens.contains(where: { $0.components.contains { $0.key == rel } }) {
                    rules.insert("RUF-CACHE-KEY")
                } else {
                    rules.insert("RUF-PARTIAL")
                }
            }
        }
        return rules
    }

    /// Whether two merged lists differ only in the items added at the end (the items MATCH could not match).
    private static func onlyAdditionsDiffer(_ expected: ClientComponent?, _ actual: ClientComponent?) -> Bool {
        guard case .object(let old)? = expected?.payload, case .object(let new)? = actual?.payload,
            old.map(\.key) == new.map(\.key)
        else { return false }
        for (a, b) in zip(old, new) where a.value != b.value {
            guard let x = a.value.arrayValue, let y = b.value.arrayValue else { return false }
            let common = min(x.count, y.count)
            if Array(x.prefix(common)) != Array(y.prefix(common)) { return false }
        }
        return true
    }

    private static func eventRules(
        expected: [ClientEvent], actual: [ClientEvent], response: SessionResponse?
    ) -> Set<String> {
        guard expected != actual else { return [] }
        var rules: Set<String> = []
        let requests = (expected.filter { $0.kind == "request" }, actual.filter { $0.kind == "request" })
        if requests.0 != requests.1 {
            if requests.0.count != requests.1.count {
                rules.insert(requests.1.count > requests.0.count ? "RUF-ONE-IN-FLIGHT" : "RUF-QUEUE")
            }
            for case (.request(let a), .request(let b)) in zip(requests.0, requests.1) {
                if a.id != b.id { rules.insert("RUF-REQUEST-ID") }
                if a.meta?.canonical != b.meta?.canonical { rules.insert("RUF-REQUEST-META") }
                if a.screen != b.screen || a.action?.canonical != b.action?.canonical || a.kind != b.kind {
                    rules.insert("RUF-QUEUE")
                }
            }
        }
        for point in MetricPoint.allCases {
            let pick = { (events: [ClientEvent]) in
                events.filter { if case .metric(point, _, _) = $0 { return true } else { return false } }
            }
            let (a, b) = (pick(expected), pick(actual))
            guard a != b else { continue }
            if a.count == b.count, Set(a) == Set(b) {
                rules.insert("RUF-METRIC-ORDER")
            } else {
                switch point {
                case .navigation: rules.insert("RUF-NAV-METRICS")
                case .screen: rules.insert("RUF-SCREEN-METRICS")
                case .action: rules.insert("RUF-ACTION-METRICS")
                }
            }
        }
        let navigations = (expected.filter { $0.kind == "navigation" }, actual.filter { $0.kind == "navigation" })
        if navigations.0 != navigations.1 {
            rules.insert(response?.navigation?.mode == .failed ? "RUF-ROLLBACK" : "RUF-NAVIGATE")
        }
        let results = (expected.filter { $0.kind == "actionResult" }, actual.filter { $0.kind == "actionResult" })
        if results.0 != results.1 {
            rules.insert("RUF-ACTION-RESULT")
        }
        // The same events, in another order of kinds: the processing order is broken.
        if rules.isEmpty, expected.count == actual.count, Set(expected) == Set(actual) { rules.insert("RUF-ORDER") }
        return rules
    }
}
