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
/// - `baseline` and `skip`: the CLI's `--baseline` and `--skip` files (`FLOWCHECK_BASELINE`, `FLOWCHECK_SKIP`): the
///   test fails only on failures the baseline does not expect, on a stale entry, or on a run that could not be
///   judged whole; the verdict in the reports stays what it is, with the gate beside it.
///   `FLOWCHECK_UPDATE_BASELINE=1` writes the baseline from this run's failures instead.
///
/// - Returns: the result, for further checks; `nil` when the run could not start.
@discardableResult
public func expectConformance(
    _ implementation: any Implementation,
    seed: UInt64? = 1, runs: Int = ConformanceRunner.Options.defaultRuns, run: Int? = nil,
    maxSteps: Int = ConformanceRunner.Options.defaultMaxSteps,
    suites: [Suite]? = nil, spec: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    strict: Bool = false, corpus: String? = nil, reports: String? = nil, failureStore: String? = nil,
    baseline: String? = nil, skip: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> ConformanceResult? {
    let environment = ProcessInfo.processInfo.environment
    func fail(_ report: String, _ headline: String) {
        recordFailure(report, headline: headline, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let gate: TestGate?
    do { gate = try TestGate.make(skip: skip, baseline: baseline, environment: environment) } catch {
        fail("", "FlowCheck could not start: \(error)")
        return nil
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
    let name = implementation.info.name
    let stored = storePath.map { FailureStore.load($0).entries(of: name) } ?? []
    var result: ConformanceResult
    do {
        // Past failures first: while one still fails, it is the test's result, and nothing new is drawn.
        if let (replayed, kept) = try TestReplays.stillFailing(
            FailureStore(failures: stored), implementation: implementation, options: options, replays: replays,
            excused: { gate?.excusesAll($0) ?? false })
        {
            if let storePath { FailureStore.update(storePath, removing: stored, adding: kept) }
            fail(TextReport.render(replayed), "replayed from the failure store: " + TextReport.headline(replayed))
            return replayed
        }
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
    var gateLines: [String] = []
    var passed = result.verdict.passed
    if let gate { (passed, gateLines) = gate.decide(&result) }
    if let storePath {
        // The entries of the suites this call ran passed when replayed: they give way to this run's failures.
        let replaced = stored.filter { entry in suites.map { $0.contains(Suite(entry.suite)) } ?? true }
        // Only what fails the test is remembered: a failure the gate excuses would be replayed for nothing.
        let excused = Set(result.gate?.excused.map(\.id) ?? [])
        let found = result.failures.filter { !result.isDeviation($0) && !excused.contains($0.id) }.compactMap {
            replays.replay(for: $0.replay).flatMap { FailureStore.Entry($0, implementation: name) }
        }
        FailureStore.update(storePath, removing: replaced, adding: found)
    }
    var written = ""
    if let folder = reports ?? environment["FLOWCHECK_REPORTS"] {
        switch ConformanceReports.write(result, runsPerSuite: runs, into: folder) {
        case .success(let paths): written = "\nwrote " + paths.joined(separator: ", ")
        case .failure(let error): fail("", "FlowCheck could not write its reports into \(folder): \(error)")
        }
    }
    let gateText = gateLines.isEmpty ? "" : "\n" + gateLines.joined(separator: "\n")
    if !passed {
        fail(TextReport.render(result) + gateText + written, TextReport.headline(result))
    } else {
        // Never silent: what was exercised and held, the failures a gate excused, and the deviations the SDK's
        // authors may want to change.
        if result.verdict.deviations > 0 || !result.verdict.passed { print(TextReport.render(result)) }
        print(ConformanceReports.summary(result, seedNote: seedNote) + gateText + written)
    }
    return result
}
