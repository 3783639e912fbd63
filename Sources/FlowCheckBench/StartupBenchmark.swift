import FlowCheckEngine
import Foundation
import PropertyTesting
import SampleImplementations

#if canImport(Glibc)
import Glibc
import FlowCheckCore
import FlowCheckRecords
import FlowCheckSuites
import NavigationModel
#endif

/// From launch to the first step: the `flowcheck run` command on builtin:sample, replaying one run of one step,
/// started as a process. The whole process's life is timed, so the figure bounds launch-to-first-step from above.
enum StartupBenchmark {
    /// The arguments after `--cli` (the bench runs the `flowcheck` command's code when started so).
    static let arguments = [
        "run", "--sut", "builtin:sample", "--suite", "navigation", "--seed", "1", "--run", "201", "--max-steps", "1",
        "--no-html", "--jobs", "1",
    ]

    static func run(repeats: Int = 11) -> Measurement {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        let argv = [executable, "--cli"] + arguments
        // A launch that does not exit 0 makes the figure void: it timed something other than a run that stepped.
        var failedLaunches = 0
        let median = BenchClock.median(repeats) {
            // posix_spawn and waitpid: Foundation's Process polls for the exit, which would add its own latency.
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var cArguments = argv.map { strdup($0) } + [nil]
            defer { for pointer in cArguments { free(pointer) } }
            var pid: pid_t = 0
            let start = ContinuousClock.now
            guard posix_spawn(&pid, executable, &actions, nil, &cArguments, environ) == 0 else { return .infinity }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let elapsed = (ContinuousClock.now - start).seconds * 1000
            // Exited normally (no signal bits) with status 0.
            if status & 0x7f != 0 || (status >> 8) & 0xff != 0 { failedLaunches += 1 }
            return elapsed
        }
        // The replayed run must take a step, or the figure would time a run that never reached one.
        let replay = try? ConformanceRunner(
            implementation: SampleNavigator(), options: .init(seed: 1, maxSteps: 1, suites: [.navigation], onlyRun: 201)
        ).run()
        let steps = replay?.verdict.exercised.first?.value ?? 0
        let failures = failedLaunches == 0 ? "" : "; \(failedLaunches) of \(repeats) launches did not exit 0"
        return Measurement(
            name: "startup.first-step", value: median, unit: "ms", target: "< 50 ms",
            met: median < 50 && steps > 0 && failedLaunches == 0,
            detail: "launch to exit of `flowcheck " + arguments.joined(separator: " ") + "`, median of \(repeats)"
                + failures)
    }
}
