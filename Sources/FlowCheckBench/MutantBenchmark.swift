import ConformanceRules
import FlowCheck
import FlowCheckCore
import FlowCheckRecords
import PropertyTesting
import SampleImplementations

/// Find and shrink, per built-in navigation and RUF client mutant: the time to the first failure, shrunk and described
/// (one failure at most, as the decoding figures), and whether it is at the mutant's known minimum.
enum MutantBenchmark {
    static func run() -> [Measurement] {
        var times: [Double] = [], above: [String] = []
        for bug in SampleBug.allCases {
            let stop = StopRequest()
            var runner = ConformanceRunner(
                implementation: SampleNavigator(bug: bug),
                options: .init(seed: 1, suites: [.navigation, .session], maxFailures: 1, jobs: 1))
            // The suites run in order; the first failure found ends the search.
            runner.stop = stop
            runner.progress = { verdict in if verdict.failures > 0 { stop.request(reason: "found") } }
            let (result, wall, _) = BenchClock.measure { try! runner.run() }
            times.append(wall * 1000)
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
        return summary(times: times, above: above, kind: "navigation", count: SampleBug.allCases.count)
            + client()
    }

    /// The same for each RUF client mutant in the client suite: its first failure, shrunk and described, held to the
    /// smallest run the suite can reach (``ClientBug/minimalRun``) and to the one rule the bug breaks.
    static func client() -> [Measurement] {
        var times: [Double] = [], above: [String] = []
        for bug in ClientBug.allCases {
            let options = ConformanceRunner.Options(seed: 1, suites: [.client], maxFailures: 1, jobs: 1)
            let (result, wall, _) = BenchClock.measure {
                try! ConformanceRunner(implementation: SampleNavigator(clientBug: bug), options: options).run()
            }
            times.append(wall * 1000)
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
        return summary(times: times, above: above, kind: "client", count: ClientBug.allCases.count)
    }

    /// The median and worst times, each held to its target, and how many counterexamples are at their known minimum.
    static func summary(times: [Double], above: [String], kind: String, count: Int) -> [Measurement] {
        let sorted = times.sorted()
        let median = sorted[sorted.count / 2], worst = sorted.last ?? 0
        return [
            Measurement(
                name: "mutants.\(kind).median", value: median, unit: "ms", target: "< 20 ms", met: median < 20,
                detail: "\(count) mutants, seed 1, one failure each: found, shrunk and described"),
            Measurement(
                name: "mutants.\(kind).worst", value: worst, unit: "ms", target: "< 500 ms", met: worst < 500,
                detail: "\(count) mutants, seed 1"),
            Measurement(
                name: "mutants.\(kind).minimal", value: Double(count - above.count), unit: "of \(count)",
                target: "all at their known minimum", met: above.isEmpty,
                detail: above.isEmpty ? "" : "above their known minimum: " + above.joined(separator: "; ")),
        ]
    }
}
