import Testing
import XCTest

/// The test framework running the current test.
///
/// On Linux an `Issue.record` made inside an `XCTestCase`, or an `XCTFail` made
/// inside a Swift Testing `@Test`, is silently dropped and the test passes. The
/// helpers therefore report in whichever framework is actually running.
public enum TestFramework: Sendable, Hashable {
    /// A Swift Testing `@Test` is running.
    case swiftTesting
    /// Anything else, which the helpers treat as XCTest.
    case xcTest

    /// The framework running the current test.
    public static var current: TestFramework {
        Test.current != nil ? .swiftTesting : .xcTest
    }
}

/// Fails the current test, in whichever framework runs it, unless the property passed.
///
/// The failure message is the full report: the verdict, the seed that replays
/// it and the shrunk counterexample.
///
/// ```swift
/// @Test func stackConforms() {
///     expectPasses(StatefulProperty(MyMachine()).check(Configuration(seed: 42)))
/// }
/// ```
///
/// - Returns: whether the property passed.
@discardableResult
public func expectPasses(
    _ report: some PropertyReport,
    _ comment: @autoclosure () -> String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    guard !report.passed else { return true }
    let message = [comment(), report.description].compactMap { $0 }.joined(separator: "\n")
    recordFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    return false
}

/// Records a failure in the framework that runs the current test.
///
/// With a `headline`, the failure's first line is that sentence (such as the rule broken and where), and `message`
/// follows it. Swift Testing puts only an error's description on an issue's first line, so the headline is recorded
/// as one: it reads `Caught error: <headline>`, never the generic `Issue recorded`.
public func recordFailure(
    _ message: String, headline: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    switch TestFramework.current {
    case .swiftTesting:
        let location = SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
        if let headline {
            let comment = message.isEmpty ? nil : Comment(rawValue: message)
            Issue.record(FailureHeadline(description: headline), comment, sourceLocation: location)
        } else {
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        }
    case .xcTest:
        XCTFail(
            [headline, message].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n"), file: filePath,
            line: line)
    }
}
