import Foundation
import HTTPWire
import JSON
import NavigationModel
import RUFClientModel
import Testing

@testable import FlowCheckClientSuite

/// Requests read off the network under `flowcheck serve`: what the api-contract page asks of each, and how they take
/// the place of those a harness reports.
@Suite("Requests on the network")
struct ServedClientTests {
    static func request(
        _ path: String, _ body: String, method: String = "POST",
        headers: [(String, String)] = [("Content-Type", "application/json"), ("x-request-id", "a1")]
    ) -> HTTPRequest {
        HTTPRequest(
            method: method, target: path, headers: HTTPHeaders(headers.map { (name: $0.0, value: $0.1) }),
            body: Data(body.utf8))
    }

    static let create = #"{"screen":"HOME","screenParams":{"entry":"push"},"context":{"os":"ios","version":"1.0.0"}}"#
    static let action = #"{"screen":"HOME","action":{"type":"OPEN","payload":{"id":"p1"}},"meta":{"token":"t"}}"#
    static let params = JSONValue.object([("entry", .string("push"))])

    @Test("A create and an action as the api-contract gives them read with no problem, field by field")
    func contract() throws {
        let create = ClientRequest(network: Self.request("/session/create", Self.create), createParams: Self.params)
        #expect(create.wireProblem == nil)
        #expect(create.kind == "create" && create.id == "a1" && create.screen == "HOME")
        #expect(create.screenParams == Self.params)
        let action = ClientRequest(network: Self.request("/session/action", Self.action), createParams: nil)
        #expect(action.wireProblem == nil)
        #expect(action.kind == "action")
        // screenParams is optional: a create given none may leave it out, and reads as having sent {}.
        let bare = ClientRequest(
            network: Self.request("/session/create", #"{"screen":"HOME","context":{}}"#), createParams: .object([]))
        #expect(bare.wireProblem == nil && bare.screenParams == .object([]))
        #expect(action.action?["type"]?.stringValue == "OPEN")
        #expect(action.meta == .object([("token", .string("t"))]))
    }

    @Test(
        "Each departure from the api-contract is said",
        arguments: [
            (request("/session/action", action, method: "PUT"), "PUT, not POST"),
            (request("/session/actions", action), "the path /session/actions"),
            (request("/session/action", action, headers: [("x-request-id", "a")]), "Content-Type missing"),
            (request("/session/action", action, headers: [("Content-Type", "application/json")]), "no x-request-id"),
            (request("/session/action", "{"), "the body is not a JSON object"),
            (
                request("/session/action", #"{"screen":"HOME","action":{"type":"OPEN","payload":[]},"meta":{}}"#),
                "action.payload is not an object"
            ),
            (
                request("/session/action", #"{"screen":"HOME","action":{"type":"OPEN","payload":{}}}"#),
                "meta is not an object"
            ),
            (
                request("/session/create", #"{"screen":"HOME","context":{}}"#),
                #"no screenParams, where the create was given {"entry":"push"}"#
            ),
            (
                request("/session/create", #"{"screen":"HOME","screenParams":{},"context":{}}"#),
                "screenParams {}, not the create's"
            ),
            (request("/session/create", #"{"screen":"HOME","screenParams":{"entry":"push"}}"#), "no context object"),
        ])
    func departure(request: HTTPRequest, problem: String) {
        let read = ClientRequest(network: request, createParams: Self.params)
        #expect(read.wireProblem?.contains(problem) == true, "\(read.wireProblem ?? "no problem")")
    }

    @Test("The network's requests replace the reported ones in order; one never sent is marked, one unreported added")
    func replacement() {
        func request(_ id: String, unreported: Bool = false) -> ClientRequest {
            var request = ClientRequest(kind: "action", id: id, screen: "HOME")
            request.unreported = unreported
            return request
        }
        let navigation = ClientEvent.navigation(outcome: "optimistic", id: "n1")
        var missing = request("r")
        missing.wireProblem = "the harness reports it, but it never arrived at the kit"
        #expect(
            ServedClient.events([.request(request("r")), navigation], requests: []) == [.request(missing), navigation])
        #expect(
            ServedClient.events([navigation], requests: [request("w")])
                == [.request(request("w", unreported: true)), navigation])
        #expect(
            ServedClient.events([.request(request("r")), navigation], requests: [request("w1"), request("w2")])
                == [.request(request("w1")), .request(request("w2", unreported: true)), navigation])
    }

    @Test("A request the harness did not report stands where the reference's stands among the step's events")
    func placement() {
        func request(_ id: String, unreported: Bool = false, retried: Bool = false) -> ClientEvent {
            var request = ClientRequest(kind: "action", id: id, screen: "HOME")
            (request.unreported, request.retried) = (unreported, retried)
            return .request(request)
        }
        let metric = ClientEvent.metric(point: .navigation, screen: "HOME", metric: .string("nav"))
        let navigation = ClientEvent.navigation(outcome: "optimistic", id: "n1")
        let expected = [navigation, request("#1"), metric]
        #expect(
            ClientComparison.placed([request("a", unreported: true), navigation, metric], like: expected)
                == [navigation, request("a"), metric])
        // More requests than the reference's: the rest at the end, where they are compared (RUF-ONE-IN-FLIGHT).
        #expect(
            ClientComparison.placed([request("a", unreported: true), request("b", unreported: true)], like: [])
                == [request("a"), request("b")])
        // Reported requests keep their place.
        #expect(ClientComparison.placed([metric, request("a")], like: expected) == [metric, request("a")])
        // A retry of an answered request is left out when the others are as many as the reference's, kept if not.
        #expect(
            ClientComparison.placed([request("a", retried: true), navigation, request("b")], like: [request("#1")])
                == [navigation, request("b")])
        #expect(
            ClientComparison.placed([request("a", retried: true), navigation], like: [request("#1")])
                == [request("a"), navigation])
    }

    @Test("A step short of a request gets back the next step's unreported one, marked as sent after the reply")
    func lateRequests() {
        func request(_ id: String, unreported: Bool = false) -> ClientEvent {
            var request = ClientRequest(kind: "action", id: id, screen: "HOME")
            request.unreported = unreported
            return .request(request)
        }
        let state = ClientState(stack: [])
        let expected = [
            ClientObservation(state: state, events: [request("#1")]), ClientObservation(state: state, events: []),
        ]
        let replies = [
            ClientObservation(state: state, events: []),
            ClientObservation(state: state, events: [request("a", unreported: true)]),
        ]
        let moved = ClientComparison.relocatingLate(replies, expected: expected)
        guard case .request(let late)? = moved[0].events.first else {
            Issue.record("no request moved back: \(moved)")
            return
        }
        #expect(late.id == "a")
        #expect(late.wireProblem?.contains("after the harness replied") == true)
        #expect(moved[1].events.isEmpty)
        // A reported request is the harness's word: it stays where it was reported.
        let reported = [replies[0], ClientObservation(state: state, events: [request("a")])]
        #expect(ClientComparison.relocatingLate(reported, expected: expected) == reported)
    }
}
