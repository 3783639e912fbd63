import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import FlowCheckSuites
import NavigationModel
import SampleImplementations

/// The kit's main job in-process: builtin:sample, the navigation and session suites, every step generated, run on
/// the reference model and on the sample SDK, and compared.
enum RunnerBenchmark {
    /// Steps per second on one worker and on two, and the resident size over ten million steps.
    static func run(runs: Int, repeats: Int) -> [Measurement] {
        // Each repeat's rate with its CPU per step, so that the CPU printed is the median run's.
        var repeatsMeasured: [(rate: Double, cpuPerStep: Double)] = []
        for _ in 0..<max(repeats, 1) {
            let (steps, wall, cpu) = navigation(runs: runs, jobs: 1)
            repeatsMeasured.append((Double(steps) / wall, cpu / Double(steps) * 1e6))
        }
        let median = repeatsMeasured.sorted { $0.rate < $1.rate }[repeatsMeasured.count / 2]
        let one = median.rate, cpuPerStep = median.cpuPerStep
        let two = BenchClock.median(repeats) {
            let (steps, wall, _) = navigation(runs: runs, jobs: 2)
            return Double(steps) / wall
        }
        let workload =
            "\(runCount(runs)) of up to 50 steps per suite, navigation + session, builtin:sample, median of \(repeats)"
        return [
            Measurement(
                name: "runner.navigation.jobs1", value: one, unit: "steps/s", target: "≥ 1,500,000 steps/s",
                met: one >= 1_500_000, detail: workload + "; \(formatted(cpuPerStep)) µs of CPU per step"),
            Measurement(
                name: "runner.navigation.jobs2", value: two, unit: "steps/s", target: "≥ 2,500,000 steps/s",
                met: two >= 2_500_000, detail: workload + ", --jobs 2"),
        ] + FloorBenchmark.run(runs: runs, repeats: repeats, runnerCPUPerStep: cpuPerStep)
    }

    /// Runs the navigation and session suites; the steps, the wall and the CPU seconds.
    static func navigation(runs: Int, jobs: Int, seed: UInt64 = 1) -> (steps: Int, wall: Double, cpu: Double) {
        let runner = ConformanceRunner(
            implementation: SampleNavigator(),
            options: .init(seed: seed, runs: runs, maxSteps: 50, suites: [.navigation, .session], jobs: jobs))
        let (result, wall, cpu) = BenchClock.measure { try! runner.run() }
        // No divergence, not a pass: a small --runs may leave coverage short, which does not change the rate.
        precondition(result.failures.isEmpty, "builtin:sample must agree with the model on every step")
        return (result.verdict.exercised.first { $0.unit == .step }?.value ?? 0, wall, cpu)
    }

    /// The resident size's growth over one run of ten million steps, from its first ~500,000 steps to its end.
    static func memory(steps target: Int = 10_000_000) -> Measurement {
        // About 24 steps per run at up to 50 steps, in two suites.
        let runs = target / 48 + 1
        let baseline = ResidentMark()
        var runner = ConformanceRunner(
            implementation: SampleNavigator(),
            options: .init(seed: 1, runs: runs, maxSteps: 50, suites: [.navigation, .session], jobs: 2))
        runner.runProgress = { suite, done in
            if suite == .navigation && done >= 20_000 { baseline.markOnce() }
        }
        let result = try! runner.run()
        let steps = result.verdict.exercised.first { $0.unit == .step }?.value ?? 0
        let growth = Double(BenchClock.residentBytes() - baseline.bytes) / 1_048_576
        return Measurement(
            name: "memory.growth", value: growth, unit: "MB", target: "< 10 MB", met: growth < 10 && steps >= target,
            detail: "one run of \(formatted(Double(steps))) steps (--jobs 2): resident size at its end minus after "
                + "its first 20,000 runs (\(formatted(Double(baseline.bytes) / 1_048_576)) MB)")
    }
}

/// The resident size, taken once.
final class ResidentMark: @unchecked Sendable {
    private(set) var bytes = 0
    func markOnce() { if bytes == 0 { bytes = BenchClock.residentBytes() } }
}
