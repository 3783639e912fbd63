import FlowCheckCommands
import Foundation

// flowcheck-bench: the kit's benchmarks, each figure printed with its target. Run in release mode:
//   swift run -c release flowcheck-bench [--only GROUP] [--runs N] [--repeats K]
// Timings here are measurements to read and record, never test assertions; the machine should be otherwise idle.
// The exit code says whether every target printed was met, so that a script reads what the last line says.

var arguments = Array(CommandLine.arguments.dropFirst())
// The `flowcheck` command's own code, so that startup is measured on what a user runs.
if arguments.first == "--cli" {
    exit(FlowCheckCommand.main(Array(arguments.dropFirst()), console: .standard).rawValue)
}
// Started by the readers benchmark to measure a lint's peak memory in a process of its own.
if arguments.first == "--lint-peak", arguments.count == 2 {
    ReaderBenchmarks.lintPeak(arguments[1])
}
// Started by the process benchmark as the implementation it drives.
if arguments.first == "--echo" {
    EchoImplementation.run(batch: !arguments.contains("--no-batch"))
}

let groups = ["runner", "decoding", "process", "mutants", "startup", "memory", "engine", "readers"]
let usage =
    "usage: flowcheck-bench [--only \(groups.joined(separator: "|"))] [--runs N] [--repeats K]"
let help = """
    \(usage)

    Measures the kit in release builds (swift run -c release flowcheck-bench) and prints each figure with its target.

    OPTIONS:
      --only <group>   Run one group: runner (navigation and session suites in-process, one worker and every core),
                       decoding (the decoding suite and its 28 mutants), process (the JSON-lines protocol against a
                       native echo and the Python example), mutants (the navigation and RUF client mutants), startup,
                       memory, engine (the engine alone on a stack property), readers (the JSON, flow and spec
                       readers). (default: every group)
      --runs <N>       Runs per suite of the runner, process and engine figures; a tenth of it, at least 400, for
                       the Python run and the decoding documents. (default: 20000)
      --repeats <K>    How many runs the runner figures take the median of, and how many times each mutant is run.
                       (default: 3)

    EXIT CODES: 0 every target printed was met (or the group has none); 1 a target was missed; 2 a usage error.
    """
/// A usage error: what was wrong, on one line of standard error; exit 2.
func usageError(_ problem: String) -> Never {
    FileHandle.standardError.write(Data("flowcheck-bench: \(problem) (see --help)\n".utf8))
    exit(2)
}
var runs = 20_000, repeats = 3
var only: String?
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    if option == "--help" || option == "-h" {
        print(help)
        exit(0)
    }
    guard ["--only", "--runs", "--repeats"].contains(option) else { usageError("unknown argument '\(option)'") }
    guard let value = arguments.first else { usageError("\(option) needs a value") }
    arguments.removeFirst()
    switch option {
    case "--only":
        guard only == nil else { usageError("--only is given twice; run one group, or all without --only") }
        guard groups.contains(value) else { usageError("unknown group '\(value)' for --only") }
        only = value
    default:
        guard let number = Int(value), number > 0 else { usageError("\(option) takes a whole number above 0") }
        if option == "--runs" { runs = number } else { repeats = number }
    }
}

#if DEBUG
print("warning: a debug build; benchmark figures are only meaningful with -c release")
#endif
print(
    "flowcheck-bench, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
        + "\(Date().formatted(.iso8601.year().month().day()))")

// The figures are only as good as the machine is idle: say when it is not.
if let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
    let load = text.split(separator: " ").first.flatMap({ Double($0) })
{
    print(
        load > 0.5
            ? "warning: load average \(load) before starting; other work will lower the figures below"
            : "load average \(load) before starting")
}

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
if enabled("decoding") { report(DecodingBenchmark.run(runs: runs, repeats: repeats)) }
if enabled("process") { report(ProcessBenchmark.run(runs: runs)) }
if enabled("mutants") { report(MutantBenchmark.run(repeats: repeats)) }
if enabled("startup") { report([StartupBenchmark.run()]) }
if enabled("engine") { report(EngineBenchmark.run(runs: runs)) }
if enabled("readers") { report(ReaderBenchmarks.run()) }

let targets = measured.filter { !$0.target.isEmpty }
print(targets.isEmpty ? "no targets in this group" : "targets met: \(targets.filter(\.met).count) of \(targets.count)")
exit(targets.allSatisfy(\.met) ? 0 : 1)
