/// A property of generated values: a generator and a test that must hold for every value.
///
/// ```swift
/// let result = Property(Gen<Int>.int(in: 0...1000).array()) { xs in
///     xs.reversed().reversed() == xs
/// }.check(Configuration(seed: 42))
/// ```
public struct Property<Value>: Sendable {
    /// Generates the inputs.
    public let gen: Gen<Value>
    /// Labels a value for the coverage table.
    public let labels: @Sendable (Value) -> [String]
    /// For a value that is a sequence of steps: the label of each step, one per step
    /// (counted per step and per run).
    public let stepLabels: @Sendable (Value) -> [String]
    /// The test: `true` when the property holds; a thrown error is a failure.
    public let test: @Sendable (Value) throws -> Bool

    /// Creates a property.
    public init(
        _ gen: Gen<Value>, labels: @escaping @Sendable (Value) -> [String] = { _ in [] },
        stepLabels: @escaping @Sendable (Value) -> [String] = { _ in [] },
        _ test: @escaping @Sendable (Value) throws -> Bool
    ) {
        self.gen = gen
        self.labels = labels
        self.stepLabels = stepLabels
        self.test = test
    }

    private func execute(_ source: ChoiceSource) -> (RunRecord, Value?) {
        let value: Value
        do {
            value = try gen.run(source)
        } catch {
            return (RunRecord(outcome: .invalid(error)), nil)
        }
        do {
            let held = try test(value)
            let steps = stepLabels(value)
            return (
                RunRecord(
                    outcome: held ? .passed : .failed("the property returned false"),
                    runLabels: labels(value), stepLabels: steps, steps: steps.count), value
            )
        } catch let stop as ChoiceSource.Stop {
            return (RunRecord(outcome: .invalid(stop)), value)
        } catch let abort as Abort {
            return (RunRecord(outcome: .aborted(abort.message)), value)
        } catch {
            return (RunRecord(outcome: .failed("threw \(error)")), value)
        }
    }

    /// Checks the property and shrinks the first failure; `progress` hears the number of completed runs now and then.
    public func check(
        _ configuration: Configuration = Configuration(), progress: ((Int) -> Void)? = nil
    ) -> CheckResult<Value> {
        var engine = Engine(configuration: configuration) { source in execute(source).0 }
        engine.progress = progress
        let result = engine.run()
        var counterexample: Counterexample<Value>?
        if let failure = result.failure {
            let (record, value) = execute(
                .replaying(failure.shrunk.choices, maxChoices: configuration.maxChoices, recordsSpans: false))
            if let value, case .failed(let message) = record.outcome {
                counterexample = Counterexample(
                    value: value, message: message, choices: failure.shrunk.choices, run: failure.run,
                    originalChoiceCount: failure.original.choices.count, shrink: failure.statistics)
            } else if case .failed(let message) = failure.shrunk.outcome,
                let value = execute(.replaying(failure.original.choices, recordsSpans: false)).1
            {
                counterexample = Counterexample(
                    value: value, message: message + " (the failure did not replay: the test is not deterministic)",
                    choices: failure.original.choices, run: failure.run,
                    originalChoiceCount: failure.original.choices.count, shrink: failure.statistics)
            }
        }
        return CheckResult(configuration: configuration, engine: result, counterexample: counterexample)
    }

    /// Shrinks from a failing choice sequence of the caller's making, such as one
    /// a domain-specific transformation produced; `nil` when the choices do not fail.
    public func shrink(from choices: [UInt64], configuration: Configuration) -> Counterexample<Value>? {
        let engine = Engine(configuration: configuration) { source in execute(source).0 }
        let start = engine.replay(choices)
        guard start.outcome.isFailure else { return nil }
        let shrinker = Shrinker(failing: start, limit: configuration.shrinkLimit, execute: engine.replay)
        shrinker.stop = configuration.stop
        let shrunk = shrinker.shrink()
        let (record, value) = execute(
            .replaying(shrunk.choices, maxChoices: configuration.maxChoices, recordsSpans: false))
        guard let value, case .failed(let message) = record.outcome else { return nil }
        return Counterexample(
            value: value, message: message, choices: shrunk.choices, run: -1,
            originalChoiceCount: choices.count, shrink: shrinker.statistics)
    }

    /// Rebuilds the value a choice sequence stands for and tests it: replays a reported counterexample.
    public func replay(choices: [UInt64]) -> (value: Value?, outcome: TestOutcome) {
        let (record, value) = execute(.replaying(choices, recordsSpans: false))
        return (value, record.outcome)
    }
}

/// A failing input, shrunk.
public struct Counterexample<Value> {
    /// The shrunk value.
    public var value: Value
    /// How the property failed on it.
    public var message: String
    /// The choices that rebuild it (see ``Property/replay(choices:)``).
    public var choices: [UInt64]
    /// Which run found the failure, from 0.
    public var run: Int
    /// How many choices the failure took before shrinking.
    public var originalChoiceCount: Int
    /// What the shrink cost.
    public var shrink: ShrinkStatistics
}

extension Counterexample: Sendable where Value: Sendable {}
