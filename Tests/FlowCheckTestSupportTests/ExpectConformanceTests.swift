import FlowCheck
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import FlowRuntimeModel
@testable import FlowCheckTestSupport
import FlowSchema
import Foundation
import NavigationModel
import SampleImplementations
import Testing
import XCTest

@Suite("expectConformance in Swift Testing")
struct ExpectConformanceSwiftTestingTests {
    @Test("A conforming implementation records nothing")
    func conforming() {
        #expect(expectConformance(SampleNavigator(), seed: 2)?.verdict.passed == true)
    }

    @Test("A mutant fails the test with the full report, whose replay is the expectConformance call that reproduces it")
    func mutant() throws {
        var first: ConformanceResult?
        withKnownIssue("the mutant is meant to fail") {
            // The stack suites: the sample's RUF client, on the same navigator, would fail its suite too.
            first = expectConformance(
                SampleNavigator(bug: .startNewWithoutRoot), seed: 2, suites: [.navigation, .session, .decoding])
        } matching: { issue in
            // The first line names the suite, the rule and the step; the full report follows.
            issue.error.map { "\($0)" } == "navigation: NAV-PUSH-START-NEW broken at step 0 of 1 (and 1 more failure)"
                && issue.comments.contains {
                    $0.rawValue.contains("NAV-PUSH-START-NEW")
                        && $0.rawValue.contains("Replay: expectConformance(implementation, seed: 2, run: ")
                }
        }
        let failure = try #require(first?.failures.first { $0.suite == .navigation })
        #expect(failure.replay.hasSuffix(", maxSteps: 30, suites: [.navigation])"), "\(failure.replay)")
        let run = try #require(
            failure.replay.split(separator: "run: ").last?.split(separator: ",").first.flatMap { Int($0) })
        var replayed: ConformanceResult?
        withKnownIssue("the replay fails the same way") {
            replayed = expectConformance(
                SampleNavigator(bug: .startNewWithoutRoot), seed: 2, run: run, maxSteps: 30, suites: [.navigation])
        }
        // That failure, found again (with any failure that shrinking the same run met).
        #expect(replayed?.failures.map(\.id).contains(failure.id) == true)
    }

    @Test("A spec steers the run as `flowcheck run --spec` does, through the same spec planning")
    func specDriven() throws {
        let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Corpus/specs/shop.ruf.yaml").path
        let result = try #require(expectConformance(SampleNavigator(), seed: 1, suites: [.navigation], spec: spec))
        let coverage = try #require(result.header.spec)
        #expect(coverage.exercised.count == coverage.navigations.count && !coverage.navigations.isEmpty)
    }
}

