import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import NavigationModel
import SampleImplementations

/// The floor under the runner's figure (issue 14's "physical limit"): the plans a run generates, replayed with
/// nothing but one model step, one step of builtin:sample and one comparison each. No generation, coverage, rule
/// triggers or engine: what is left of a step's cost once the kit's own work is taken away.
enum FloorBenchmark {
    /// Steps per second of the bare loop on one worker, and the share of the runner's CPU per step it leaves to the
    /// kit (`runnerCPUPerStep`, in µs, measured on the same plans).
    static func run(runs: Int, repeats: Int, runnerCPUPerStep: Double) -> [Measurement] {
        let plans = recordedPlans(runs: runs)
        let steps = plans.reduce(0) { $0 + $1.commands.count }
        var cpuPerStep = 0.0
        let rate = BenchClock.median(repeats) {
            let (disagreements, wall, cpu) = BenchClock.measure { replay(plans) }
            precondition(disagreements == 0, "builtin:sample must agree with the model on every step")
            cpuPerStep = cpu / Double(steps) * 1e6
            return Double(steps) / wall
        }
        let kitShare = runnerCPUPerStep > 0 ? max(0, 1 - cpuPerStep / runnerCPUPerStep) * 100 : 0
        return [
            Measurement(
                name: "runner.floor.jobs1", value: rate, unit: "steps/s", target: "", met: true,
                detail:
                    "the same \(runCount(runs)) per suite (\(formatted(Double(steps))) steps) with only the model, "
                    + "builtin:sample and the comparison: \(formatted(cpuPerStep)) µs of CPU per step, "
                    + "against \(formatted(runnerCPUPerStep)) through the runner (the kit's own work: "
                    + "\(formatted(kitShare))%)")
        ]
    }

    /// One generated plan, as the implementation received it.
    struct Plan {
        var initial: ScreenStack
        var profile: NavigationProfile
        var commands: [NavigationCommand]
    }

    /// The plans of a runner benchmark's run (seed 1, both suites, up to 50 steps), as builtin:sample got them.
    static func recordedPlans(runs: Int) -> [Plan] {
        let recorder = PlanRecorder()
        let runner = ConformanceRunner(
            implementation: recorder,
            options: .init(seed: 1, runs: runs, maxSteps: 50, suites: [.navigation, .session], jobs: 1))
        let result = try! runner.run()
        precondition(result.failures.isEmpty, "builtin:sample must agree with the model on every step")
        return recorder.plans
    }

    /// Runs every plan on the model and on a fresh builtin:sample side by side; the steps where they disagree.
    static func replay(_ plans: [Plan]) -> Int {
        let sample = SampleNavigator()
        var disagreements = 0
        for plan in plans {
            try! sample.reset(to: plan.initial, profile: plan.profile)
            var session = try! NavigationSession(stack: plan.initial, profile: plan.profile)
            for command in plan.commands {
                let reply = try! sample.perform(command)
                let outcome: NavigationOutcome
                switch command {
                case .navigate(let directive): outcome = session.navigate(directive)
                case .optimistic(let directive): outcome = session.optimistic(directive)
                }
                if outcome != reply.outcome || session.stack != reply.state.stack
                    || session.pending?.id != reply.state.pendingID
                {
                    disagreements += 1
                }
            }
        }
        return disagreements
    }
}

/// builtin:sample, noting every plan the runner hands it in one batch (one per run; shrinking never starts, since
/// the sample conforms).
final class PlanRecorder: NavigationImplementation {
    private let sample = SampleNavigator()
    private(set) var plans: [FloorBenchmark.Plan] = []

    var info: ImplementationInfo { sample.info }
    /// The sample's, for the two stack suites only: the recorder does not decode.
    var capabilities: Capabilities {
        var declared = sample.capabilities
        declared.suites = [.navigation, .session]
        return declared
    }

    func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
        try sample.reset(to: stack, profile: profile)
    }

    func perform(_ command: NavigationCommand) throws -> NavigationReply { try sample.perform(command) }

    func run(
        initial: ScreenStack, profile: NavigationProfile, commands: [NavigationCommand]
    ) throws -> [NavigationReply] {
        plans.append(.init(initial: initial, profile: profile, commands: commands))
        return try sample.run(initial: initial, profile: profile, commands: commands)
    }
}
