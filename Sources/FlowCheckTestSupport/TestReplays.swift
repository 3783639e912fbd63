import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import FlowCheckSuites

/// The failure store's runs, replayed before anything new is drawn.
enum TestReplays {
    /// The first stored run that still fails, as the result of replaying it alone, with the entries to keep (every
    /// one but those that now pass); `nil` when none fails.
    /// A run whose every failure `excused` accepts (the test's baseline expects it, or its skip list names it) no
    /// longer fails the test, and is forgotten as a passing run is.
    static func stillFailing(
        _ store: FailureStore, implementation: any Implementation, options: ConformanceRunner.Options,
        replays: ReplayLog, excused: (ConformanceResult) -> Bool = { _ in false }
    ) throws(ConformanceRunner.SetupError) -> (result: ConformanceResult, kept: [FailureStore.Entry])? {
        var kept: [FailureStore.Entry] = []
        var failing: ConformanceResult?
        for entry in store.failures {
            // A suite this call does not run is kept for the call that does.
            if let suites = options.suites, !suites.contains(Suite(entry.suite)) {
                kept.append(entry)
                continue
            }
            guard failing == nil else {
                kept.append(entry)
                continue
            }
            var replay = options
            replay.seed = entry.seed
            replay.suites = [Suite(entry.suite)]
            replay.onlyRun = entry.run
            replay.maxSteps = entry.maxSteps ?? options.maxSteps
            replay.strict = entry.strict
            var runner = ConformanceRunner(implementation: implementation, options: replay)
            runner.replayText = replays.record
            let result = try runner.run()
            if !result.verdict.passed && !excused(result) {
                failing = result
                kept.append(entry)
            }
        }
        return failing.map { ($0, kept) }
    }
}
