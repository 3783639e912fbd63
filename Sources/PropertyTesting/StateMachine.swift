/// A model-based (stateful) property: a model, a system under test, and steps
/// generated one by one against the model state reached so far.
///
/// After every step, ``run(_:model:system:)`` applies it to both and says whether
/// they still agree. The engine shrinks a failing sequence of steps, dropping a
/// step whose ``precondition(_:model:)`` no longer holds rather than rejecting
/// the whole candidate.
public protocol StateMachine: Sendable {
    /// The reference model's state.
    associatedtype Model
    /// The system under test (an adapter, a process handle).
    associatedtype System
    /// One step, such as a command.
    associatedtype Step

    /// Generates the initial model state.
    var initialModel: Gen<Model> { get }

    /// Creates (or resets) the system for a run, in the model's initial state.
    func makeSystem(for model: Model) throws -> System

    /// Generates a step for the current model state.
    func step(for model: Model) -> Gen<Step>

    /// Whether `step` may run in `model`'s state. Defaults to `true`.
    func precondition(_ step: Step, model: Model) -> Bool

    /// Labels a step for the coverage table. Defaults to none.
    func labels(for step: Step, model: Model) -> [String]

    /// Applies `step` to the model and the system: `nil` when they agree, otherwise
    /// a message saying how they differ.
    func run(_ step: Step, model: inout Model, system: inout System) -> String?
}

extension StateMachine {
    /// Every step is allowed unless the machine says otherwise.
    public func precondition(_ step: Step, model: Model) -> Bool { true }
    /// No coverage labels unless the machine gives some.
    public func labels(for step: Step, model: Model) -> [String] { [] }
}

/// Checks a ``StateMachine``: generates step sequences, runs them, shrinks the first failure.
public struct StatefulProperty<Machine: StateMachine>: Sendable {
    /// The machine.
    public let machine: Machine

    /// Creates a stateful property.
    public init(_ machine: Machine) { self.machine = machine }

    /// How a single execution of steps ended.
    public struct Execution {
        /// The steps that ran (steps whose precondition failed are left out).
        public var steps: [Machine.Step]
        /// The failure message, if a step failed; it is then the last step.
        public var failure: String?
    }

    /// Runs `steps` as values from `initial`, skipping a step whose precondition fails.
    public func replay(initial: Machine.Model, steps: [Machine.Step]) -> Execution {
        var model = initial
        var system: Machine.System
        do { system = try machine.makeSystem(for: model) } catch {
            return Execution(steps: [], failure: "could not set up the system: \(error)")
        }
        var ran: [Machine.Step] = []
        for step in steps where machine.precondition(step, model: model) {
            ran.append(step)
            if let message = machine.run(step, model: &model, system: &system) {
                return Execution(steps: ran, failure: message)
            }
        }
        return Execution(steps: ran, failure: nil)
    }

    /// One run on a choice source; `collect` keeps the initial model and the steps.
    private func execute(
        _ source: ChoiceSource, maxSteps: Int, collect: Bool
    )
        -> (record: RunTally, initial: Machine.Model?, steps: [Machine.Step])
    {
        let initial: Machine.Model
        do {
            initial = try source.span("initial") { () throws(ChoiceSource.Stop) in try machine.initialModel.run(source)
            }
        } catch {
            return (RunTally(outcome: .invalid(error)), nil, [])
        }
        var model = initial
        var system: Machine.System
        do { system = try machine.makeSystem(for: model) } catch {
            return (
                RunTally(
                    outcome: .failed(
                        Falsification(origin: "setup failed", message: "could not set up the system: \(error)"))),
                initial, []
            )
        }
        let average = Double(max(maxSteps, 1)) / 2
        let more = average / (average + 1)
        var steps: [Machine.Step] = []
        var record = RunTally(outcome: .passed)
        var count = 0, rejected = 0
        while true {
            let mark = source.mark
            let step: Machine.Step?
            do {
                step = try source.span("step") { () throws(ChoiceSource.Stop) -> Machine.Step? in
                    // At the maximum the flag is still drawn, as a certain 0, to keep deletions aligned.
                    guard try source.drawBool(probability: count < maxSteps ? more : 0), count < maxSteps else {
                        return nil
                    }
                    return try machine.step(for: model).run(source)
                }
            } catch {
                // Out of choices mid-sequence: the steps so far stand as the run.
                if source.isRandom { break }
                return (RunTally(outcome: .invalid(error)), initial, steps)
            }
            guard let step else { break }
            guard machine.precondition(step, model: model) else {
                source.rewind(to: mark)
                rejected += 1
                if source.isRandom && rejected > 100 { break }
                continue
            }
            record.stepLabels += machine.labels(for: step, model: model)
            record.steps += 1
            if collect { steps.append(step) }
            count += 1
            if let message = machine.run(step, model: &model, system: &system) {
                record.outcome = .failed(
                    Falsification(origin: "a step disagreed", message: "step \(count - 1): \(message)"))
                return (record, initial, steps)
            }
        }
        return (record, initial, steps)
    }

