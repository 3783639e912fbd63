import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import FlowCheckTestSupport
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
