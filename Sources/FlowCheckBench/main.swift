import FlowCheck
import Foundation
import PropertyTesting
import SampleImplementations
import PropertyTestingExamples

// flowcheck-bench: the kit's benchmarks. Run in release mode:
//   swift run -c release flowcheck-bench [--runs N] [--seeds N]
// Timings here are measurements to read and record, never assertions.

var runs = 20_000
var seeds = 100
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
        print("usage: flowcheck-bench [--runs N] [--seeds N]")
        exit(2)
    }
    switch option {
    case "--runs": runs = value
    case "--seeds": seeds = value
    default:
        print("usage: flowcheck-bench [--runs N] [--seeds N]")
        exit(2)
    }
}

#if DEBUG
print("warning: a debug build; benchmark figures are only meaningful with -c release")
#endif

// 1. Generation throughput: the correct stack, every step generated, run on the model and the system, compared.
let clock = ContinuousClock()
let started = clock.now
let passing = StatefulProperty(FlowStackMachine(buggy: false)).check(Configuration(seed: 1, runs: runs, maxSteps: 50))
let elapsed = (clock.now - started).seconds
precondition(passing.passed, "the correct stack example must pass: \(passing)")
print("engine.generation: \(passing.runs) runs, \(passing.steps) steps in \(format(elapsed)) s = \(Int(Double(passing.steps) / elapsed)) steps/s")

// 2. Shrinking: the top-run REMOVE_PREVIOUS bug, one check per seed.
var shrinkTimes: [Double] = []
var calls: [Int] = []
var minimal = 0
for seed in 1...seeds {
    let result = StatefulProperty(FlowStackMachine(buggy: true)).check(Configuration(seed: UInt64(seed)))
    guard let counterexample = result.counterexample else { continue }
    shrinkTimes.append(counterexample.shrink.duration.seconds * 1000)
    calls.append(counterexample.shrink.calls)
    if counterexample.steps.count == 3 { minimal += 1 }
}
shrinkTimes.sort()
calls.sort()
print("engine.shrink: \(minimal) of \(seeds) seeds reached the 3-step minimum; "
      + "median shrink \(format(shrinkTimes[shrinkTimes.count / 2])) ms (p90 \(format(shrinkTimes[shrinkTimes.count * 9 / 10])) ms), "
      + "median \(calls[calls.count / 2]) candidates")

// 3. The kit's main job in-process: builtin:sample, both suites, every step generated, run on the
//    reference model and on the sample SDK, and compared.
let runner = ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 1, runs: runs, maxSteps: 50))
let conformance = runner.run()
precondition(conformance.verdict == .conforming, "builtin:sample must conform")
print("runner.sample: \(conformance.runs) runs, \(conformance.steps) steps in \(format(conformance.seconds)) s = \(Int(conformance.stepsPerSecond)) steps/s")

func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