@Suite("expectConformance's outputs, corpus and failure store")
struct ExpectConformanceOutputsTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus").path

    @Test("With reports and a corpus, it writes the CLI's five files and runs the golden cases into the record")
    func reportsAndCorpus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try #require(
            expectConformance(
                SampleFlowRunner(), seed: 1, suites: [.runtime], corpus: Self.corpus, reports: folder.path))
        #expect(result.verdict.passed)
        #expect((result.verdict.corpus?.passed ?? 0) > 0 && result.cases.allSatisfy { $0.status != .failed })
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            names == [
                "sample-runtime.certificate.json", "sample-runtime.html", "sample-runtime.jsonl",
                "sample-runtime.junit.xml", "sample-runtime.md",
            ], "\(names)")
        let certificate = try String(
            contentsOf: folder.appendingPathComponent("sample-runtime.certificate.json"), encoding: .utf8)
        #expect(certificate.contains("\"corpusHash\""))
    }

    /// One SDK under one name, before and after its bug is fixed.
    final class OurRuntime: FlowRuntimeImplementation {
        let inner: SampleFlowRunner
        init(_ bugs: Set<RuntimeBug> = []) { inner = SampleFlowRunner(bugs: bugs) }
        var info: ImplementationInfo { ImplementationInfo(name: "our runtime", version: "1.0", language: "Swift") }
        var capabilities: Capabilities { inner.capabilities }
        func startFlow(
            _ flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double]
        ) throws -> RuntimeObservation { try inner.startFlow(flow, context: context, draws: draws) }
        func act(_ actions: [RuntimeAction]) throws -> RuntimeObservation { try inner.act(actions) }
    }

    @Test("A failing run is stored; the next call replays it first and fails on it; once fixed, it is forgotten")
    func failureStore() throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: store) }
        var first: ConformanceResult?
        withKnownIssue("the mutant fails") {
            first = expectConformance(
                SampleFlowRunner(bugs: [.closeReportedDismissed]), seed: 1, suites: [.runtime], failureStore: store.path
            )
        }
        #expect(first?.verdict.passed == false, "\(String(describing: first?.verdict))")
        let stored = try String(contentsOf: store, encoding: .utf8)
        #expect(stored.contains("\"suite\" : \"runtime\"") && stored.contains("\"seed\" : 1"), "\(stored)")
        // Another seed: the stored run is replayed first, and is what fails.
        var replayed: ConformanceResult?
        withKnownIssue("the stored run fails again") {
            replayed = expectConformance(
                SampleFlowRunner(bugs: [.closeReportedDismissed]), seed: 2, suites: [.runtime], failureStore: store.path
            )
        } matching: { issue in
            issue.error.map { "\($0)" }?.hasPrefix("replayed from the failure store: ") == true
        }
        #expect(replayed?.header.seed == 1)
        // Another implementation sharing the store neither replays nor forgets the mutant's entry.
        #expect(
            expectConformance(SampleFlowRunner(), seed: 2, suites: [.runtime], failureStore: store.path)?
                .verdict.passed == true)
        #expect(try String(contentsOf: store, encoding: .utf8) == stored)
    }

    @Test("Fixed under the same name, the stored run passes and is forgotten; the fresh run passes too")
    func failureStoreForgets() throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: store) }
        withKnownIssue("the bug fails") {
            expectConformance(
                OurRuntime([.closeReportedDismissed]), seed: 1, suites: [.runtime], failureStore: store.path)
        }
        #expect(try String(contentsOf: store, encoding: .utf8).contains("\"implementation\" : \"our runtime\""))
        #expect(
            expectConformance(OurRuntime(), seed: 2, suites: [.runtime], failureStore: store.path)?.verdict.passed
                == true)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test("A baseline written from a failing run lets the same bug pass at another seed; the reports carry the gate")
    func baseline() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path
        let mutant = SampleFlowRunner(bugs: [.closeReportedDismissed])
        var failing: ConformanceResult?
        withKnownIssue("no baseline yet: the bug fails") {
            failing = expectConformance(mutant, seed: 1, suites: [.runtime])
        }
        // What FLOWCHECK_UPDATE_BASELINE=1 does with the call's baseline: written from the run's failures.
        let update = try #require(
            try TestGate.make(skip: nil, baseline: baseline, environment: ["FLOWCHECK_UPDATE_BASELINE": "1"]))
        var record = try #require(failing)
        #expect(update.decide(&record).passed)
        #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains("\"cause\" : \"runtime: RUN-"))
        // A store holding the same bug's run (from before the baseline): replayed, excused, and forgotten.
        let store = folder.appendingPathComponent("failures.json").path
        withKnownIssue("stored before any baseline") {
            expectConformance(mutant, seed: 1, suites: [.runtime], failureStore: store)
        }
        let result = try #require(
            expectConformance(
                mutant, seed: 3, suites: [.runtime], reports: folder.path, failureStore: store, baseline: baseline))
        #expect(!FileManager.default.fileExists(atPath: store), "an excused failure is neither kept nor stored")
        #expect(!result.verdict.passed && result.gate?.passed == true, "\(String(describing: result.gate))")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let name = try #require(written.first { $0.hasSuffix(".md") }, "\(written)")
        let markdown = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        #expect(markdown.contains("**Gate: PASSED by the baseline"), "\(markdown)")
    }

    @Test("The seed is fixed unless asked for a fresh one; FLOWCHECK_SEED overrides the argument")
    func seeds() {
        #expect(TestSeedProbe.choose(7, nil).seed == 7)
        #expect(TestSeedProbe.choose(7, "12").seed == 12)
        let fresh = TestSeedProbe.choose(nil, nil)
        #expect(fresh.seed >= 1 && fresh.note.hasPrefix("fresh"))
        #expect(TestSeedProbe.choose(7, "random").note.hasPrefix("fresh"))
    }

    @Test("A passing run's paragraph names the seed, what each suite exercised, and the rules by standing")
    func summary() throws {
        let result = try #require(expectConformance(SampleFlowRunner(), seed: 1, suites: [.runtime]))
        let text = TestSeedProbe.summary(result)
        #expect(text.hasPrefix("FlowCheck: CONFORMING. sample runtime 0.1.0 (Swift), seed 1 (fixed"), "\(text)")
        #expect(text.contains("; runtime 400 runs, ") && text.contains("; rules: "), "\(text)")
    }
}

/// XCTest side: the failure is captured, which proves it went through XCTest.
final class ExpectConformanceXCTestTests: XCTestCase {
    private var captured: [String] = []
    private var capturing = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if capturing {
            captured.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testMutantFailsTheXCTest() {
        capturing = true
        let result = expectConformance(SampleNavigator(bug: .popToBottomMost), seed: 2)
        capturing = false
        XCTAssertEqual(result?.verdict.overall, .divergent)
        XCTAssertEqual(captured.count, 1)
        // XCTest writes `failed - ` before the message; the message's first line is the headline.
        let first = captured.first ?? ""
        XCTAssertTrue(first.hasPrefix("failed - navigation: NAV-POP-TO broken at step 0 of 1\n"), first)
        XCTAssertTrue(captured.first?.contains("Replay: expectConformance(") == true)
    }

    func testConformingPassesTheXCTest() {
        capturing = true
        expectConformance(SampleNavigator(), seed: 3)
        capturing = false
        XCTAssertTrue(captured.isEmpty)
    }
}

/// The test support's internals, as the tests above read them.
enum TestSeedProbe {
    static func choose(_ seed: UInt64?, _ environment: String?) -> (seed: UInt64, note: String) {
        TestSeed.choose(seed, environment: environment)
    }

    static func summary(_ result: ConformanceResult) -> String {
        ConformanceReports.summary(result, seedNote: TestSeed.choose(result.header.seed, environment: nil).note)
    }
}
