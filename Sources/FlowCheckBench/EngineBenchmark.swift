import PropertyTesting
import PropertyTestingExamples

/// The property-testing engine alone, on the small stack example the Hypothesis comparison mirrors
/// (Benchmarks/compare-hypothesis.sh parses the `engine.generation` line).
enum EngineBenchmark {
    static func run(runs: Int) -> [Measurement] {
        // Generation throughput: the correct stack, every step generated, run on the model and the system, compared.
        let (passing, elapsed, _) = BenchClock.measure {
            StatefulProperty(FlowStackMachine(buggy: false)).check(Configuration(seed: 1, runs: runs, maxSteps: 50))
        }
        precondition(passing.passed, "the correct stack example must pass: \(passing)")
        let rate = Double(passing.steps) / elapsed
        // Shrinking: the top-run REMOVE_PREVIOUS bug, one check per seed.
        var shrinkTimes: [Double] = [], minimal = 0
        let seeds = 100
        for seed in 1...seeds {
            let result = StatefulProperty(FlowStackMachine(buggy: true)).check(Configuration(seed: UInt64(seed)))
            guard let counterexample = result.counterexample else { continue }
            shrinkTimes.append(counterexample.shrink.duration.seconds * 1000)
            if counterexample.steps.count == 3 { minimal += 1 }
        }
        shrinkTimes.sort()
        return [
            Measurement(
                name: "engine.generation", value: rate, unit: "steps/s", target: "", met: true,
                detail: "one measurement: \(runCount(passing.runs)), "
                    + "\(formatted(Double(passing.steps))) steps in \(formatted(elapsed)) s"
            ),
            Measurement(
                name: "engine.shrink", value: shrinkTimes[shrinkTimes.count / 2], unit: "ms", target: "", met: true,
                detail: "median shrink time; \(minimal) of \(seeds) seeds reached the 3-step minimum"),
        ]
    }
}
