import Testing
import XCTest
import FlowCheck
import FlowCheckTestSupport
import SampleImplementations

@Suite("expectConformance in Swift Testing")
struct ExpectConformanceSwiftTestingTests {
    @Test("A conforming implementation records nothing")
    func conforming() {
        #expect(expectConformance(SampleNavigator(), seed: 2).verdict == .conforming)
    }

    @Test("A mutant fails the test with the full report")
    func mutant() {
        withKnownIssue("the mutant is meant to fail") {
            _ = expectConformance(SampleNavigator(bug: .startNewWithoutRoot), seed: 2)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("NAV-PUSH-START-NEW") && $0.rawValue.contains("Replay: flowcheck run") }
        }
    }
}

/// XCTest side: the failure is captured, which proves it went through XCTest.
final class ExpectConformanceXCTestTests: XCTestCase {
    private var captured: [String] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing { captured.append(description) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testMutantFailsTheXCTest() {
        capturing = true
        let result = expectConformance(SampleNavigator(bug: .popToBottomMost), seed: 2)
        capturing = false
        XCTAssertEqual(result.verdict, .divergent)
        XCTAssertEqual(captured.count, 1)
        XCTAssertTrue(captured.first?.contains("NAV-POP-TO") == true)
    }

    func testConformingPassesTheXCTest() {
        capturing = true
        expectConformance(SampleNavigator(), seed: 3)
        capturing = false
        XCTAssertTrue(captured.isEmpty)
    }
}
