import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
@testable import FlowCheckGating
import FlowCheckRecords
@testable import FlowCheckServerSuite
import FlowCheckSuites
import Foundation
import HTTPWire
import JSON
import PropertyTesting
import RUFServerModel
import RUFSpec
import Testing

/// The server suite run in-process against the sample backend: it conforms, and each planted bug is found alone,
/// named by its rule, and shrunk to a session no request of which can be left out.
@Suite("The server suite against the sample backend")
struct ServerSuiteTests {
    static let specPath = SampleServer.root.appendingPathComponent("Corpus/specs/shop.ruf.yaml").path

    static func run(_ server: SampleServer, runs: Int = 400, clientVersion: String? = nil) throws -> RunRecord {
        let plan = try SpecPlanning.plan(specPath, clientVersion: clientVersion).plan
        let backend = try HTTPBackend(url: server.endpoint.description)
        let options = ConformanceRunner.Options(seed: 1, runs: runs, spec: plan)
        return try ConformanceRunner(implementation: backend, options: options).run()
    }

    @Test("The sample backend conforms: every rule the spec can exercise held, forced updates not certified")
    func conforms() throws {
        let server = try SampleServer()
        let record = try Self.run(server)
        #expect(record.verdict.overall == .conforming, "\(record.verdict.sentence)")
        #expect(record.failures.isEmpty, "\(record.failures.map(\.description))")
        let statuses = try #require(record.suites.first).ruleStatuses(failures: record.failures)
        let held = Set(statuses.filter { $0.standing == .held }.map(\.rule.id))
        #expect(held == Set(ServerRules.all.map(\.id)).subtracting([.srvForceUpdate]))
        #expect(record.header.notCertified.contains { $0.hasPrefix("forced updates") })
        #expect(record.header.spec?.exercised.isEmpty == false)
        // The kit's corpus holds no sessions of this spec: the generated runs alone certify the backend, and the
        // certificate names the spec it was certified against.
        let certificate = Certificate(record: record, runsPerSuite: 400)
        #expect(certificate.decision == .certified, "\(certificate.reasons)")
        #expect(certificate.scope.contains { $0.hasPrefix("spec: ") && $0.hasSuffix("shop.ruf.yaml") })
    }

    static let bugs: [(String, String)] = [
        ("undeclared-component", .srvComponentDeclared), ("wrong-type", .srvComponentTypes),
        ("no-navigation-id", .srvNavID), ("meta-not-patch", .srvMetaPatch),
        ("version-off-by-one", .srvVersionResolution), ("failed-omitted", .srvNavFailed),
        ("idempotency-broken", .srvIdempotent), ("undeclared-destination", .srvNavDeclared),
        ("undeclared-error", .srvActionResult), ("wrong-merge-strategy", .srvMergeStrategy),
        ("no-current-screen", .srvCreateScreen), ("undeclared-screen", .srvScreenDeclared),
        ("undeclared-behavior", .srvBehaviorDeclared), ("undeclared-metric", .srvMetricDeclared),
        ("bad-navigation-mode", .srvNavValid), ("no-action-result", .srvActionResultPresent),
        ("stale-current-screen", .srvCurrentFollowsNav), ("undeclared-field", .srvUndeclaredField),
        ("reused-navigation-id", .srvNavIDUnique), ("error-status", .srvShape),
        ("errors-to-old-clients", .srvVersionResolution), ("missing-field", .srvComponentTypes),
    ]

    @Test("Each planted bug is the run's one failure, named by its rule, its session 1-minimal", arguments: bugs)
    func bugFound(bug: String, rule: String) throws {
        let server = try SampleServer(bug: bug)
        let record = try Self.run(server)
        #expect(record.failures.map(\.ruleIDs) == [[rule]], "\(bug): \(record.failures.map(\.description))")
        let level = try #require(ServerRules.named(rule)).level
        #expect(record.verdict.overall == (level == .must ? .divergent : .conforming), "\(record.verdict.sentence)")
        let failure = try #require(record.failures.first)
        #expect(failure.input.contains { $0.hasPrefix("  curl -sS -X POST http://127.0.0.1:") })
        #expect(failure.replay.contains("suite server, run "))

        // No request of the minimal session can be left out, nor a request sent twice sent once, and it still
        // fail this way.
        let spec = try #require(try SpecPlanning.plan(Self.specPath).plan.spec)
        let detail = try #require(failure.detail.objectPairs?.first { $0.key == "case" }?.value)
        let minimal = try #require(ServerCase(json: detail, spec: spec))
        let backend = try HTTPBackend(url: server.endpoint.description)
        func origin(_ value: ServerCase) throws -> String? {
            ServerSuite.falsification(value, try ServerExchange.run(value, on: backend, spec: spec))?.origin
        }
        #expect(try origin(minimal) == failure.origin)
        for index in minimal.requests.indices.dropFirst() {
            var smaller = minimal
            smaller.requests.remove(at: index)
            #expect(try origin(smaller) != failure.origin, "\(bug): request \(index) can be left out")
        }
        for index in minimal.requests.indices where minimal.requests[index].sentTwice {
            var once = minimal
            once.requests[index].sentTwice = false
            #expect(try origin(once) != failure.origin, "\(bug): request \(index) need not be sent twice")
        }
    }

    @Test("A backend that closes the connection breaks down: the session up to it, a curl line per request sent")
    func breakdown() throws {
        let server = try SampleServer(bug: "crash-on-remove")
        let record = try Self.run(server)
        let failure = try #require(record.failures.first)
        #expect(failure.kind == .breakdown)
        #expect(failure.origin == "breakdown: connection closed")
        let curls = failure.input.filter { $0.hasPrefix("  curl ") }
        #expect(curls.count == failure.size.value && curls.last?.contains("REMOVE_ITEM") == true, "\(failure.input)")
        #expect(failure.storyboard.rows.last?.cells.contains { $0.text?.hasPrefix("no answer") == true } == true)
    }

    @Test("A backend that is not there ends the suite with an error that says so, not with a failure of its own")
    func unreachable() throws {
        let plan = try SpecPlanning.plan(Self.specPath).plan
        let backend = try HTTPBackend(url: "http://127.0.0.1:9/")
        #expect(throws: BackendBreakdown.self) { try backend.probe() }
        let record = try ConformanceRunner(implementation: backend, options: .init(seed: 1, runs: 5, spec: plan)).run()
        #expect(record.failures.isEmpty)
        #expect(record.errors.first?.message.contains("could not connect") == true, "\(record.errors)")
    }
}
