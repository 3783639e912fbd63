import JSON
import RUFClientModel

/// What of a client's state earlier divergences left otherwise than the reference's, so that a run can be compared
/// past its first divergence.
///
/// A client with several bugs diverges early in nearly every run, on whichever bug the run meets first: without
/// looking further, a rule broken only after that (an APPEND into one component, once another component's merge went
/// wrong) is never compared in any run. Past the first divergence only what follows from the input and from parts
/// still equal is compared: the cached components of each rel whose values have agreed so far, the meta while it
/// agrees (after that, whether a request carries the client's own meta), the requests' ids while they agree, and the
/// requests and the queue. Once the requests part (another number sent, another action, another queue), the
/// responses answer other requests than the reference's, and nothing after is comparable. The stack, the metrics, the
/// navigation events and what is shown follow from the stack, which no later step can be told apart from: they are
/// not compared past the first step that diverged.
struct ClientTaint {
    /// The rels of the cached components that differed at some step. A rel, not a screen's entry: a cache keyed by
    /// rel alone shows its one entry under another screen, and restores it there on a rollback.
    private var rels: Set<String> = []
    /// Whether the meta differed at some step.
    private var meta = false
    /// Whether a request's id differed at some step: later ids are numbered otherwise from then on.
    private var requestIDs = false
    /// Whether the requests or the queue parted: no later step is comparable.
    private(set) var parted = false

    /// Marks the run parted: after a queue that sent another action than the one due, the two clients wait for
    /// answers to different actions, whatever their requests show.
    mutating func part() { parted = true }

    /// Records what differs between the two observations of one step.
    mutating func record(expected: ClientObservation, actual: ClientObservation) {
        let (old, new) = (expected.state.cache, actual.state.cache)
        for screen in Set(old.keys).union(new.keys) {
            let rels = Self.rels(old[screen]).union(Self.rels(new[screen]))
            for rel in rels where old[screen]?[rel] != new[screen]?[rel] {
                self.rels.insert(rel)
            }
        }
        if expected.state.meta.canonical != actual.state.meta.canonical { meta = true }
        let requests = (Self.requests(expected.events), Self.requests(actual.events))
        let sameRequests =
            requests.0.count == requests.1.count
            && zip(requests.0, requests.1).allSatisfy {
                $0.kind == $1.kind && $0.screen == $1.screen && $0.action?.canonical == $1.action?.canonical
            }
        if !sameRequests || (expected.state.inFlight == nil) != (actual.state.inFlight == nil)
            || expected.state.queued != actual.state.queued
        {
            parted = true
        }
        if zip(requests.0, requests.1).contains(where: { $0.id != $1.id })
            || expected.state.inFlight != actual.state.inFlight
        {
            requestIDs = true
        }
    }

    /// The implementation's observation as far as it is compared: the expected one, with the implementation's
    /// cached components, meta, requests and queue where they agreed so far.
    ///
    /// Once the meta differed, a request still carries the client's own meta, as it showed it before the step
    /// (`shownMeta`) or after it: one that carries another is shown as sent.
    func masked(expected: ClientObservation, actual: ClientObservation, shownMeta: JSONValue) -> ClientObservation {
        var result = expected
        var cache = expected.state.cache
        for screen in Set(cache.keys).union(actual.state.cache.keys) {
            let rels = Self.rels(cache[screen]).union(Self.rels(actual.state.cache[screen]))
            for rel in rels where !self.rels.contains(rel) {
                cache[screen, default: [:]][rel] = actual.state.cache[screen]?[rel]
            }
            if cache[screen]?.isEmpty == true { cache[screen] = nil }
        }
        result.state.cache = cache
        if !meta { result.state.meta = actual.state.meta }
        result.state.queued = actual.state.queued
        if !requestIDs || (expected.state.inFlight == nil) != (actual.state.inFlight == nil) {
            result.state.inFlight = actual.state.inFlight
        }
        var sent = Self.requests(actual.events).makeIterator()
        var events = expected.events.compactMap { event -> ClientEvent? in
            guard case .request(let due) = event else { return event }
            guard var request = sent.next() else { return nil }
            if meta, Self.isOwn(request.meta, due: due.meta, shown: shownMeta, after: actual.state.meta) {
                request.meta = due.meta
            }
            if requestIDs { request.id = due.id }
            return .request(request)
        }
        while let request = sent.next() { events.append(.request(request)) }
        result.events = events
        return result
    }

    /// Whether a request's meta is the client's own, key by key: as the client showed it before the step, or after
    /// (a patch merged before the request, a key written after it), or as the reference sends it. A meta with a key
    /// of the client's left out, or holding another value, is not.
    private static func isOwn(_ sent: JSONValue?, due: JSONValue?, shown: JSONValue, after: JSONValue) -> Bool {
        let sources = [sent, due, shown, after].map { $0?.objectPairs ?? [] }
        let keys = Set(sources.joined().map(\.key))
        return keys.allSatisfy { key in
            let value = { (pairs: [(key: String, value: JSONValue)]) in pairs.last { $0.key == key }?.value.canonical }
            let candidates = sources.dropFirst().map(value)
            return candidates.contains { $0 == value(sources[0]) }
        }
    }

    private static func rels(_ screen: [String: ClientComponent]?) -> Set<String> {
        Set(screen.map { Array($0.keys) } ?? [])
    }

    private static func requests(_ events: [ClientEvent]) -> [ClientRequest] {
        events.compactMap { if case .request(let request) = $0 { request } else { nil } }
    }
}
