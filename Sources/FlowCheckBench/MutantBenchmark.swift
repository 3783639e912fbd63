import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import NavigationModel
import PropertyTesting
import RUFClientModel
import SampleImplementations

/// Find and shrink, per built-in navigation and RUF client mutant: the time to the first failure, shrunk and described
/// (one failure at most, as the decoding figures), and whether it is at the mutant's known minimum.
///
/// Each mutant is run `repeats` times and its time is the median of its runs, so that one run slowed by the machine
/// does not decide a figure; the results are the same at every run (the search is seeded), and the first is checked.
enum MutantBenchmark {
    static func run(repeats: Int) -> [Measurement] {
        var times: [Double] = [], above: [String] = []
        for bug in SampleBug.allCases {
            let (result, milliseconds) = timed(repeats: repeats) {
                let stop = StopRequest()
                var runner = ConformanceRunner(
                    implementation: SampleNavigator(bug: bug),
                    options: .init(seed: 1, suites: [.navigation, .session], maxFailures: 1, jobs: 1))
                // The suites run in order; the first failure found ends the search.
                runner.stop = stop
                runner.progress = { verdict in if verdict.failures > 0 { stop.request(reason: "found") } }
                return try! runner.run()
            }
            times.append(milliseconds)
            guard let failure = result.failures.first else {
                above.append("\(bug.rawValue) (not found)")
                continue
            }
            var minimal = failure.size.value <= bug.minimalSteps
            var shape = "\(failure.size.value) steps (minimum \(bug.minimalSteps))"
            if let depth = bug.minimalDepth, let detail = failure.detail.decoded(as: StepFailureDetail.self) {
                let deepest = ([detail.initial] + detail.trace.map(\.expected.state.stack)).map(\.count).max() ?? 0
                minimal = minimal && deepest <= depth + 1
                shape += ", \(deepest) screens deep (minimum \(depth))"
            }
            if !minimal { above.append("\(bug.rawValue): \(shape)") }
        }
        let navigation = summary(
            times: times, above: above, kind: "navigation", count: SampleBug.allCases.count, repeats: repeats)
        return navigation + client(repeats: repeats)
    }

    /// The same for each RUF client mutant in the client suite: its first failure, shrunk and described, held to the
    /// smallest run the suite can reach (``ClientBug/minimalRun``) and to the one rule the bug breaks.
    static func client(repeats: Int) -> [Measurement] {
        var times: [Double] = [], above: [String] = []
        for bug in ClientBug.allCases {
            let options = ConformanceRunner.Options(seed: 1, suites: [.client], maxFailures: 1, jobs: 1)
            let (result, milliseconds) = timed(repeats: repeats) {
                try! ConformanceRunner(implementation: SampleNavigator(clientBug: bug), options: options).run()
            }
            times.append(milliseconds)
            guard let failure = result.failures.first else {
                above.append("\(bug.rawValue) (not found)")
                continue
            }
            if failure.size.value > bug.minimalRun || failure.ruleIDs != [bug.rule] {
                above.append(
                    "\(bug.rawValue): \(failure.size.value) inputs (minimum \(bug.minimalRun)), "
                        + "rules \(failure.ruleIDs.joined(separator: ", "))")
            }
        }
        return summary(times: times, above: above, kind: "client", count: ClientBug.allCases.count, repeats: repeats)
    }

    /// The first run's result, and the median of `repeats` runs' wall times in milliseconds.
    static func timed<Result>(repeats: Int, _ body: () -> Result) -> (result: Result, milliseconds: Double) {
        var first: Result?, times: [Double] = []
        for _ in 0..<max(repeats, 1) {
            let (result, wall, _) = BenchClock.measure(body)
            first = first ?? result
            times.append(wall * 1000)
        }
        return (first!, times.sorted()[times.count / 2])
    }

    /// The median and worst times, each held to its target, and how many counterexamples are at their known minimum.
    static func summary(times: [Double], above: [String], kind: String, count: Int, repeats: Int) -> [Measurement] {
        let sorted = times.sorted()
        let median = sorted[sorted.count / 2], worst = sorted.last ?? 0
        let each = repeats > 1 ? ", each mutant's time the median of its \(repeats) runs" : ""
        return [
            Measurement(
                name: "mutants.\(kind).median", value: median, unit: "ms", target: "< 20 ms", met: median < 20,
                detail: "\(count) mutants, seed 1, one failure each: found, shrunk and described\(each)"),
            Measurement(
                name: "mutants.\(kind).worst", value: worst, unit: "ms", target: "< 500 ms", met: worst < 500,
                detail: "\(count) mutants, seed 1\(each)"),
            Measurement(
                name: "mutants.\(kind).minimal", value: Double(count - above.count), unit: "of \(count)",
                target: "all at their known minimum", met: above.isEmpty,
                detail: above.isEmpty ? "" : "above their known minimum: " + above.joined(separator: "; ")),
        ]
    }
}
