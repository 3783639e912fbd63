import JSON
public import NavigationModel

/// The reference RUF client: what a client conforming to the protocol's rules, and to the kit's decisions where the
/// pages are silent, shows after each input. Pure: no I/O, no clock, no randomness.
///
/// A Session response is processed in the session page's order: merge the meta patch, update the component cache
/// (and roll back a rejected action's optimistic component), fire metrics (navigationMetrics of the screen that
/// becomes active, then each loaded screen's metrics, then actionMetrics of a successful action), execute the
/// navigation, show the actionResult. One request is in flight at a time; an action dispatched meanwhile waits
/// and is sent, with its optimistic changes, when the answer in flight has been processed.
public struct ReferenceClient: Sendable {
    /// What happens to an action dispatched while another is in flight.
    public enum Queueing: String, Hashable, Sendable, CaseIterable {
        /// Every waiting action is sent in turn, oldest first.
        case fifo
        /// Only the newest waiting action is kept: a newer one supersedes the one waiting (never the one in
        /// flight, whose answer may carry state).
        case latest
    }

    /// The observable state.
    public private(set) var state: ClientState
    private var session: NavigationSession
    private let queueing: Queueing
    private var requests = 0
    private var waiting: [Waiting] = []
    private var inFlight: InFlight?

    private enum Waiting: Hashable, Sendable {
        case create(screen: String, params: JSONValue)
        case action(RUFAction)
    }

    private struct InFlight: Hashable, Sendable {
        /// The stack when the request was sent, before any optimistic change; `nil` for a create, before which no
        /// screen was active.
        var stackBefore: ScreenStack?
        /// The optimistic component update, and what the cache held for its key before it.
        var update: OptimisticUpdate?
        var before: ClientComponent?
        /// The whole cache when the request was sent, before any optimistic change.
        var cache: [String: [String: ClientComponent]] = [:]
    }

    /// A client on `stack` with `profile`, an empty cache and meta, nothing in flight.
    public init(stack: ScreenStack, profile: NavigationProfile, queueing: Queueing = .fifo) throws(NavigationModelError)
    {
        session = try NavigationSession(stack: stack, profile: profile)
        state = ClientState(stack: stack)
        self.queueing = queueing
    }

    /// The active screen: the top of the stack.
    public var activeScreen: String? { session.stack.last?.screen }

    /// The cache as it was when the request in flight was sent, before any optimistic change; `nil` when none is.
    public var cacheWhenSent: [String: [String: ClientComponent]]? { inFlight?.cache }

    /// Whether the request in flight updated a component optimistically.
    public var hasOptimisticUpdate: Bool { inFlight?.update != nil }

    /// The optimistic component update of the request in flight, if any.
    public var optimisticUpdateInFlight: OptimisticUpdate? { inFlight?.update }

    /// The actions waiting for the request in flight, oldest first.
    public var waitingActions: [RUFAction] {
        waiting.compactMap { if case .action(let action) = $0 { return action } else { return nil } }
    }

    /// The action the next response sends, when one is waiting (a waiting create is not an action).
    public var nextWaitingAction: RUFAction? {
        if case .action(let action)? = waiting.first { return action }
        return nil
    }

    /// The optimistic navigation awaiting the server's answer, if any.
    public var pendingDirective: NavigationDirective? { session.pending?.directive }
    /// The navigation session the client's stack lives in: the navigation model's rules govern each directive.
    public var navigationSession: NavigationSession { session }

    /// Applies one input and tells what the client shows afterwards.
    public mutating func apply(_ input: ClientInput) -> ClientObservation {
        var events: [ClientEvent] = []
        switch input {
        case .create(let screen, let params): submit(.create(screen: screen, params: params), events: &events)
        case .dispatch(let action): submit(.action(action), events: &events)
        case .respond(let response):
            process(response, events: &events)
            if !waiting.isEmpty { send(waiting.removeFirst(), events: &events) }
        }
        state.navigation = session.state
        state.queued = waiting.count
        return ClientObservation(state: state, events: events)
    }

    private mutating func submit(_ request: Waiting, events: inout [ClientEvent]) {
        guard state.inFlight == nil else {
            if queueing == .latest { waiting.removeAll() }
            waiting.append(request)
            return
        }
        send(request, events: &events)
    }

