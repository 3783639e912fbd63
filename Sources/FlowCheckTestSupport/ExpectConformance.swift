import FlowCheck
import PropertyTestingTestSupport

/// Runs every declared suite against `implementation` and fails the current
/// test, in Swift Testing or XCTest alike, with the full report when the
/// implementation is not conforming.
///
/// ```swift
/// @Test func certifiesMyNavigator() {
///     expectConformance(MyNavigatorAdapter(), seed: 42)
/// }
/// ```
///
/// - Returns: the result, for further checks.
@discardableResult
public func expectConformance(
    _ implementation: any NavigationImplementation,
    seed: UInt64 = 1, runs: Int = 400, maxSteps: Int = 30, suites: [Suite]? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> ConformanceResult {
    let options = ConformanceRunner.Options(seed: seed, runs: runs, maxSteps: maxSteps, suites: suites)
    let result = ConformanceRunner(implementation: implementation, options: options).run()
    if result.verdict != .conforming {
        recordFailure(TextReport.render(result), fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return result
}