    /// Checks the machine and shrinks the first failing sequence, then verifies it is 1-minimal.
    public func check(_ configuration: Configuration = Configuration()) -> StatefulCheckResult<Machine> {
        let maxSteps = configuration.maxSteps
        let engine = Engine(configuration: configuration) { source in
            execute(source, maxSteps: maxSteps, collect: false).record
        }
        let result = engine.run()
        var counterexample: StatefulCounterexample<Machine>?
        if let failure = result.failures.first {
            let final = execute(
                .replaying(failure.shrunk.choices, maxChoices: configuration.maxChoices, recordsSpans: false),
                maxSteps: maxSteps, collect: true)
            let original = execute(
                .replaying(failure.original.choices, maxChoices: configuration.maxChoices, recordsSpans: false),
                maxSteps: maxSteps, collect: true)
            if let initial = final.initial, case .failed(let falsification) = final.record.outcome {
                let message = falsification.message
                let deletable = final.steps.indices.filter { index in
                    var fewer = final.steps
                    fewer.remove(at: index)
                    return replay(initial: initial, steps: fewer).failure != nil
                }
                counterexample = StatefulCounterexample(
                    initial: initial, steps: final.steps, message: message, choices: failure.shrunk.choices,
                    run: failure.run, originalStepCount: original.steps.count, shrink: failure.statistics,
                    deletableSteps: deletable)
            }
        }
        return StatefulCheckResult(configuration: configuration, engine: result, counterexample: counterexample)
    }

    /// Runs the step sequences of `initial` in order of length, up to `depth` steps,
    /// over the finite `alphabet` of steps each model state allows, and returns the
    /// first (so shortest) failing one. Small-scope bugs are found with certainty.
    public func exhaustive(
        initial: Machine.Model, depth: Int, alphabet: (Machine.Model) -> [Machine.Step]
    ) -> ExhaustiveResult<Machine> {
        var frontier: [(steps: [Machine.Step], model: Machine.Model)] = [([], initial)]
        var checked = 0
        for length in 1...max(depth, 1) {
            var next: [(steps: [Machine.Step], model: Machine.Model)] = []
            for node in frontier {
                for step in alphabet(node.model) where machine.precondition(step, model: node.model) {
                    let steps = node.steps + [step]
                    checked += 1
                    var model = initial
                    var system: Machine.System
                    do { system = try machine.makeSystem(for: model) } catch {
                        return ExhaustiveResult(
                            sequencesChecked: checked, depth: length,
                            counterexample: (steps, "could not set up the system: \(error)"))
                    }
                    for (index, s) in steps.enumerated() {
                        if let message = machine.run(s, model: &model, system: &system) {
                            return ExhaustiveResult(
                                sequencesChecked: checked, depth: length,
                                counterexample: (Array(steps[...index]), "step \(index): \(message)"))
                        }
                    }
                    next.append((steps, model))
                }
            }
            frontier = next
        }
        return ExhaustiveResult(sequencesChecked: checked, depth: depth, counterexample: nil)
    }
}

