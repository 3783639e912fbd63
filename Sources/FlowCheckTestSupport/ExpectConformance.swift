public import ConformanceRules
public import FlowCheckCore
public import FlowCheckEngine
import FlowCheckGating
public import FlowCheckRecords
import FlowCheckSuites
public import Foundation
import PropertyTestingTestSupport

/// Runs every declared suite against `implementation` and fails the current test, in Swift Testing or
/// XCTest alike, with the full report when the implementation is not conforming.
///
/// The failure's first line names the suite, the rules and the step of the first failure
/// (`navigation: NAV-PUSH-REMOVE-PREVIOUS broken at step 0 of 1`); the report follows it.
///
/// ```swift
/// @Test func certifiesMyNavigator() {
///     expectConformance(MyNavigatorAdapter(), seed: 42)
/// }
/// ```
///
/// An adapter that declares a suite it cannot serve (a decoding suite without `DecodingImplementation`)
/// fails the test with that sentence before anything runs. With `spec`, the path of a RUF app spec, sessions
/// are generated the way that app's server could, exactly as `flowcheck run --spec` does. With `run`, only that
/// run of each suite runs: the replay a failure's report gives, which reproduces that failure alone. An adapter that
/// conforms to `ParallelImplementation` runs on `jobs` workers (by default one per core), with the same result.
/// A deviation from a SHOULD rule (a kit decision where the sources are silent) does not fail the test unless
/// `strict` is set; the deviations are printed with their counterexamples either way.
///
/// - Returns: the result, for further checks; `nil` when the run could not start.
@discardableResult
public func expectConformance(
    _ implementation: any Implementation,
    seed: UInt64 = 1, runs: Int = ConformanceRunner.Options.defaultRuns, run: Int? = nil,
    maxSteps: Int = ConformanceRunner.Options.defaultMaxSteps,
    suites: [Suite]? = nil, spec: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    strict: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> ConformanceResult? {
    var plan: SpecPlan?
    if let spec {
        do { plan = try SpecPlanning.plan(spec).plan } catch {
            recordFailure(
                "", headline: "FlowCheck could not start: \(error.message)", fileID: fileID, filePath: filePath,
                line: line, column: column)
            return nil
        }
    }
    var options = ConformanceRunner.Options(
        seed: seed, runs: runs, maxSteps: maxSteps, suites: suites, spec: plan, onlyRun: run, jobs: jobs)
    options.strict = strict
    let result: ConformanceResult
    do {
        var runner = ConformanceRunner(implementation: implementation, options: options)
        runner.replayText = CallReplay(spec: spec).text
        result = try runner.run()
    } catch {
        recordFailure(
            "", headline: "FlowCheck could not start: \(error.message)", fileID: fileID, filePath: filePath,
            line: line, column: column)
        return nil
    }
    if !result.verdict.passed {
        recordFailure(
            TextReport.render(result), headline: TextReport.headline(result), fileID: fileID, filePath: filePath,
            line: line, column: column)
    } else if result.verdict.deviations > 0 {
        // Not a failure, but never silent: the deviations are what the SDK's authors may want to change.
        print(TextReport.render(result))
    }
    return result
}
