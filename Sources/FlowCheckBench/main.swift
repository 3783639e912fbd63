import FlowCheck
import FlowCheckCore
import FlowSchema
import Foundation
import JSON
import PropertyTesting
import SampleImplementations
import PropertyTestingExamples
import RUFSpec
import YAML

// flowcheck-bench: the kit's benchmarks. Run in release mode:
//   swift run -c release flowcheck-bench [--runs N] [--seeds N]
// Timings here are measurements to read and record, never assertions.

// Started by the process benchmark as the implementation it drives.
if CommandLine.arguments.dropFirst().first == "--echo" {
    EchoImplementation.run(batch: !CommandLine.arguments.contains("--no-batch"))
}

var runs = 20_000
var seeds = 100
var only: String?
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    if option == "--only", let name = arguments.popFirst() { only = name; continue }
    guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
        print("usage: flowcheck-bench [--runs N] [--seeds N] [--only engine|runner|decoder|yaml|process]")
        exit(2)
    }
    switch option {
    case "--runs": runs = value
    case "--seeds": seeds = value
    default:
        print("usage: flowcheck-bench [--runs N] [--seeds N] [--only engine|runner|decoder|yaml|process]")
        exit(2)
    }
}
let selected = only
func enabled(_ name: String) -> Bool { selected == nil || selected == name }
let clock = ContinuousClock()

#if DEBUG
print("warning: a debug build; benchmark figures are only meaningful with -c release")
#endif

if enabled("engine") {
    // 1. Generation throughput: the correct stack, every step generated, run on the model and the system, compared.
    let started = clock.now
    let passing = StatefulProperty(FlowStackMachine(buggy: false)).check(
        Configuration(seed: 1, runs: runs, maxSteps: 50))
    let elapsed = (clock.now - started).seconds
    precondition(passing.passed, "the correct stack example must pass: \(passing)")
    print(
        "engine.generation: \(passing.runs) runs, \(passing.steps) steps in \(format(elapsed)) s = \(Int(Double(passing.steps) / elapsed)) steps/s"
    )

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
    print(
        "engine.shrink: \(minimal) of \(seeds) seeds reached the 3-step minimum; "
            + "median shrink \(format(shrinkTimes[shrinkTimes.count / 2])) ms (p90 \(format(shrinkTimes[shrinkTimes.count * 9 / 10])) ms), "
            + "median \(calls[calls.count / 2]) candidates")

}

if enabled("runner") {
    // 3. The kit's main job in-process: builtin:sample, the navigation and session suites, every step generated,
    //    run on the reference model and on the sample SDK, and compared.
    let runner = ConformanceRunner(
        implementation: SampleNavigator(),
        options: .init(seed: 1, runs: runs, maxSteps: 50, suites: [.navigation, .session]))
    let conformance = try! runner.run()
    precondition(conformance.verdict.passed, "builtin:sample must conform")
    let steps = conformance.verdict.exercised.first { $0.unit == .step }?.value ?? 0
    print(
        "runner.sample: \(conformance.verdict.runs) runs, \(steps) steps in \(format(conformance.seconds)) s = \(Int(Double(steps) / conformance.seconds)) steps/s"
    )
    let decodingRuns = max(runs / 10, 100)
    let decoding = try! ConformanceRunner(
        implementation: SampleFlowDecoder(), options: .init(seed: 1, runs: decodingRuns, suites: [.decoding])
    ).run()
    precondition(decoding.verdict.passed, "builtin:decoder must decode conformingly")
    print(
        "runner.decoding: \(decoding.verdict.runs) documents in \(format(decoding.seconds)) s = \(Int(Double(decoding.verdict.runs) / decoding.seconds)) documents/s (both decoders, compared)"
    )

}