    private mutating func send(_ request: Waiting, events: inout [ClientEvent]) {
        requests += 1
        let id = "#\(requests)"
        state.inFlight = id
        var flight = InFlight(stackBefore: session.stack, cache: state.cache)
        switch request {
        case .create(let screen, let params):
            flight.stackBefore = nil
            events.append(.request(ClientRequest(kind: "create", id: id, screen: screen, screenParams: params)))
        case .action(let action):
            events.append(
                .request(
                    ClientRequest(
                        kind: "action", id: id, screen: action.screen,
                        action: JSONValue.object([("type", .string(action.type)), ("payload", action.payload)])
                            .canonical,
                        meta: state.meta)))
            if let directive = action.optimisticNavigation {
                let outcome = session.optimistic(directive)
                events.append(.navigation(outcome: outcome.isApplied ? "optimistic" : "rejected", id: directive.id))
            }
            if let update = action.optimisticUpdate {
                flight.update = update
                flight.before = state.cache[update.screen]?[update.rel]
                state.cache[update.screen, default: [:]][update.rel] = ClientComponent(json: update.component)
            }
        }
        inFlight = flight
    }

    private mutating func process(_ response: RUFSession, events: inout [ClientEvent]) {
        let flight = inFlight
        inFlight = nil
        state.inFlight = nil
        // 1. Meta: a shallow merge; a key the patch sets to null holds null.
        if !response.meta.isEmpty {
            var pairs = state.meta.objectPairs ?? []
            for patch in response.meta {
                if let at = pairs.firstIndex(where: { $0.key == patch.key }) {
                    pairs[at].value = patch.value
                } else {
                    pairs.append((patch.key, patch.value))
                }
            }
            state.meta = JSONValue.object(pairs).canonical
        }
        // 2. The cache: a rejected action's optimistic component first goes back to what it was, then every
        // component of the response is merged by its strategy (into the restored value, for that one).
        if let update = flight?.update, response.rejectsAction {
            state.cache[update.screen]?[update.rel] = flight?.before
            if state.cache[update.screen]?.isEmpty == true { state.cache[update.screen] = nil }
        }
        for screen in response.screens {
            for component in screen.components {
                let strategy = RUFMergeStrategy(json: component.value["mergeStrategy"]) ?? .replace
                let cached = state.cache[screen.name]?[component.key]
                state.cache[screen.name, default: [:]][component.key] = strategy.merge(component.value, into: cached)
            }
        }
        // 3. Metrics, each list in its order: the screen that becomes active, every loaded screen, the action. A
        // screen becomes active when this response leaves the stack other than it was when the request was sent (a
        // push, a pop, a confirmed optimistic change; not a rollback); after a create, the first screen does.
        var after = session
        _ = after.navigate(response.navigation)
        let activeAfter = after.stack.last?.screen
        let changed = flight.map { $0.stackBefore != after.stack } ?? (after.stack != session.stack)
        if let activeAfter, changed, let screen = response.screens.first(where: { $0.name == activeAfter }) {
            for metric in screen.navigationMetrics {
                events.append(.metric(point: .navigation, screen: activeAfter, metric: metric))
            }
        }
        for screen in response.screens {
            for metric in screen.metrics { events.append(.metric(point: .screen, screen: screen.name, metric: metric)) }
        }
        if !response.rejectsAction {
            for metric in response.actionMetrics { events.append(.metric(point: .action, screen: nil, metric: metric)) }
        }
        // 4. Navigation.
        if let directive = response.navigation {
            let pending = session.pending
            let name: String
            if directive.mode == .failed {
                name = pending == nil ? "failed" : "rolledBack"
            } else if let pending, directive.id == pending.id, directive.asksForSameChange(as: pending.directive) {
                name = "confirmed"
            } else {
                name = ""
            }
            let outcome = session.navigate(directive)
            events.append(
                .navigation(
                    outcome: name.isEmpty ? (outcome.isApplied ? "applied" : "rejected") : name,
                    id: directive.id))
        } else {
            // No directive: an optimistic change stays, as the server did not undo it.
            _ = session.navigate(nil)
        }
        // 5. The actionResult, whatever its type: an unknown one is shown as nothing, never a failure.
        if let result = response.actionResult { events.append(.actionResult(result.canonical)) }
        if let screen = response.currentScreen { state.currentScreen = screen }
    }
}
