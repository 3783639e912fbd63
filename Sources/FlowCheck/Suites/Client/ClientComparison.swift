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
        // Rebuilt, so that its values are sorted however the observation was made.
        var result = ClientObservation(state: observation.state, events: observation.events)
        result.state.cache = observation.state.cache.mapValues { screen in
            screen.mapValues { ClientComponent(behavior: $0.behavior, locale: $0.locale, payload: $0.payload) }
        }
        result.events = result.events.map { event in
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
        LineDiff.render(
            old: ClientFailure.lines(compactStack(expected)), new: ClientFailure.lines(compactStack(actual)), context: 3
        )
    }

    /// The observation with its stack written in the kit's one notation (`[HOME(MAIN)*, ^SHEET]`), so that a stack
    /// that differs shows as one line, as in every other report.
    static func compactStack(_ observation: JSONValue) -> JSONValue {
        guard case .object(var pairs) = observation, let at = pairs.firstIndex(where: { $0.key == "state" }),
            case .object(var state) = pairs[at].value, let index = state.firstIndex(where: { $0.key == "stack" }),
            let entries = state[index].value.arrayValue
        else { return observation }
        let written = entries.map { entry -> String in
            let screen = entry["screen"]?.stringValue ?? "?"
            let flow = entry["flow"]?.stringValue.map { "(\($0))" } ?? ""
            let root = entry["flowRoot"]?.boolValue == true ? "*" : ""
            let modal = entry["presentation"]?.stringValue == "modal" ? "^" : ""
            return modal + screen + flow + root
        }
        state[index].value = .string("[" + written.joined(separator: ", ") + "]")
        pairs[at].value = .object(state)
        return .object(pairs)
    }

    /// The rules broken where `actual` differs from `expected` after `input`, sorted; empty when they agree.
    ///
    /// One difference often follows from another (a request sent out of turn brings its optimistic changes with it;
    /// a stack left wrong fires the wrong navigationMetrics): the cause is named, not its consequences.
    package static func brokenRules(
        expected: ClientObservation, actual: ClientObservation, input: ClientInput, before: ReferenceClient
    ) -> [String] {
        guard expected.json != actual.json else { return [] }
        let step = Step(input: input, before: before)
        // A request sent that should wait, one due that was not sent, or another one than the one due.
        let requests = (expected.events.compactMap(Self.request), actual.events.compactMap(Self.request))
        if requests.1.count > requests.0.count { return ["RUF-ONE-IN-FLIGHT"] }
        if requests.1.count < requests.0.count { return ["RUF-QUEUE"] }
        if zip(requests.0, requests.1).contains(where: {
            $0.screen != $1.screen || $0.kind != $1.kind || $0.action?.canonical != $1.action?.canonical
        }) {
            return ["RUF-QUEUE"]
        }
        let navigationDiffers =
            expected.state.navigation != actual.state.navigation
            || expected.events.filter { $0.kind == "navigation" } != actual.events.filter { $0.kind == "navigation" }
        // The action sent at this step: the one dispatched, or the waiting one a response lets go.
        let sentAction =
            step.dispatch.flatMap { before.state.inFlight == nil ? $0 : nil }
            ?? (step.response != nil ? before.nextWaitingAction : nil)
        // Another waiting action sent in its place, with the same request: only its optimistic changes tell.
        if step.response != nil, before.waitingActions.count > 1 {
            let others = before.waitingActions
            // One of their optimistic components shows where the reference shows something else.
            let cacheDiffers = others.compactMap(\.optimisticUpdate).contains { update in
                let shown = actual.state.cache[update.screen]?[update.rel]
                return expected.state.cache[update.screen]?[update.rel] != shown
                    && shown == ClientComponent(json: update.component)
            }
            // Or the waiting actions' optimistic navigations show otherwise: another one awaiting the answer, or one
            // tried that should not be yet, or the one due not tried.
            let ids = Set(others.compactMap { $0.optimisticNavigation?.id })
            let notDue = Set(others.dropFirst().compactMap { $0.optimisticNavigation?.id })
            let pendingDiffers =
                actual.state.navigation.pendingID != expected.state.navigation.pendingID
                && actual.state.navigation.pendingID.map(notDue.contains) == true
            let tried = { (events: [ClientEvent]) in
                Set(events.compactMap { if case .navigation(_, let id?) = $0, ids.contains(id) { id } else { nil } })
            }
            let triedOther = tried(expected.events) != tried(actual.events)
            if pendingDiffers || triedOther || cacheDiffers {
                return ["RUF-QUEUE"]
            }
        }
        // A POP applied on sending: the stack the reference keeps, less its top. (`starts(with:)`, not `==` on a
        // prefix: a second caller of `[Entry] ==` in this module made the optimizer stop inlining it into the
        // navigation suites' per-step comparison, which then took 30% more CPU per step.)
        let (kept, shown) = (expected.state.navigation.stack.entries, actual.state.navigation.stack.entries)
        if navigationDiffers, sentAction?.optimisticNavigation?.mode == .pop, shown.count < kept.count,
            kept.starts(with: shown)
        {
            return ["RUF-NO-OPTIMISTIC-POP"]
        }
        var rules: Set<String> = []
        if navigationDiffers || expected.state.currentScreen != actual.state.currentScreen {
            if step.response?.navigation?.mode == .failed {
                rules.insert("RUF-ROLLBACK")
            } else if step.dispatch != nil, before.state.inFlight != nil {
                rules.insert("RUF-QUEUE")
            } else if step.response != nil, sentAction?.optimisticNavigation != nil, step.response?.navigation == nil {
                rules.insert("RUF-QUEUE")
            } else {
                rules.insert("RUF-NAVIGATE")
            }
        }
        rules.formUnion(metaRules(expected: expected, actual: actual, step: step))
        rules.formUnion(cacheRules(expected: expected, actual: actual, step: step, sentAction: sentAction))
        if (expected.state.inFlight == nil) != (actual.state.inFlight == nil)
            || expected.state.queued != actual.state.queued
        {
            rules.insert(step.dispatch != nil ? "RUF-ONE-IN-FLIGHT" : "RUF-QUEUE")
        }
        rules.formUnion(eventRules(expected: expected.events, actual: actual.events, response: step.response))
        // Meta the client changed shows again in the request it sends: that is the meta rule, not the request's.
        if expected.state.meta.canonical != actual.state.meta.canonical { rules.remove("RUF-REQUEST-META") }
        // A stack left otherwise makes another screen active: its navigationMetrics follow from it.
        if !rules.isDisjoint(with: ["RUF-NAVIGATE", "RUF-ROLLBACK", "RUF-QUEUE"]) { rules.remove("RUF-NAV-METRICS") }
        return rules.sorted()
    }

    /// The input of a step, taken apart.
    private struct Step {
        var response: SessionResponse?
        var dispatch: UserAction?
        var before: ReferenceClient

        init(input: ClientInput, before: ReferenceClient) {
            self.before = before
            switch input {
            case .respond(let response): self.response = response
            case .dispatch(let action): dispatch = action
            case .create: break
            }
        }
    }

    private static func request(_ event: ClientEvent) -> ClientRequest? {
        if case .request(let request) = event { return request }
        return nil
    }

    /// A key the patch set and the client holds otherwise breaks the merge; any other key the client changed, the
    /// rule that only the server changes meta.
    private static func metaRules(expected: ClientObservation, actual: ClientObservation, step: Step) -> Set<String> {
        let (old, new) = (expected.state.meta.canonical, actual.state.meta.canonical)
        guard old != new else { return [] }
        let keys = Set((old.objectPairs ?? []).map(\.key)).union((new.objectPairs ?? []).map(\.key))
        let differing = keys.filter { old[$0] != new[$0] }
        guard let response = step.response, !response.meta.isEmpty else { return ["RUF-META-READONLY"] }
        // A key the client added that neither the merge nor the patch has is the client writing meta; anything
        // else (a key lost, a patched value merged otherwise) is the merge.
        let patched = Set(response.meta.map(\.key))
        let added = differing.filter { new[$0] != nil && old[$0] == nil && !patched.contains($0) }
        return added.isEmpty ? ["RUF-META-MERGE"] : ["RUF-META-READONLY"]
    }

    private static func cacheRules(
        expected: ClientObservation, actual: ClientObservation, step: Step, sentAction: UserAction?
    ) -> Set<String> {
        let before = step.before
        var rules: Set<String> = []
        var missing: [(screen: String, rel: String)] = []
        let screens = Set(expected.state.cache.keys).union(actual.state.cache.keys)
        let optimistic = before.optimisticUpdateInFlight
        let rejected = step.response?.rejectsAction == true && optimistic != nil
        // A rejection that took the whole cache back to before the action: every component the response sent is as
        // it was then, and one of them could not be so by a merge (the optimistic one, or one sent to replace).
        let sent = (step.response?.screens ?? []).flatMap { screen in
            screen.components.map { (screen: screen.name, rel: $0.key, value: $0.value) }
        }
        // One the response changed, which no merge would have left as it was.
        let changedBeyondMerge = { (item: (screen: String, rel: String, value: JSONValue)) in
            expected.state.cache[item.screen]?[item.rel] != before.cacheWhenSent?[item.screen]?[item.rel]
                && ((item.screen == optimistic?.screen && item.rel == optimistic?.rel)
                    || (MergeStrategy(json: item.value["mergeStrategy"]) ?? .replace) == .replace)
        }
        let revertedAll =
            rejected && !sent.isEmpty
            && sent.allSatisfy { actual.state.cache[$0.screen]?[$0.rel] == before.cacheWhenSent?[$0.screen]?[$0.rel] }
            && sent.contains(where: changedBeyondMerge)
        // A component with an unknown behavior or strategy left as it was could also be one the client did not take
        // (RUF-LENIENT); one known component so reverted settles it for all.
        let revertedForSure =
            revertedAll
            && sent.contains { item in
                changedBeyondMerge(item) && !(MergeStrategy(json: item.value["mergeStrategy"])?.isUnknown ?? false)
                    && item.value["behavior"]?.stringValue != ClientGenerator.unknownBehavior
            }
        // The whole cache back to what it was when the action was sent (but for the waiting action the response lets
        // go), though it should show otherwise.
        let cacheBack =
            rejected && expected.state.cache != actual.state.cache
            && Self.removing(sentAction?.optimisticUpdate, from: actual.state.cache)
                == Self.removing(sentAction?.optimisticUpdate, from: before.cacheWhenSent ?? [:])
        // One component the response sent, of a known behavior and strategy, that no merge would have left as it
        // was, tells it for certain: every difference of the cache follows from that one rollback.
        let wholeCacheBack =
            cacheBack
            && sent.contains { item in
                !(MergeStrategy(json: item.value["mergeStrategy"])?.isUnknown ?? false)
                    && item.value["behavior"]?.stringValue != ClientGenerator.unknownBehavior
                    && expected.state.cache[item.screen]?[item.rel] != actual.state.cache[item.screen]?[item.rel]
                    && changedBeyondMerge(item)
            }
        let evidence = cacheKeyEvidence(expected: expected, actual: actual, step: step, sentAction: sentAction)
        let relKeyed = !CacheKeyEvidence.refuted(by: before.state.cache)
        for screen in screens {
            let old = expected.state.cache[screen] ?? [:], new = actual.state.cache[screen] ?? [:]
            for rel in Set(old.keys).union(new.keys) where old[rel] != new[rel] {
                if wholeCacheBack {
                    rules.insert("RUF-COMPONENT-ROLLBACK")
                    continue
                }
                if evidence.explains(CacheKeyEvidence.Entry(screen: screen, rel: rel)) {
                    rules.insert("RUF-CACHE-KEY")
                    continue
                }
                let isOptimisticKey = optimistic.map { $0.screen == screen && $0.rel == rel } ?? false
                if step.dispatch != nil {
                    // The dispatched action's optimistic update: applied when it should wait, or not at all.
                    rules.insert(before.state.inFlight != nil ? "RUF-QUEUE" : "RUF-COMPONENT-ROLLBACK")
                    continue
                }
                if let sent = sentAction?.optimisticUpdate, sent.screen == screen, sent.rel == rel {
                    rules.insert("RUF-QUEUE")
                    continue
                }
                guard let response = step.response else {
                    rules.insert("RUF-PARTIAL")
                    continue
                }
                let sent = response.screens.first { $0.name == screen }?.components.first { $0.key == rel }
                let strategyOfSent = sent.flatMap { MergeStrategy(json: $0.value["mergeStrategy"]) } ?? .replace
                let unknown =
                    strategyOfSent.isUnknown
                    || sent?.value["behavior"]?.stringValue == ClientGenerator.unknownBehavior
                if rejected, isOptimisticKey {
                    let kept = before.state.cache[screen]?[rel]
                    // The rejected optimistic value kept: as it was, or with what the response sent merged into it.
                    if new[rel] == (sent.map { strategyOfSent.merge($0.value, into: kept) } ?? kept) {
                        rules.insert("RUF-COMPONENT-ROLLBACK")
                        continue
                    }
                    // The value the rollback restores was one the client should have kept for its unknown behavior.
                    if sent == nil, old[rel]?.behavior == ClientGenerator.unknownBehavior {
                        rules.insert("RUF-LENIENT")
                        continue
                    }
                }
                // A rejection that took back what the response sent, to the cache of before the action.
                if revertedAll, sent != nil, !unknown || revertedForSure {
                    rules.insert("RUF-COMPONENT-ROLLBACK")
                    continue
                }
                guard let sent else {
                    if new[rel] == nil && old[rel] != nil {
                        missing.append((screen, rel))
                    } else {
                        rules.insert("RUF-PARTIAL")
                    }
                    continue
                }
                let strategy = MergeStrategy(json: sent.value["mergeStrategy"]) ?? .replace
                let unknownBehavior = sent.value["behavior"]?.stringValue == ClientGenerator.unknownBehavior
                // A component the client did not take (left as it was, or gone) for its unknown behavior or strategy.
                if unknownBehavior || strategy.isUnknown,
                    new[rel] == nil || new[rel] == before.state.cache[screen]?[rel]
                {
                    rules.insert("RUF-LENIENT")
                    continue
                }
                if new[rel] == nil {
                    if unknownBehavior || strategy.isUnknown {
                        rules.insert("RUF-LENIENT")
                    } else if relKeyed, actual.state.cache.contains(where: { $0.key != screen && $0.value[rel] != nil })
                    {
                        rules.insert("RUF-CACHE-KEY")
                    } else {
                        rules.insert(mergeRule(strategy))
                    }
                    continue
                }
                switch strategy {
                case .unknown: rules.insert("RUF-LENIENT")
                case .match:
                    let cached = before.state.cache[screen]?[rel]
                    rules.insert(
                        onlyAdditionsDiffer(old[rel], new[rel], cached: cached) ? "RUF-MATCH-NO-ID" : "RUF-MERGE-MATCH")
                default: rules.insert(mergeRule(strategy))
                }
            }
        }
        // Entries gone that the response did not send: a rel sent for another screen took them (the cache is keyed
        // by rel alone), or the client dropped what the response left out.
        if !missing.isEmpty, let response = step.response {
            let sentRels = Set(response.screens.flatMap { screen in screen.components.map(\.key) })
            rules.insert(relKeyed && missing.allSatisfy { sentRels.contains($0.rel) } ? "RUF-CACHE-KEY" : "RUF-PARTIAL")
        }
        // Otherwise, when the entries taken one by one would need several rules, the one rollback is the simpler
        // cause; with one rule, as likely as the rollback (a MATCH dropping an item leaves the list as it was), that
        // rule stands.
        if cacheBack && rules.count > 1 { return ["RUF-COMPONENT-ROLLBACK"] }
        return rules
    }

    /// The entries of this step a cache keyed by rel alone explains, from the entries the step writes in the
    /// client's order: a rejected action's optimistic component restored, the response's components, the optimistic
    /// update of the action sent.
    private static func cacheKeyEvidence(
        expected: ClientObservation, actual: ClientObservation, step: Step, sentAction: UserAction?
    ) -> CacheKeyEvidence {
        typealias Entry = CacheKeyEvidence.Entry
        let (old, new) = (expected.state.cache, actual.state.cache)
        var differing: [Entry] = []
        for screen in Set(old.keys).union(new.keys).sorted() {
            let a = old[screen] ?? [:], b = new[screen] ?? [:]
            for rel in Set(a.keys).union(b.keys).sorted() where a[rel] != b[rel] {
                differing.append(Entry(screen: screen, rel: rel))
            }
        }
        var written: [Entry] = []
        var sent: [Entry: JSONValue] = [:]
        if let response = step.response {
            if response.rejectsAction, let update = step.before.optimisticUpdateInFlight {
                written.append(Entry(screen: update.screen, rel: update.rel))
            }
            for screen in response.screens {
                for component in screen.components {
                    let entry = Entry(screen: screen.name, rel: component.key)
                    written.append(entry)
                    sent[entry] = component.value
                }
            }
        }
        if let update = sentAction?.optimisticUpdate { written.append(Entry(screen: update.screen, rel: update.rel)) }
        return CacheKeyEvidence(
            differing: differing, written: written, sent: sent, isResponse: step.response != nil,
            before: step.before.state.cache, expected: old,
            actual: new)
    }

    /// The cache without the entry an optimistic update writes (all of it when there is none).
    private static func removing(
        _ update: OptimisticUpdate?, from cache: [String: [String: ClientComponent]]
    ) -> [String: [String: ClientComponent]] {
        guard let update else { return cache }
        var result = cache
        result[update.screen]?[update.rel] = nil
        if result[update.screen]?.isEmpty == true { result[update.screen] = nil }
        return result
    }

    private static func mergeRule(_ strategy: MergeStrategy) -> String {
        switch strategy {
        case .append: return "RUF-MERGE-APPEND"
        case .match: return "RUF-MERGE-MATCH"
        case .replace: return "RUF-MERGE-REPLACE"
        case .unknown: return "RUF-LENIENT"
        }
    }

    /// Whether MATCH got every cached item right and differs only in the items it had to add (those without an id
    /// or with one not cached).
    private static func onlyAdditionsDiffer(
        _ expected: ClientComponent?, _ actual: ClientComponent?, cached: ClientComponent?
    ) -> Bool {
        guard case .object(let old)? = expected?.payload, case .object(let new)? = actual?.payload,
            old.map(\.key) == new.map(\.key)
        else { return false }
        let kept = cached?.payload.objectPairs ?? []
        for (a, b) in zip(old, new) where a.value != b.value {
            guard let x = a.value.arrayValue, let y = b.value.arrayValue else { return false }
            let count = kept.last { $0.key == a.key }?.value.arrayValue?.count ?? 0
            guard y.count >= count, Array(x.prefix(count)) == Array(y.prefix(count)) else { return false }
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
        // The same events, in another order of kinds: the processing order is broken, unless only navigationMetrics
        // moved among the others (fired when a screen loads, not when it became active).
        if rules.isEmpty, expected.count == actual.count, Set(expected) == Set(actual) {
            let isNavigationMetric = { (event: ClientEvent) in
                if case .metric(.navigation, _, _) = event { return true } else { return false }
            }
            let others = (expected.filter { !isNavigationMetric($0) }, actual.filter { !isNavigationMetric($0) })
            rules.insert(others.0 == others.1 ? "RUF-NAV-METRICS" : "RUF-ORDER")
        }
        return rules
    }
}