/// A failing step sequence, shrunk.
public struct StatefulCounterexample<Machine: StateMachine> {
    /// The initial model state.
    public var initial: Machine.Model
    /// The shrunk steps; the last one fails.
    public var steps: [Machine.Step]
    /// How the last step failed, prefixed with its index.
    public var message: String
    /// The choices that rebuild the sequence.
    public var choices: [UInt64]
    /// Which run found the failure, from 0.
    public var run: Int
    /// How many steps the failure took before shrinking.
    public var originalStepCount: Int
    /// What the shrink cost.
    public var shrink: ShrinkStatistics
    /// Steps that can be deleted while the sequence still fails; empty when the
    /// sequence is 1-minimal (deleting any single step makes it pass).
    public var deletableSteps: [Int]

    /// Whether deleting any single step makes the sequence pass.
    public var isOneMinimal: Bool { deletableSteps.isEmpty }
}

/// The outcome of checking a ``StatefulProperty``.
public struct StatefulCheckResult<Machine: StateMachine> {
    /// The configuration; its seed replays the check.
    public let configuration: Configuration
    /// Passed, failed, insufficient coverage or gave up.
    public let verdict: PropertyVerdict
    /// Runs completed.
    public let runs: Int
    /// Steps run in passing runs.
    public var steps: Int { coverage.steps }
    /// How often each label appeared.
    public let coverage: CoverageTable
    /// Requirements that were not met, or could not be decided.
    public let unmetCoverage: [CoverageRequirement]
    /// The shrunk failure, when the verdict is ``Verdict/failed``.
    public let counterexample: StatefulCounterexample<Machine>?
    /// Time spent running, shrinking excluded.
    public let duration: Duration
    /// Whether the time limit ended the runs early.
    public let timedOut: Bool

    init(configuration: Configuration, engine: Engine.Result, counterexample: StatefulCounterexample<Machine>?) {
        self.configuration = configuration
        self.verdict = engine.verdict
        self.runs = engine.runs
        self.coverage = engine.coverage
        self.unmetCoverage = engine.unmet + engine.undecided
        self.counterexample = counterexample
        self.duration = engine.duration
        self.timedOut = engine.stop == .timeLimit
    }

    /// Whether the property passed.
    public var passed: Bool { verdict == .passed }
}

extension StatefulCheckResult: CustomStringConvertible {
    public var description: String {
        var lines: [String] = []
        let seed = "seed \(configuration.seed)"
        switch verdict {
        case .passed:
            lines.append(
                "Passed \(runs) runs, \(steps) steps (\(seed))" + (timedOut ? ", stopped early by the time limit" : "")
                    + ".")
        case .failed:
            guard let c = counterexample else { lines.append("Failed (\(seed))."); break }
            lines.append("Failed on run \(c.run + 1) (\(seed)): \(c.message)")
            lines.append("Initial: \(c.initial)")
            lines.append("Minimal steps (\(c.steps.count), shrunk from \(c.originalStepCount)):")
            for (index, step) in c.steps.enumerated() { lines.append("  \(index). \(step)") }
            lines.append(
                c.isOneMinimal
                    ? "1-minimal: deleting any single step makes it pass."
                    : "Not 1-minimal (the shrink budget ran out): steps \(c.deletableSteps) can still be deleted.")
            lines.append("Shrink: \(c.shrink)")
            lines.append("Replay: run again with seed \(configuration.seed).")
        case .insufficientCoverage:
            lines.append("Insufficient coverage after \(runs) runs (\(seed)); every run held, but:")
            for requirement in unmetCoverage {
                lines.append(
                    "  - \(requirement): seen in \(coverage.runsWithLabel[requirement.label] ?? 0) of \(runs) runs")
            }
        case .gaveUp:
            lines.append("Gave up: too many inputs could not be generated (\(seed)).")
        case .errored:
            lines.append("Could not run (\(seed)).")
        }
        return lines.joined(separator: "\n")
    }
}

/// The outcome of a bounded-exhaustive check.
public struct ExhaustiveResult<Machine: StateMachine> {
    /// How many step sequences were run.
    public var sequencesChecked: Int
    /// The depth reached: the failing sequence's length, or the full depth.
    public var depth: Int
    /// The first failing sequence, which is a shortest one, and its failure.
    public var counterexample: (steps: [Machine.Step], message: String)?
}
