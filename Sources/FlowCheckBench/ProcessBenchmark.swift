import FlowCheckCore
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import Foundation
import NavigationModel
import ProcessProtocol
import SampleImplementations

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process protocol costs the kit: CPU time per step against a native echo of the model (with and without
/// batch) beyond what the same runs cost in-process against builtin:sample, and the kit's share of the CPU time of a
/// run against the Python example.
///
/// The navigation and session suites, seed 1, every run passing. CPU time comes from getrusage(2): the kit's from
/// `RUSAGE_SELF` (every thread of this process), the implementation's from `RUSAGE_CHILDREN` once it is stopped and
/// reaped. Both spans run from starting the implementation to reaping it. Each figure is the best of three: on a
/// shared machine, other work only ever adds CPU time (cache misses, costlier switches), never takes it away.
enum ProcessBenchmark {
    /// The figures of one run of the suites against one implementation.
    struct Figures {
        var steps: Int
        /// The kit's CPU time, in µs.
        var kit: Double
        /// The implementation's CPU time, in µs (0 in-process, where it is part of the kit's).
        var child: Double
        /// Wall-clock time, in µs.
        var wall: Double

        var kitPerStep: Double { kit / Double(steps) }
        var childPerStep: Double { child / Double(steps) }
        var wallPerStep: Double { wall / Double(steps) }
    }

    static func run(runs: Int) -> [Measurement] {
        let options = ConformanceRunner.Options(seed: 1, runs: runs, suites: [.navigation, .session])
        let pythonRuns = max(runs / 10, ConformanceRunner.Options.defaultRuns)
        let workload =
            "\(runCount(runs)) per suite, navigation and session, seed 1, each figure the cheapest of 3"
        var figures: [Measurement] = []
        do {
            let inProcess = try best { try measure(SampleNavigator(), options: options) }
            let echo = try echoCommand()
            let batched = try best { try measure(process: echo, options: options) }
            let unbatched = try best { try measure(process: echo + " --no-batch", options: options) }
            precondition(
                batched.steps == inProcess.steps && unbatched.steps == inProcess.steps,
                "the echo and builtin:sample must run the same steps")
            let batchOverhead = batched.kitPerStep - inProcess.kitPerStep
            let overhead = unbatched.kitPerStep - inProcess.kitPerStep
            figures += [
                Measurement(
                    name: "process.echo.batch", value: batchOverhead, unit: "µs/step", target: "≤ 5 µs/step",
                    met: batchOverhead <= 5,
                    detail:
                        "kit \(formatted(batched.kitPerStep)) µs/step against the echo with batch, "
                        + "\(formatted(inProcess.kitPerStep)) µs/step in-process against builtin:sample; "
                        + "echo \(formatted(batched.childPerStep)) µs/step; "
                        + "\(formatted(Double(batched.steps))) steps, \(workload)"),
                Measurement(
                    name: "process.echo.nobatch", value: overhead, unit: "µs/step",
                    target: "≤ round trip (\(formatted(unbatched.wallPerStep)) µs/step)",
                    met: overhead <= unbatched.wallPerStep,
                    detail:
                        "kit \(formatted(unbatched.kitPerStep)) µs/step against the echo without batch, "
                        + "\(formatted(inProcess.kitPerStep)) µs/step in-process; "
                        + "the round trip is the wall-clock time "
                        + "per step, of which \(formatted(unbatched.wallPerStep - unbatched.kitPerStep)) µs the kit "
                        + "waits; echo \(formatted(unbatched.childPerStep)) µs/step; \(workload)"),
            ]
        } catch {
            figures.append(
                Measurement(
                    name: "process.echo", value: 0, unit: "", target: "both echo figures measured", met: false,
                    detail: "\(error)"))
        }
        // Apart, so that a machine without python3 still gets the echo figures, and this one is reported not met.
        do {
            let python = try best {
                try measure(
                    process: "python3 \(pythonExample())",
                    options: .init(seed: 1, runs: pythonRuns, suites: [.navigation, .session]))
            }
            let share = python.kit / (python.kit + python.child) * 100
            figures.append(
                Measurement(
                    name: "process.python.share", value: share, unit: "%", target: "≤ 20%", met: share <= 20,
                    detail:
                        "kit \(formatted(python.kitPerStep)) µs/step, "
                        + "Python \(formatted(python.childPerStep)) µs/step "
                        + "of CPU; \(formatted(Double(python.steps))) steps, \(runCount(pythonRuns)) per suite "
                        + "with batch, Tests/ProcessExample/navigator.py"))
        } catch {
            figures.append(
                Measurement(
                    name: "process.python.share", value: 0, unit: "%", target: "≤ 20%", met: false,
                    detail: "not measured (it needs python3): \(error)"))
        }
        return figures
    }

    /// The figures of the run that cost the kit least of three.
    static func best(_ measure: () throws -> Figures) throws -> Figures {
        var best = try measure()
        for _ in 0..<2 {
            let next = try measure()
            if next.kit < best.kit { best = next }
        }
        return best
    }

    /// The figures of the suites against an in-process implementation.
    static func measure(
        _ implementation: some NavigationImplementation, options: ConformanceRunner.Options
    ) throws
        -> Figures
    {
        let clock = ContinuousClock()
        let started = clock.now
        let before = cpu(.ownThreads)
        let steps = try steps(of: ConformanceRunner(implementation: implementation, options: options).run())
        return Figures(
            steps: steps, kit: cpu(.ownThreads) - before, child: 0, wall: microseconds(clock.now - started))
    }

    /// The figures of the suites against `commandLine`, from its start to its reaping.
    static func measure(process commandLine: String, options: ConformanceRunner.Options) throws -> Figures {
        let clock = ContinuousClock()
        let started = clock.now
        let before = (kit: cpu(.ownThreads), child: cpu(.reapedChildren))
        let implementation = try ProcessImplementation(commandLine: commandLine, stepTimeout: .seconds(30))
        let steps = try steps(of: ConformanceRunner(implementation: implementation, options: options).run())
        implementation.stop()
        return Figures(
            steps: steps, kit: cpu(.ownThreads) - before.kit, child: cpu(.reapedChildren) - before.child,
            wall: microseconds(clock.now - started))
    }

    private static func steps(of result: ConformanceResult) throws -> Int {
        // Coverage may fall short on few runs; a divergence or a breakdown would make the figures meaningless.
        guard result.failures.isEmpty && result.errors.isEmpty else {
            throw Failure(message: TextReport.render(result))
        }
        return result.verdict.exercised.first { $0.unit == .step }?.value ?? 0
    }

    private struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { "a benchmark run found a failure: \(message)" }
    }

    private enum Who {
        case ownThreads, reapedChildren
    }

    /// CPU time (user and system) of `who`, in µs.
    private static func cpu(_ who: Who) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t((who == .ownThreads ? RUSAGE_SELF : RUSAGE_CHILDREN).rawValue), &usage)
        let user = Double(usage.ru_utime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec)
        return user + Double(usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_stime.tv_usec)
    }

    private static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    /// This benchmark started as the echo: its own executable with `--echo`.
    private static func echoCommand() throws -> String {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        return "\(executable) --echo"
    }

    /// The Python example beside the sources this benchmark was built from, or under the current directory.
    private static func pythonExample() -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = root.appendingPathComponent("Tests/ProcessExample/navigator.py").path
        return FileManager.default.fileExists(atPath: script) ? script : "Tests/ProcessExample/navigator.py"
    }
}
