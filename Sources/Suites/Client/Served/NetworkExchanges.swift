import Foundation
import HTTPWire
import PropertyTesting

/// The requests a served client sent to the kit, in the order they arrived, and those still waiting for their
/// answer: the network as the kit, the client's server, sees it. Each request waits on its connection's thread
/// until the run answers it (with the next response the run draws) or moves on.
final class NetworkExchanges: @unchecked Sendable {
    /// A request that waits for its answer.
    private final class Waiting {
        let request: HTTPRequest
        var answer: HTTPResponse?
        init(_ request: HTTPRequest) { self.request = request }
    }

    private let condition = NSCondition()
    private var arrivals: [HTTPRequest] = []
    private var waiting: [Waiting] = []
    private var stopped = false
    /// How long a request waits for its answer before it is answered 504: longer than any step.
    let longestWait: Duration

    init(longestWait: Duration) { self.longestWait = longestWait }

    /// The server's handler: records the request and waits for the run to answer it.
    func arrived(_ request: HTTPRequest) -> HTTPResponse {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return .text(503, "the run has ended\n") }
        let entry = Waiting(request)
        arrivals.append(request)
        waiting.append(entry)
        condition.broadcast()
        let deadline = Date().addingTimeInterval(longestWait.seconds)
        while entry.answer == nil {
            if !condition.wait(until: deadline) { break }
        }
        waiting.removeAll { $0 === entry }
        return entry.answer ?? .text(504, "no answer was drawn for this request within \(longestWait)\n")
    }

    /// How many requests have arrived so far.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return arrivals.count
    }

    /// The requests that arrived after the first `mark`, once at least `expected` did (or `timeout` passed), and
    /// `settle` more passed without another: a client that sends more than it says is seen too.
    func arrivals(after mark: Int, expected: Int, timeout: Duration, settle: Duration) -> [HTTPRequest] {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout.seconds)
        while arrivals.count - mark < expected, condition.wait(until: deadline) {}
        var quiet = Date().addingTimeInterval(settle.seconds)
        var seen = arrivals.count
        while condition.wait(until: quiet) {
            if arrivals.count != seen {
                seen = arrivals.count
                quiet = Date().addingTimeInterval(settle.seconds)
            }
        }
        return Array(arrivals[min(mark, arrivals.count)...])
    }

    /// Answers the oldest request still waiting; `false` when none waits.
    func answerOldest(with response: HTTPResponse) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let oldest = waiting.first(where: { $0.answer == nil }) else { return false }
        oldest.answer = response
        condition.broadcast()
        return true
    }

    /// A new run: requests still waiting from the last one are answered 503, and the log starts empty.
    func reset() {
        condition.lock()
        defer { condition.unlock() }
        for entry in waiting where entry.answer == nil {
            entry.answer = .text(503, "the run this request was part of has ended\n")
        }
        arrivals.removeAll()
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