if enabled("decoder") {
    // 4. Decoding throughput: the reference decoder on a generated 10 MB flow, against Foundation's
    //    JSONSerialization parsing the same text (a parse only: it decodes nothing).
    let document = largeFlow(megabytes: 10)
    func median(_ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let start = clock.now
            body()
            times.append((clock.now - start).seconds)
        }
        return times.sorted()[2]
    }
    let megabytes = Double(document.utf8.count) / 1_048_576
    let data = Data(document.utf8)
    let foundation = median { _ = try? JSONSerialization.jsonObject(with: data) }
    let parse = median { _ = try? JSONParser.parse(document) }
    let decodeTime = median { precondition(FlowDecoder.decode(document).flow != nil) }
    print(
        "decoder.throughput: \(format(megabytes)) MB flow; JSONSerialization parse \(format(megabytes / foundation)) MB/s, "
            + "kit JSON parse \(format(megabytes / parse)) MB/s, reference decoder (parse + decode) \(format(megabytes / decodeTime)) MB/s "
            + "(\(format(foundation / decodeTime * 100))% of JSONSerialization's speed)")

}

if enabled("yaml") {
    // 5. The spec reader on a large spec: 20,000 screens (about 1 MB), read and linted. Duplicate-key checks and
    //    trimming must stay linear in it.
    let spec =
        "screens:\n"
        + (0..<20_000).map { "  S\($0):\n    flows: [A, B, C]\n    description: \"screen \($0)\"\n" }.joined()
    var times: [Double] = []
    for _ in 0..<5 {
        let start = clock.now
        let read = SpecReader { _ in spec }.spec(file: "big.ruf.yaml")
        precondition(read.screens.count == 20_000)
        _ = SpecLinter.lint(read)
        times.append((clock.now - start).seconds)
    }
    let megabytes = Double(spec.utf8.count) / 1_048_576
    print(
        "yaml.spec: \(format(megabytes)) MB spec of 20000 screens read and linted in \(format(times.sorted()[2] * 1000)) ms (median) = \(format(megabytes / times.sorted()[2])) MB/s"
    )
}

if enabled("process") {
    // 6. The process protocol's cost to the kit, against a native echo of the model and the Python example.
    for figure in ProcessBenchmark.run(runs: runs) {
        print(
            "\(figure.name): \(format(figure.value)) \(figure.unit) (target \(figure.target): \(figure.met ? "met" : "NOT met"))"
                + (figure.detail.isEmpty ? "" : "; \(figure.detail)"))
    }
}

/// A valid flow of at least `megabytes` MB: screens with nested component trees, edges between them.
func largeFlow(megabytes: Int) -> String {
    var nodes: [JSONValue] = [], edges: [JSONValue] = []
    var size = 0, index = 0
    while size < megabytes * 1_048_576 {
        var children: [JSONValue] = []
        for c in 0..<12 {
            children.append(
                .object([
                    ("id", .string("s\(index)-c\(c)")),
                    ("type", .string(c % 3 == 0 ? "text" : c % 3 == 1 ? "button" : "image")),
                    ("props", .object([("text", .string("Item \(c) on screen \(index)")), ("fontSize", .number(16))])),
                    ("children", .array([.object([("id", .string("s\(index)-c\(c)-i")), ("type", .string("icon"))])])),
                ]))
        }
        let layout = JSONValue.object([
            ("id", .string("s\(index)-root")), ("type", .string("stack")), ("children", .array(children)),
        ])
        let node = JSONValue.object([
            ("id", .string("s\(index)")), ("name", .string("Screen \(index)")), ("kind", .string("screen")),
            ("layout", layout),
        ])
        size += JSONWriter.write(node).utf8.count
        nodes.append(node)
        if index > 0 {
            edges.append(
                .object([
                    ("id", .string("e\(index)")), ("fromNodeId", .string("s\(index - 1)")),
                    ("toNodeId", .string("s\(index)")),
                ]))
        }
        index += 1
    }
    return JSONWriter.write(
        .object([
            ("id", .string("big")), ("version", .number(8)), ("entryNodeId", .string("s0")),
            ("nodes", .array(nodes)), ("edges", .array(edges)),
        ]), sortedKeys: false)
}

func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
