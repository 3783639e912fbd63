import Foundation
import HTTPWire
import Testing

@testable import FlowCheckClientSuite

/// The kit's side of `flowcheck serve`: requests wait for the answer the run draws, and what a hostile client sends
/// (a body past the limit, a malformed head) never reaches the run.
@Suite("The network under flowcheck serve")
struct NetworkExchangesTests {
    static func post(_ server: HTTPServer, _ path: String, body: Data = Data("{}".utf8)) -> Int {
        let request = HTTPRequest(
            method: "POST", target: path,
            headers: HTTPHeaders([("Content-Type", "application/json"), ("x-request-id", "r")]), body: body)
        return (try? HTTPClient.send(request, to: HTTPEndpoint(server.url), timeout: .seconds(5)).status) ?? 0
    }

    /// A request sent on a thread of its own (not a task: the test blocks its thread while it waits for arrivals,
    /// and a loaded cooperative pool might never run the task), and its status once answered.
    final class Sent: @unchecked Sendable {
        private(set) var status = 0
        private let done = DispatchSemaphore(value: 0)

        init(_ server: HTTPServer, _ path: String, body: String = "{}") {
            Thread {
                self.status = NetworkExchangesTests.post(server, path, body: Data(body.utf8))
                self.done.signal()
            }.start()
        }

        /// The status, once the answer came (0 when none came within 10 s).
        var answered: Int { done.wait(timeout: .now() + 10) == .success ? status : 0 }
    }

    @Test(
        "A request waits for the answer the run draws; a new run answers the old one's 503; a huge body never arrives")
    func waitsAndRefuses() throws {
        let network = NetworkExchanges(longestWait: .seconds(5))
        var limits = HTTPLimits()
        limits.bodyBytes = 1024
        let server = try HTTPServer(HTTPServer.Configuration(limits: limits), refused: network.refused) {
            network.arrived($0)
        }
        server.start()
        defer {
            network.stop()
            server.stop()
        }
        let answered = Sent(server, "/session/create")
        let arrived = network.arrivals(after: 0, expected: 1, timeout: .seconds(5))
        #expect(arrived.map(Self.path) == ["/session/create"])
        #expect(network.answerWaiting(with: .json(200, "{}")))
        #expect(answered.answered == 200)
        #expect(!network.answerWaiting(with: .json(200, "{}")), "nothing waits any more")
        // Two in flight at once (RUF-ONE-IN-FLIGHT): both get the answer, neither waits for one that cannot come.
        let (one, two) = (Sent(server, "/session/action", body: "[1]"), Sent(server, "/session/action", body: "[2]"))
        _ = network.arrivals(after: 1, expected: 2, timeout: .seconds(5))
        #expect(network.answerWaiting(with: .json(200, "{}")))
        #expect(one.answered == 200 && two.answered == 200)

        let dropped = Sent(server, "/session/action")
        _ = network.arrivals(after: 3, expected: 1, timeout: .seconds(5))
        network.reset()
        #expect(dropped.answered == 503)

        #expect(Self.post(server, "/session/action", body: Data(repeating: 0x20, count: 4096)) == 413)
        let refused = network.arrivals(after: 0, expected: 1, timeout: .seconds(5))
        #expect(refused.map(Self.path) == ["refused 413"], "a refused request is still one the client sent")
    }

    @Test("A retry of a waiting request waits for its answer; one of an answered request gets that answer again")
    func retries() throws {
        let network = NetworkExchanges(longestWait: .seconds(5))
        let server = try HTTPServer { network.arrived($0) }
        server.start()
        defer {
            network.stop()
            server.stop()
        }
        let first = Sent(server, "/session/action")
        _ = network.arrivals(after: 0, expected: 1, timeout: .seconds(5))
        let retry = Sent(server, "/session/action")
        // The retry waits on the first request's answer: not a second arrival.
        #expect(
            network.arrivals(after: 0, expected: 2, timeout: .milliseconds(200)).count == 1)
        #expect(network.answerWaiting(with: .json(200, "{}")))
        #expect(first.answered == 200)
        #expect(retry.answered == 200)
        #expect(Self.post(server, "/session/action") == 200, "answered at once, as before")
        let seen = network.arrivals(after: 0, expected: 2, timeout: .seconds(5))
        #expect(seen.map(Self.path) == ["/session/action", "retried /session/action"])
        #expect(!network.answerWaiting(with: .json(200, "{}")), "nothing waits")
    }

    static func path(_ arrival: NetworkExchanges.Arrival) -> String {
        switch arrival {
        case .request(let request): request.path
        case .retried(let request): "retried " + request.path
        case .refused(let response): "refused \(response.status)"
        }
    }
}
