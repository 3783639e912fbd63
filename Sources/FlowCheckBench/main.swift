import FlowCheckCommands
import Foundation

// flowcheck-bench: the kit's benchmarks, each figure printed with its target. Run in release mode:
//   swift run -c release flowcheck-bench [--only GROUP] [--runs N] [--repeats K]
// Timings here are measurements to read and record, never assertions; the machine should be otherwise idle.

var arguments = Array(CommandLine.arguments.dropFirst())
// The `flowcheck` command's own code, so that startup is measured on what a user runs.
if arguments.first == "--cli" {
    exit(FlowCheckCommand.main(Array(arguments.dropFirst()), console: .standard).rawValue)
}
// Started by the process benchmark as the implementation it drives.
if arguments.first == "--echo" {
    EchoImplementation.run(batch: !arguments.contains("--no-batch"))
}

let groups = ["runner", "decoding", "process", "mutants", "startup", "memory", "engine", "readers"]
let usage =
    "usage: flowcheck-bench [--only \(groups.joined(separator: "|"))] [--runs N] [--repeats K]"
var runs = 20_000, repeats = 3
var only: String?
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    guard let value = arguments.first else {
        print(usage)
        exit(2)
    }
    arguments.removeFirst()
    switch option {
    case "--only" where groups.contains(value): only = value
    case "--runs" where Int(value).map({ $0 > 0 }) == true: runs = Int(value)!
    case "--repeats" where Int(value).map({ $0 > 0 }) == true: repeats = Int(value)!
    default:
        print(usage)
        exit(2)
    }
}

#if DEBUG
print("warning: a debug build; benchmark figures are only meaningful with -c release")
#endif
print(
    "flowcheck-bench, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
        + "\(Date().formatted(.iso8601.year().month().day()))")

var measured: [Measurement] = []
@MainActor func report(_ measurements: [Measurement]) {
    for figure in measurements {
        let verdict = figure.target.isEmpty ? "" : figure.met ? "  ✓ \(figure.target)" : "  ✗ \(figure.target)"
        print("\(figure.name): \(formatted(figure.value)) \(figure.unit)\(verdict)")
        if !figure.detail.isEmpty { print("    \(figure.detail)") }
    }
    measured += measurements
}
@MainActor func enabled(_ group: String) -> Bool { only == nil || only == group }

// First: memory that earlier groups freed stays resident, and a run that reused it would hide its own growth.
if enabled("memory") { report([RunnerBenchmark.memory()]) }
if enabled("runner") { report(RunnerBenchmark.run(runs: runs, repeats: repeats)) }
if enabled("decoding") { report(DecodingBenchmark.run(runs: runs)) }
if enabled("process") { report(ProcessBenchmark.run(runs: runs)) }
if enabled("mutants") { report(MutantBenchmark.run()) }
if enabled("startup") { report([StartupBenchmark.run()]) }
if enabled("engine") { report(EngineBenchmark.run(runs: runs)) }
if enabled("readers") { report(ReaderBenchmarks.run()) }

let targets = measured.filter { !$0.target.isEmpty }
print("targets met: \(targets.filter(\.met).count) of \(targets.count)")
