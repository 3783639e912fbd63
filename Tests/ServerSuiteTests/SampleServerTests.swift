import Foundation
import HTTPWire
import JSON
import RUFServerModel
import RUFSpec
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A client session as the server suite drives one: create, then actions, each with a fresh request id and the full
/// meta merged shallowly; every answer checked, and one request sent twice.
struct ScriptedSession {
    let server: SampleServer
    let check: SessionCheck
    var meta: [(key: String, value: JSONValue)] = []
    var violations: [ServerViolation] = []

    init(_ server: SampleServer, version: String) {
        self.server = server
        check = SessionCheck(spec: SampleServerTests.spec, clientVersion: version)
    }

    mutating func send(
        _ path: String, _ body: JSONValue, answering request: SessionCheck.Request, id: String = UUID().uuidString
    ) throws -> JSONValue? {
        let http = HTTPRequest(
            method: "POST", target: path,
            headers: HTTPHeaders([("x-request-id", id), ("Content-Type", "application/json")]),
            body: Data(JSONWriter.write(body).utf8))
        let response = try HTTPClient.send(http, to: server.endpoint)
        let answer = try? JSONParser.parse(String(decoding: response.body, as: UTF8.self))
        violations += check.check(status: response.status, body: answer, answering: request)
        // The client merges the meta patch shallowly and sends it whole.
        for (key, value) in answer?.objectPairs?.first(where: { $0.key == "meta" })?.value.objectPairs ?? [] {
            meta.removeAll { $0.key == key }
            meta.append((key, value))
        }
        return answer
    }

    mutating func create(_ screen: String, version: String) throws {
        let body = JSONValue.object([
            ("screen", .string(screen)), ("context", .object([("os", .string("ios")), ("version", .string(version))])),
        ])
        _ = try send("/session/create", body, answering: .create(screen: screen))
    }

    mutating func act(
        _ screen: String, _ type: String, _ payload: [(String, JSONValue)] = [], id: String? = nil
    )
        throws -> JSONValue?
    {
        let body = JSONValue.object([
            ("screen", .string(screen)),
            ("action", .object([("type", .string(type)), ("payload", .object(payload.map { ($0.0, $0.1) }))])),
            ("meta", .object(meta)),
        ])
        return try send(
            "/session/action", body, answering: .action(screen: screen, type: type), id: id ?? UUID().uuidString)
    }

    /// A walk through the shop: browse, add to the cart (once failing), check out (once failing), order; one
    /// request sent again with its request id.
    mutating func shop(version: String) throws {
        try create("HOME", version: version)
        _ = try act("HOME", "LOAD_MORE", [("page", .number(1))])
        let id = UUID().uuidString
        let first = try act("HOME", "OPEN_PRODUCT", [("productId", .string("p1"))], id: id)
        let again = try act("HOME", "OPEN_PRODUCT", [("productId", .string("p1"))], id: id)
        violations += SessionCheck.repeated(first, again)
        _ = try act("PRODUCT", "ADD_TO_CART", [("productId", .string(""))])
        _ = try act("PRODUCT", "ADD_TO_CART", [("productId", .string("p1"))])
        _ = try act("CART", "CHECKOUT")
        _ = try act("CHECKOUT", "PLACE_ORDER", [("paymentMethodId", .string(""))])
        _ = try act("CHECKOUT", "PLACE_ORDER", [("paymentMethodId", .string("pm-1"))])
        _ = try act("ORDER_CONFIRMATION", "GO_HOME")
        _ = try act("HOME", "OPEN_CART")
    }
}

@Suite("The sample RUF backend over HTTP")
struct SampleServerTests {
    static let spec = SpecReader {
        try? String(
            contentsOf: SampleServer.root.appendingPathComponent("Corpus/specs").appendingPathComponent($0),
            encoding: .utf8)
    }.spec(file: "shop.ruf.yaml")

    @Test("Conforms for clients of every version around the spec's keys: no answer breaks a rule")
    func conforms() throws {
        let server = try SampleServer()
        for version in ["2.2.1", "2.1.9", "2.1.8", "2.2.0+5", "1.9.0", "1.8.0", "3.0.0"] {
            var session = ScriptedSession(server, version: version)
            try session.shop(version: version)
            #expect(session.violations.isEmpty, "\(version): \(session.violations)")
        }
    }

    @Test(
        "Each planted bug is named by its rule",
        arguments: [
            ("undeclared-component", "SRV-COMPONENT-DECLARED"), ("wrong-type", "SRV-COMPONENT-TYPES"),
            ("no-navigation-id", "SRV-NAV-ID"), ("meta-not-patch", "SRV-META-PATCH"),
            ("version-off-by-one", "SRV-VERSION-RESOLUTION"), ("failed-omitted", "SRV-NAV-FAILED"),
            ("idempotency-broken", "SRV-IDEMPOTENT"), ("undeclared-destination", "SRV-NAV-DECLARED"),
            ("undeclared-error", "SRV-ACTION-RESULT"), ("wrong-merge-strategy", "SRV-MERGE-STRATEGY"),
        ])
    func bugNamed(bug: String, rule: String) throws {
        let server = try SampleServer(bug: bug)
        var named: Set<String> = []
        for version in ["2.2.1", "2.1.9"] {
            var session = ScriptedSession(server, version: version)
            try session.shop(version: version)
            named.formUnion(session.violations.map(\.rule))
        }
        #expect(named == [rule], "\(bug): \(named)")
    }
}
