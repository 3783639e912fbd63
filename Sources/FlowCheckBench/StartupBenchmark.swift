import Foundation

/// From launch to the first step: the `flowcheck run` command on builtin:sample, replaying one run of one step,
/// started as a process. The whole process's life is timed, so the figure bounds launch-to-first-step from above.
enum StartupBenchmark {
    /// The arguments after `--cli` (the bench runs the `flowcheck` command's code when started so).
    static let arguments = [
        "run", "--sut", "builtin:sample", "--suite", "navigation", "--seed", "1", "--run", "199", "--max-steps", "1",
        "--no-html", "--jobs", "1",
    ]

    static func run(repeats: Int = 11) -> Measurement {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let median = BenchClock.median(repeats) {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--cli"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = ContinuousClock.now
            try! process.run()
            process.waitUntilExit()
            return (ContinuousClock.now - start).seconds * 1000
        }
        return Measurement(
            name: "startup.first-step", value: median, unit: "ms", target: "< 50 ms", met: median < 50,
            detail: "launch to exit of `flowcheck " + arguments.joined(separator: " ") + "`, median of \(repeats)")
    }
}
