import Foundation
import HTTPWire
import PropertyTesting

/// The requests a served client sent to the kit, in the order they arrived, and those still waiting for their
/// answer: the network as the kit, the client's server, sees it. Each request waits on its connection's thread
/// until the run answers it (with the next response the run draws) or moves on.
///
/// A retry is not a new request: one with the `x-request-id`, path and body of a request still waiting waits for
/// that request's answer (its first connection may be gone), and one of a request already answered in this run gets
/// that answer again at once, as an idempotent server gives it, and is recorded as a retry.
final class NetworkExchanges: @unchecked Sendable {
    /// What arrived: a request the run answers, or one the kit's HTTP server refused before it reached the run.
    enum Arrival {
        case request(HTTPRequest)
        /// A request already answered in this run, sent again and given the same answer.
        case retried(HTTPRequest)
        /// The server's refusal (`400`, `408`, `413`, `503`, …): status and sentence.
        case refused(HTTPResponse)
    }

    /// A request that waits for its answer, and every retry of it.
    private final class Waiting {
        let request: HTTPRequest
        var answer: HTTPResponse?
        init(_ request: HTTPRequest) { self.request = request }

        /// Whether `other` is this request sent again.
        func isRetried(by other: HTTPRequest) -> Bool {
            let id = request.headers["x-request-id"] ?? ""
            return !id.isEmpty && other.headers["x-request-id"] == id && other.path == request.path
                && other.body == request.body
        }
    }

    private let condition = NSCondition()
    private var arrivals: [Arrival] = []
    private var waiting: [Waiting] = []
    private var answered: [Waiting] = []
    private var stopped = false
    /// How many times the server handed something on (a request, a retry, a refusal): never reset.
    private var received = 0
    /// How long a request waits for its answer before it is answered 504: longer than any step.
    let longestWait: Duration

    init(longestWait: Duration) { self.longestWait = longestWait }

    /// The server's handler: records the request and waits for the run to answer it.
    func arrived(_ request: HTTPRequest) -> HTTPResponse {
        condition.lock()
        defer { condition.unlock() }
        received += 1
        condition.broadcast()
        guard !stopped else { return .text(503, "the run has ended\n") }
        if let first = answered.last(where: { $0.isRetried(by: request) }), let answer = first.answer {
            arrivals.append(.retried(request))
            condition.broadcast()
            return answer
        }
        let entry: Waiting
        if let first = waiting.first(where: { $0.isRetried(by: request) }) {
            entry = first
        } else {
            entry = Waiting(request)
            arrivals.append(.request(request))
            waiting.append(entry)
            condition.broadcast()
        }
        let deadline = Date().addingTimeInterval(longestWait.seconds)
        while entry.answer == nil {
            if !condition.wait(until: deadline) { break }
        }
        waiting.removeAll { $0 === entry }
        return entry.answer ?? .text(504, "no answer was drawn for this request within \(longestWait)\n")
    }

    /// The server's refusal of something a client sent, recorded as an arrival.
    func refused(_ response: HTTPResponse) {
        condition.lock()
        defer { condition.unlock() }
        received += 1
        condition.broadcast()
        guard !stopped else { return }
        arrivals.append(.refused(response))
        condition.broadcast()
    }

    /// Waits until the server's first `handedOn` hand-ons are recorded (each is on its way, a few lines off).
    func recorded(_ handedOn: Int) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(1)
        while received < handedOn, condition.wait(until: deadline) {}
    }

    /// How many requests have arrived so far.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return arrivals.count
    }

    /// The arrivals from the `from`th up to the `to`th.
    func arrivals(from start: Int, to end: Int) -> [Arrival] {
        condition.lock()
        defer { condition.unlock() }
        return Array(arrivals[min(start, arrivals.count)..<min(max(start, end), arrivals.count)])
    }

    /// The requests that arrived after the first `mark`, once at least `expected` did or `timeout` passed.
    func arrivals(after mark: Int, expected: Int, timeout: Duration) -> [Arrival] {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout.seconds)
        while arrivals.count - mark < expected, condition.wait(until: deadline) {}
        return Array(arrivals[min(mark, arrivals.count)...])
    }

    /// Answers every request still waiting (and their retries); `false` when none waits. A client that keeps one
    /// request in flight has one waiting; one that sent more gets the same answer on each, and is judged by what it
    /// sent, never left waiting for an answer that cannot come.
    func answerWaiting(with response: HTTPResponse) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let unanswered = waiting.filter { $0.answer == nil }
        for entry in unanswered {
            entry.answer = response
            answered.append(entry)
        }
        condition.broadcast()
        return !unanswered.isEmpty
    }

    /// A new run: requests still waiting from the last one are answered 503, and the log starts empty.
    func reset() {
        condition.lock()
        defer { condition.unlock() }
        for entry in waiting where entry.answer == nil {
            entry.answer = .text(503, "the run this request was part of has ended\n")
        }
        arrivals.removeAll()
        answered.removeAll()
        condition.broadcast()
    }

    /// The end: every waiting request is answered 503, and later ones at once.
    func stop() {
        reset()
        condition.lock()
        stopped = true
        condition.unlock()
    }
}
