import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckEngine
import FlowCheckGating
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import Foundation
import GoldenCorpus
import JSON
import NavigationModel
import RUFClientModel
import Testing

/// The reference client behind the adapter protocol, with UUID-like request ids (the corpus compares ids by first
/// appearance), declared capabilities, and optionally one planted bug.
final class CorpusClientAdapter: ClientImplementation {
    enum Bug { case none, deepMeta, silentMetrics }
    let bug: Bug
    let declared: Capabilities
    private var client: ReferenceClient?
    private var ids: [String: String] = [:]

    init(_ bug: Bug = .none, capabilities: Capabilities = CorpusClientAdapter.full) {
        self.bug = bug
        declared = capabilities
    }

    static let full = Capabilities(
        suites: [.client], modes: [.push, .replace, .reset, .pop, .failed], behaviors: FlowBehavior.known,
        nesting: [.owned])

    var info: ImplementationInfo { ImplementationInfo(name: "corpus client adapter", version: "0", language: "Swift") }
    var capabilities: Capabilities { declared }

    func resetClient(to stack: ScreenStack, profile: NavigationProfile) throws {
        client = try ReferenceClient(stack: stack, profile: profile, queueing: declared.client.actionQueue)
        ids = [:]
    }

    func apply(_ input: ClientInput) throws -> ClientObservation {
        var observation = client!.apply(input)
        observation.events = observation.events.compactMap { event in
            if bug == .silentMetrics, case .metric = event { return nil }
            guard case .request(var request) = event else { return event }
            request.id = uuid(request.id)
            return .request(request)
        }
        observation.state.inFlight = observation.state.inFlight.map(uuid)
        if bug == .deepMeta, case .respond(let response) = input, !response.meta.isEmpty {
            observation.state.meta =
                .object(
                    (observation.state.meta.objectPairs ?? []).map { pair in
                        pair.value.isObject
                            ? (pair.key, .object((pair.value.objectPairs ?? []) + [("kept", .bool(true))])) : pair
                    }
                ).canonical
        }
        return observation
    }

    private func uuid(_ id: String) -> String {
        if let known = ids[id] { return known }
        let made = "9f1c-\(ids.count)-\(id.hashValue & 0xffff)"
        ids[id] = made
        return made
    }
}

@Suite("Client cases in corpus run")
struct ClientCorpusRunTests {
    static let clientCases = ClientGoldenCase.load(corpus: URL(fileURLWithPath: corpusPath, isDirectory: true))

    @Test("A conforming client passes every client case it declares, whatever its request ids")
    func referencePasses() throws {
        #expect(Self.clientCases.errors.isEmpty, "\(Self.clientCases.errors)")
        let results = ClientCorpusRun().run(
            Self.clientCases.cases.map { ($0.file, $0.clientCase) }, on: CorpusClientAdapter())
        #expect(results.count == Self.clientCases.cases.count)
        for r in results where r.status != .passed {
            // The one case written for the other queue is the only one a FIFO client cannot be judged on.
            #expect(r.id == "queue-latest" && r.status == .skipped, "\(r.id): \(r.status) \(r.message ?? r.diff ?? "")")
        }
        #expect(results.contains { $0.id == "queue-fifo" && $0.status == .passed })
    }

    @Test("A client that fires no metrics fails the metric cases, each attributed to a metric rule")
    func silentMetricsFail() throws {
        let results = ClientCorpusRun().run(
            Self.clientCases.cases.map { ($0.file, $0.clientCase) }, on: CorpusClientAdapter(.silentMetrics))
        let failed = results.filter { $0.status == .failed }
        #expect(failed.contains { $0.id == "metric-order" })
        for r in failed {
            #expect(r.broken?.allSatisfy { $0.hasSuffix("-METRICS") || $0 == "RUF-METRIC-ORDER" } == true, "\(r.id)")
            #expect(r.diff?.contains("\"point\"") == true, "\(r.id): \(r.diff ?? "")")
        }
    }

