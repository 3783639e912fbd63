import FlowCheckEngine
import FlowCheckNavigationSuite
package import JSON
import NavigationModel
package import RUFClientModel

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
    ///
    /// Requests seen on the network and not reported by the harness stand where the reference's (`expected`) stand
    /// among the step's events, and retries of answered requests are left out when the requests sent without them
    /// are as many as the reference's.
    package mutating func normalized(
        _ observation: ClientObservation, placedLike expected: ClientObservation? = nil
    ) -> ClientObservation {
        // Rebuilt, so that its values are sorted however the observation was made.
        var result = ClientObservation(
            state: observation.state, events: Self.placed(observation.events, like: expected?.events ?? []))
        if !observation.state.cache.values.allSatisfy({ $0.values.allSatisfy(\.isCanonical) }) {
            result.state.cache = observation.state.cache.mapValues { screen in
                screen.mapValues { ClientComponent(behavior: $0.behavior, locale: $0.locale, payload: $0.payload) }
            }
        }
        result.events = result.events.map { event in
            guard case .request(var request) = event else { return event }
            request.id = number(request.id)
            return .request(request)
        }
        result.state.inFlight = observation.state.inFlight.map { number($0) }
        return result
    }

    /// `events` with requests the harness did not report placed as in `expected`: the k-th after as many of the
    /// step's other events as precede the reference's k-th request (the rest at the end).
    static func placed(_ events: [ClientEvent], like expected: [ClientEvent]) -> [ClientEvent] {
        let wired = events.contains { if case .request(let r) = $0 { r.unreported || r.retried } else { false } }
        guard wired else { return events }
        var requests = events.compactMap(Self.request)
        let due = expected.filter { $0.kind == "request" }.count
        let dropRetries = requests.filter { !$0.retried }.count >= due
        if dropRetries { requests.removeAll(where: \.retried) }
        guard requests.contains(where: \.unreported) else {
            return events.filter { if case .request(let r) = $0 { !(dropRetries && r.retried) } else { true } }
                .map(Self.cleared)
        }
        let others = events.filter { $0.kind != "request" }
        var slots: [Int] = []
        var preceding = 0
        for event in expected {
            if event.kind == "request" { slots.append(preceding) } else { preceding += 1 }
        }
        var result: [ClientEvent] = []
        var next = 0
        for (index, event) in others.enumerated() {
            while next < requests.count, next < slots.count, slots[next] <= index {
                result.append(.request(requests[next]))
                next += 1
            }
            result.append(event)
        }
        result += requests[next...].map { .request($0) }
        return result.map(Self.cleared)
    }

    /// Under `flowcheck serve`: a step that lacks requests the reference sends, followed by one whose network brought
    /// requests the harness did not report, gets them back, marked (RUF-REQUEST-WIRE): they were sent after the
    /// harness replied to the step that sends them, or a step late; the network cannot tell which.
    static func relocatingLate(_ replies: [ClientObservation], expected: [ClientObservation]) -> [ClientObservation] {
        let unreported = { (event: ClientEvent) in if case .request(let r) = event { r.unreported } else { false } }
        guard replies.contains(where: { $0.events.contains(where: unreported) }) else { return replies }
        var result = replies
        for step in result.indices.dropLast() where step < expected.count {
            let due = expected[step].events.count { $0.kind == "request" }
            var missing = due - result[step].events.count { $0.kind == "request" }
            guard missing > 0 else { continue }
            var kept: [ClientEvent] = []
            for event in result[step + 1].events {
                guard missing > 0, case .request(var request) = event, request.unreported, !request.retried else {
                    kept.append(event)
                    continue
                }
                let problem = "it arrived only after the harness replied to the step that sends it (or a step late)"
                request.departs("late", problem, first: true)
                result[step].events.append(.request(request))
                missing -= 1
            }
            result[step + 1].events = kept
        }
        return result
    }

    private static func cleared(_ event: ClientEvent) -> ClientEvent {
        guard case .request(var request) = event else { return event }
        (request.unreported, request.retried) = (false, false)
        return .request(request)
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
    ///
    /// `shownBefore` is the cache the implementation showed before the input, when it may differ from the reference's
    /// (a step compared past an earlier divergence); `nil` when every earlier step agreed.
    package static func brokenRules(
        expected: ClientObservation, actual: ClientObservation, input: ClientInput, before: ReferenceClient,
        shownBefore: [String: [String: ClientComponent]]? = nil
    ) -> [String] {
        // Equal values have equal JSON forms: only unequal ones (a member order, say) need theirs built and compared.
        guard expected != actual, expected.json != actual.json else { return [] }
        var step = Step(input: input, before: before)
        step.shownCache = shownBefore
        // A request sent that should wait, one due that was not sent, or another one than the one due.
        let requests = (expected.events.compactMap(Self.request), actual.events.compactMap(Self.request))
        // A request the network saw depart from the api-contract is named by that, whatever else differs.
        if requests.1.contains(where: { $0.wireProblem != nil }) { return [.rufRequestWire] }
        if requests.1.count > requests.0.count { return [.rufOneInFlight] }
        if requests.1.count < requests.0.count { return [.rufQueue] }
        if zip(requests.0, requests.1).contains(where: {
            $0.screen != $1.screen || $0.kind != $1.kind || $0.action?.canonical != $1.action?.canonical
        }) {
            return [.rufQueue]
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
            let waiting = before.waitingActions
            // One of their optimistic components shows where the reference shows something else.
            let cacheDiffers = waiting.compactMap(\.optimisticUpdate).contains { update in
                let shown = actual.state.cache[update.screen]?[update.rel]
                return expected.state.cache[update.screen]?[update.rel] != shown
                    && shown == ClientComponent(json: update.component)
            }
            // Or the waiting actions' optimistic navigations show otherwise: another one awaiting the answer, or one
            // tried that should not be yet, or the one due not tried.
            let ids = Set(waiting.compactMap { $0.optimisticNavigation?.id })
            let notDue = Set(waiting.dropFirst().compactMap { $0.optimisticNavigation?.id })
            let pendingDiffers =
                actual.state.navigation.pendingID != expected.state.navigation.pendingID
                && actual.state.navigation.pendingID.map(notDue.contains) == true
            let tried = { (events: [ClientEvent]) in
                Set(events.compactMap { if case .navigation(_, let id?) = $0, ids.contains(id) { id } else { nil } })
            }
            let triedOther = tried(expected.events) != tried(actual.events)
            if pendingDiffers || triedOther || cacheDiffers {
                return [.rufQueue]
            }
        }
        // A POP applied on sending: the stack the reference keeps, less its top (compared in place, without a copy
        // of the prefix).
        let (kept, shown) = (expected.state.navigation.stack.entries, actual.state.navigation.stack.entries)
        if navigationDiffers, sentAction?.optimisticNavigation?.mode == .pop, shown.count < kept.count,
            kept.starts(with: shown)
        {
            return [.rufNoOptimisticPop]
        }
        var rules: Set<String> = []
        // The screen shown is the response's own field when the stack agrees: its rule, not the navigation's.
        if !navigationDiffers && expected.state.currentScreen != actual.state.currentScreen {
            rules.insert(.rufCurrentScreen)
        }
        // A step with one navigation command is named as the navigation suite names it.
        let cause = navigationDiffers ? navigationCause(actual: actual, step: step) : nil
        if let cause {
            rules.formUnion(cause)
        } else if navigationDiffers {
            let session = before.navigationSession
            if step.response?.navigation?.mode == .failed {
                // With nothing to roll back, FAILED is the navigation model's idle case.
                rules.insert(session.pending == nil ? .navFailedIdle : .rufRollback)
            } else if step.dispatch != nil, before.state.inFlight != nil {
                rules.insert(.rufQueue)
            } else if step.response != nil, let sent = sentAction?.optimisticNavigation,
                step.response?.navigation == nil
            {
                // The waiting action let go applied its optimistic change otherwise: the navigation model's rule for
                // that change, at its level, on the stack the response kept (with no navigation, a change pending
                // stays and is no longer pending). Tried and refused where the reference applied it, it was tried
                // too early: the queue's rule (a queue that sends the wrong action is told above).
                var kept = session
                _ = kept.navigate(nil)
                let outcome = { (events: [ClientEvent]) in
                    events.lazy.compactMap { if case .navigation(let outcome, sent.id) = $0 { outcome } else { nil } }
                        .first
                }
                if outcome(actual.events) == "rejected" && outcome(expected.events) != "rejected" {
                    rules.insert(.rufQueue)
                } else {
                    rules.formUnion(
                        optimisticCause(sent, after: kept, actual: actual) ?? [Self.navigationRule(sent, in: kept)])
                }
            } else if let directive = step.response?.navigation, session.pending == nil {
                // The directive was executed otherwise: the navigation model's rule for it, so that a deviation from
                // one of its SHOULD rules stays a deviation here, and a MUST one a failure.
                rules.insert(Self.navigationRule(directive, in: session))
            } else {
                rules.insert(.rufNavigate)
            }
        }
        rules.formUnion(metaRules(expected: expected, actual: actual, step: step))
        rules.formUnion(cacheRules(expected: expected, actual: actual, step: step, sentAction: sentAction))
        if (expected.state.inFlight == nil) != (actual.state.inFlight == nil)
            || expected.state.queued != actual.state.queued
        {
            rules.insert(step.dispatch != nil ? .rufOneInFlight : .rufQueue)
        }
        rules.formUnion(eventRules(expected: expected.events, actual: actual.events, response: step.response))
        // The navigation events of a command whose cause is named follow from it.
        if let cause { rules.subtract([.rufNavigate, .rufRollback].filter { !cause.contains($0) }) }
        // Other navigationMetrics after a FAILED are the rollback's where it may have left another screen active: the
        // stack differs, or a waiting action sent in the same step may hide it. With the stack as the reference's
        // and nothing to hide it (or nothing to roll back), they are the metrics' own; and with nothing pending, a
        // stack left otherwise is the navigation model's idle case.
        if step.response?.navigation?.mode == .failed, rules.contains(.rufRollback) {
            let pending = before.navigationSession.pending != nil
            if !navigationDiffers && (!pending || before.nextWaitingAction?.optimisticNavigation == nil) {
                rules.remove(.rufRollback)
                rules.insert(.rufNavMetrics)
            } else if !pending {
                rules.remove(.rufRollback)
                rules.insert(.navFailedIdle)
            }
        }
        // Meta the client changed shows again in the request it sends: that is the meta rule, not the request's.
        if expected.state.meta.canonical != actual.state.meta.canonical { rules.remove(.rufRequestMeta) }
        // A stack left otherwise makes another screen active: its navigationMetrics follow from it.
        let navigationRules = rules.filter { $0.hasPrefix("NAV-") || $0.hasPrefix("SES-") }
        if !rules.isDisjoint(with: [.rufNavigate, .rufRollback, .rufQueue]) || !navigationRules.isEmpty {
            rules.remove(.rufNavMetrics)
        }
        // A directive executed otherwise with nothing pending (its outcome, or its stack) is the navigation model's
        // rule for it, at its level: a deviation from a NAV- SHOULD rule stays a deviation in this suite too.
        // Another directive than the pending one redirects: it applies to the stack from before the optimistic change.
        let session = before.navigationSession
        if rules.contains(.rufNavigate) {
            let profile = session.navigator.profile
            var governing: String?
            if let directive = step.response?.navigation, directive.mode != .failed {
                if let pending = session.pending {
                    governing =
                        directive.id == pending.id && directive.asksForSameChange(as: pending.directive)
                        ? .sesConfirm
                        : RuleAttribution.directiveRule(directive, stack: pending.stackBefore, profile: profile)
                } else {
                    governing = Self.navigationRule(directive, in: session)
                }
            } else if let directive = step.dispatch?.optimisticNavigation, before.state.inFlight == nil,
                session.pending == nil
            {
                governing = Self.navigationRule(directive, in: session)
            }
            if let governing {
                rules.remove(.rufNavigate)
                rules.insert(governing)
            }
        }
        return rules.sorted()
    }

    /// Another explanation of a step's difference than the `blamed` rules, as good as theirs, where the input cannot
    /// tell them apart: the rules that alone explain it; empty when the input tells.
    ///
    /// A client that drops the screens a response leaves out (RUF-PARTIAL) shows every entry of those screens gone:
    /// when nothing else differs, that explains the step whatever else the entries lost suggest (a cache keyed by rel
    /// alone loses an entry whose rel the response writes for another screen; an entry of an unknown behavior lost
    /// looks like one the client did not take). `shown` is the cache as the implementation showed it,
    /// when `actual` has parts of it left as the reference's (a step compared past an earlier divergence).
    static func alternatives(
        blamed: [String], expected: ClientObservation, actual: ClientObservation, input: ClientInput,
        before: ReferenceClient, shown: [String: [String: ClientComponent]]? = nil
    ) -> [String] {
        guard !blamed.isEmpty, blamed != [.rufPartial], case .respond(let response) = input else { return [] }
        let sent = Set(response.screens.map(\.name))
        let (old, new) = (expected.state.cache, actual.state.cache)
        let differing = Set(old.keys).union(new.keys).filter { old[$0]?.keys != new[$0]?.keys || old[$0] != new[$0] }
        // Entries gone, only of screens the response left out, and nothing of those screens shown.
        let dropped = differing.allSatisfy { screen in
            !sent.contains(screen) && (new[screen] ?? [:]).allSatisfy { old[screen]?[$0.key] == $0.value }
        }
        // What the waiting action the response lets go writes comes after the merge.
        var whole = shown ?? new
        if let update = before.nextWaitingAction?.optimisticUpdate {
            whole[update.screen]?[update.rel] = nil
            if whole[update.screen]?.isEmpty == true { whole[update.screen] = nil }
        }
        let unsent = Set(old.keys).union(whole.keys).filter { !sent.contains($0) }
        return !differing.isEmpty && dropped && unsent.allSatisfy { whole[$0] == nil } ? [.rufPartial] : []
    }

    /// The navigation model's rule for a directive applied in a session with nothing pending (NAV-).
    static func navigationRule(_ directive: NavigationDirective, in session: NavigationSession) -> String {
        RuleAttribution.directiveRule(directive, stack: session.stack, profile: session.navigator.profile)
    }

    /// The input of a step, taken apart.
    struct Step {
        var response: RUFSession?
        var dispatch: RUFAction?
        var before: ReferenceClient
        /// The cache the implementation showed before the step, when it may differ from the reference's.
        var shownCache: [String: [String: ClientComponent]]?

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
        guard let response = step.response, !response.meta.isEmpty else { return [.rufMetaReadonly] }
        // A key the client added that neither the merge nor the patch has is the client writing meta; anything
        // else (a key lost, a patched value merged otherwise) is the merge.
        let patched = Set(response.meta.map(\.key))
        let added = differing.filter { new[$0] != nil && old[$0] == nil && !patched.contains($0) }
        return added.isEmpty ? [.rufMetaMerge] : [.rufMetaReadonly]
    }

    private static func eventRules(
        expected: [ClientEvent], actual: [ClientEvent], response: RUFSession?
    ) -> Set<String> {
        guard expected != actual else { return [] }
        var rules: Set<String> = []
        let requests = (expected.filter { $0.kind == "request" }, actual.filter { $0.kind == "request" })
        if requests.0 != requests.1 {
            if requests.0.count != requests.1.count {
                rules.insert(requests.1.count > requests.0.count ? .rufOneInFlight : .rufQueue)
            }
            if requests.1.contains(where: { if case .request(let b) = $0 { b.wireProblem != nil } else { false } }) {
                rules.insert(.rufRequestWire)
            }
            for case (.request(let a), .request(let b)) in zip(requests.0, requests.1) {
                if a.id != b.id { rules.insert(.rufRequestID) }
                if a.meta?.canonical != b.meta?.canonical { rules.insert(.rufRequestMeta) }
                if a.screen != b.screen || a.action?.canonical != b.action?.canonical || a.kind != b.kind {
                    rules.insert(.rufQueue)
                }
            }
        }
        for point in RUFMetric.allCases {
            let pick = { (events: [ClientEvent]) in
                events.filter { if case .metric(point, _, _) = $0 { return true } else { return false } }
            }
            let (a, b) = (pick(expected), pick(actual))
            guard a != b else { continue }
            if a.count == b.count, Set(a) == Set(b) {
                rules.insert(.rufMetricOrder)
            } else {
                switch point {
                // Which screen a FAILED response leaves active is the rollback's doing; its metrics follow from it.
                case .navigation:
                    rules.insert(response?.navigation?.mode == .failed ? .rufRollback : .rufNavMetrics)
                case .screen: rules.insert(.rufScreenMetrics)
                case .action: rules.insert(.rufActionMetrics)
                }
            }
        }
        let navigations = (expected.filter { $0.kind == "navigation" }, actual.filter { $0.kind == "navigation" })
        if navigations.0 != navigations.1 {
            rules.insert(response?.navigation?.mode == .failed ? .rufRollback : .rufNavigate)
        }
        let results = (expected.filter { $0.kind == "actionResult" }, actual.filter { $0.kind == "actionResult" })
        if results.0 != results.1 {
            rules.insert(.rufActionResult)
        }
        // The same events, in another order of kinds: the processing order is broken, unless only navigationMetrics
        // moved among the others (fired when a screen loads, not when it became active).
        if rules.isEmpty, expected.count == actual.count, Set(expected) == Set(actual) {
            let isNavigationMetric = { (event: ClientEvent) in
                if case .metric(.navigation, _, _) = event { return true } else { return false }
            }
            let others = (expected.filter { !isNavigationMetric($0) }, actual.filter { !isNavigationMetric($0) })
            // The lifecycle diagram's order (navigation and actionResult, then metrics) is one the pages allow:
            // RUF-ORDER's deviation, however few events make it look like moved navigationMetrics.
            let lifecycle = actual == Self.lifecycleOrder(expected)
            rules.insert(others.0 == others.1 && !lifecycle ? .rufNavMetrics : .rufOrder)
        }
        return rules
    }

    /// A step's events in protocol/lifecycle's order: the response's metrics moved, in their order, after its last
    /// navigation or actionResult event (what follows the next request sent is that request's, and stays).
    static func lifecycleOrder(_ events: [ClientEvent]) -> [ClientEvent] {
        let isMetric = { (event: ClientEvent) in event.kind == "metric" }
        let response = events.prefix { $0.kind != "request" }
        guard let last = response.lastIndex(where: { $0.kind == "navigation" || $0.kind == "actionResult" }) else {
            return events
        }
        let metrics = events[...last].filter(isMetric)
        return events[...last].filter { !isMetric($0) } + metrics + events[(last + 1)...]
    }
}
