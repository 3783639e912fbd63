import PropertyTesting
import PropertyTestingTestSupport
import Testing
import XCTest

private let failing = Property(Gen<Int>.int(in: 0...100)) { $0 < 50 }

@Suite("Test-framework integration: Swift Testing")
struct SwiftTestingIntegrationTests {
    @Test("Inside @Test the framework is Swift Testing and a failing property records an issue")
    func recordsIssue() {
        #expect(TestFramework.current == .swiftTesting)
        withKnownIssue("the property is meant to fail") {
            let passed = expectPasses(failing.check(Configuration(seed: 1)))
            #expect(!passed)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Shrunk counterexample") && $0.rawValue.contains("50") }
        }
    }

    @Test("A passing property records nothing")
    func passingIsQuiet() {
        #expect(expectPasses(Property(Gen<Int>.int(in: 0...10)) { $0 <= 10 }.check(Configuration(seed: 1))))
    }
}

/// XCTest side: failures are captured instead of failing this test case, to
/// check that the helper reported through XCTest and not through Issue.record
/// (which XCTest would silently drop).
final class XCTestIntegrationTests: XCTestCase {
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

    func testFrameworkIsXCTest() {
        XCTAssertEqual(TestFramework.current, .xcTest)
    }

    func testFailingPropertyFailsTheXCTest() {
        capturing = true
        let passed = expectPasses(failing.check(Configuration(seed: 1)))
        capturing = false
        XCTAssertFalse(passed)
        XCTAssertEqual(captured.count, 1)
        XCTAssertTrue(captured.first?.contains("Shrunk counterexample") == true, "\(captured)")
    }
}
