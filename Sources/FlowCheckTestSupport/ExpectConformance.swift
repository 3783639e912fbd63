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
/// (`navigation: NAV-PUSH-REMOVE-PREVIOUS broken at step 0 of 1`); the report follows it. A passing test prints one
/// paragraph: what was exercised, how many rules were held, which were not certified, and the seed.
///
/// ```swift
/// @Test func certifiesMyNavigator() {
///     expectConformance(MyNavigatorAdapter(), seed: 42, corpus: "../flowcheck/Corpus", reports: "Reports")
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
/// - The seed is fixed (1 unless given), so a test is reproducible. `seed: nil`, or the environment variable
///   `FLOWCHECK_SEED=random`, draws a fresh seed for each run and prints it; `FLOWCHECK_SEED=<n>` sets it.
/// - `corpus`: a golden-case folder (the kit's `Corpus`) run first, as `flowcheck certify` runs it; a failing case
///   fails the test. `FLOWCHECK_CORPUS` gives it from the environment.
/// - `reports`: a folder to write the HTML, JSON-lines, JUnit, Markdown and certificate files into, as the CLI does;
///   `FLOWCHECK_REPORTS` gives it from the environment.
/// - `failureStore`: a file remembering the runs that failed; the next test replays them first, and fails on them
///   while they still fail (a run that passes again is forgotten). `FLOWCHECK_FAILURE_STORE` gives it from the
///   environment. With a fresh seed, a bug found once is not lost when the next seed draws other cases.
///
/// - Returns: the result, for further checks; `nil` when the run could not start.
@discardableResult
public func expectConformance(
    _ implementation: any Implementation,
    seed: UInt64? = 1, runs: Int = ConformanceRunner.Options.defaultRuns, run: Int? = nil,
    maxSteps: Int = ConformanceRunner.Options.defaultMaxSteps,
    suites: [Suite]? = nil, spec: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    strict: Bool = false, corpus: String? = nil, reports: String? = nil, failureStore: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> ConformanceResult? {
    let environment = ProcessInfo.processInfo.environment
    func fail(_ report: String, _ headline: String) {
        recordFailure(report, headline: headline, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    var plan: SpecPlan?
    if let spec {
        do { plan = try SpecPlanning.plan(spec).plan } catch {
            fail("", "FlowCheck could not start: \(error.message)")
            return nil
        }
    }
    let (chosenSeed, seedNote) = TestSeed.choose(seed, environment: environment["FLOWCHECK_SEED"])
    var options = ConformanceRunner.Options(
        seed: chosenSeed, runs: runs, maxSteps: maxSteps, suites: suites, spec: plan, onlyRun: run, jobs: jobs)
    options.strict = strict
    let replays = ReplayLog(render: CallReplay(spec: spec).text)
    let storePath = failureStore ?? environment["FLOWCHECK_FAILURE_STORE"]
    var store = storePath.map(FailureStore.load) ?? FailureStore()
    var result: ConformanceResult
    do {
        // Past failures first: while one still fails, it is the test's result, and nothing new is drawn.
        if let (replayed, kept) = try TestReplays.stillFailing(
            store, implementation: implementation, options: options, replays: replays)
        {
            store.failures = kept
            if let storePath { store.save(storePath) }
            fail(TextReport.render(replayed), "replayed from the failure store: " + TextReport.headline(replayed))
            return replayed
        }
        store.failures = store.failures.filter { entry in suites.map { !$0.contains(Suite(entry.suite)) } ?? false }
        var runner = ConformanceRunner(implementation: implementation, options: options)
        runner.replayText = replays.record
        result = try runner.run()
    } catch {
        fail("", "FlowCheck could not start: \(error.message)")
        return nil
    }
    if let folder = corpus ?? environment["FLOWCHECK_CORPUS"] {
        result = TestCorpus.run(folder, on: implementation, adding: result)
    }
    if let storePath {
        store.failures += result.failures.filter { !result.isDeviation($0) }.compactMap {
            replays.replay(for: $0.replay).flatMap(FailureStore.Entry.init)
        }
        store.save(storePath)
    }
    var written = ""
    if let folder = reports ?? environment["FLOWCHECK_REPORTS"] {
        switch ConformanceReports.write(result, runsPerSuite: runs, into: folder) {
        case .success(let paths): written = "\nwrote " + paths.joined(separator: ", ")
        case .failure(let error): fail("", "FlowCheck could not write its reports into \(folder): \(error)")
        }
    }
    if !result.verdict.passed {
        fail(TextReport.render(result) + written, TextReport.headline(result))
    } else {
        // Never silent: what was exercised and held, and the deviations the SDK's authors may want to change.
        if result.verdict.deviations > 0 { print(TextReport.render(result)) }
        print(ConformanceReports.summary(result, seedNote: seedNote) + written)
    }
    return result
}