    @Test("Client cases are not run for an implementation that does not declare the client suite or what they use")
    func notDeclared() {
        var navigationOnly = CorpusClientAdapter.full
        navigationOnly.suites = [.navigation]
        let skipped = ClientCorpusRun().run(
            Self.clientCases.cases.map { ($0.file, $0.clientCase) },
            on: CorpusClientAdapter(capabilities: navigationOnly))
        #expect(
            skipped.allSatisfy { $0.status == .skipped && $0.message == "not certified: suite client not declared" })

        var noMetrics = CorpusClientAdapter.full
        noMetrics.client.metrics = false
        noMetrics.client.actionQueue = .latest
        let results = ClientCorpusRun().run(
            Self.clientCases.cases.map { ($0.file, $0.clientCase) }, on: CorpusClientAdapter(capabilities: noMetrics))
        let metricOrder = results.first { $0.id == "metric-order" }
        #expect(metricOrder?.status == .skipped)
        #expect(metricOrder?.message?.contains("metrics") == true)
        #expect(results.first { $0.id == "queue-latest" }?.status == .passed)
        #expect(results.first { $0.id == "queue-fifo" }?.status == .skipped)
        #expect(results.filter { $0.status != .skipped }.allSatisfy { $0.status == .passed })
    }

    @Test("The skip list and shards apply to client cases as to the others")
    func skipAndShard() throws {
        let skip = try JSONDecoder().decode(
            SkipList.self, from: Data(#"{"skip": [{"case": "meta-shallow-merge", "reason": "known bug"}]}"#.utf8))
        let results = ClientCorpusRun().run(
            Self.clientCases.cases.map { ($0.file, $0.clientCase) }, on: CorpusClientAdapter(),
            skip: { skip.reason(id: $0, features: $1) })
        #expect(results.first { $0.id == "meta-shallow-merge" }?.message == "known bug")
        let halves = [0, 1].map {
            ClientCorpusRun().run(
                Self.clientCases.cases.map { ($0.file, $0.clientCase) }, on: CorpusClientAdapter(), shard: ($0, 2)
            ).map(\.id)
        }
        #expect(Set(halves[0]).isDisjoint(with: halves[1]))
        #expect(halves[0].count + halves[1].count == Self.clientCases.cases.count)
    }

    @Test("A client counterexample is saved as a regression case that the reference verifies and the bug fails")
    func saveFailure() throws {
        let result = try ConformanceRunner(implementation: CorpusClientAdapter(.deepMeta), options: .init(seed: 1))
            .run()
        let failure = try #require(result.failures.first)
        let saved = try #require(ClientCorpusRun.clientCase(for: failure))
        #expect(saved.origin == .regression && saved.id == failure.id && saved.rules == ["RUF-META-MERGE"])
        #expect(try ClientCaseVerifier.verify(saved).isEmpty)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowcheck-save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ClientCorpusRun.save(saved, into: folder) == .written(folder.path + "/client/\(saved.id).json"))
        #expect(try ClientCorpusRun.save(saved, into: folder) == .unchanged(folder.path + "/client/\(saved.id).json"))
        var other = saved
        other.description = "something else"
        #expect(try ClientCorpusRun.save(other, into: folder) == .conflict(folder.path + "/client/\(saved.id).json"))

        let (loaded, errors) = ClientGoldenCase.load(corpus: folder)
        #expect(errors.isEmpty, "\(errors)")
        let buggy = ClientCorpusRun().run(loaded.map { ($0.file, $0.clientCase) }, on: CorpusClientAdapter(.deepMeta))
        #expect(buggy.map(\.status) == [.failed])
        #expect(buggy.first?.broken == ["RUF-META-MERGE"])
        #expect(
            ClientCorpusRun().run(loaded.map { ($0.file, $0.clientCase) }, on: CorpusClientAdapter()).map(\.status) == [
                .passed
            ])
        #expect(NavigationCorpus.goldenCase(for: failure) == nil)
    }
}
