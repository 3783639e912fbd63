/// A property of generated values: a generator and a test that must hold for every value.
///
/// ```swift
/// let result = Property(Gen<Int>.int(in: 0...1000).array()) { xs in
///     xs.reversed().reversed() == xs
/// }.check(Configuration(seed: 42))
/// ```
///
/// A property that can fail in several ways says how with a ``Falsification``, whose origin tells distinct
/// failures apart: a check then reports one shrunk counterexample per origin.
public struct Property<Value>: Sendable {
    /// Generates the inputs.
    public let gen: Gen<Value>
    /// Labels a value for the coverage table.
    public let labels: @Sendable (Value) -> [String]
    /// For a value that is a sequence of steps: the label of each step, one per step
    /// (counted per step and per run).
    public let stepLabels: @Sendable (Value) -> [String]
    /// For each named trigger (such as a rule), how many of the value's units fall under it.
    public let triggers: @Sendable (Value) -> [String: Int]
    /// The same counts, by position in a shared list when the property counts that way.
    public let triggerCounts: @Sendable (Value) -> TriggerCounts
    /// The step labels counted: by the value itself when the property was made with step label counts.
    public let stepLabelCounts: @Sendable (Value) -> LabelCounts
    /// The test: `nil` when the property holds, otherwise how it failed. A thrown error is a failure whose origin
    /// is the error's type; a thrown ``Abort`` ends the check.
    public let judge: @Sendable (Value) throws -> Falsification?
    /// For generated runs only, when set: generates the value and tests it in one pass (see
    /// ``judgingWhileGenerating(_:)``).
    private(set) var generateAndJudge: GenerateAndJudge?

    /// Generates a value from a source and tests it in the same pass: the value, and the test's verdict on it (what
    /// ``judge`` would return or throw).
    public typealias GenerateAndJudge =
        @Sendable (ChoiceSource) throws(ChoiceSource.Stop) -> (value: Value, verdict: Result<Falsification?, any Error>)

    /// Creates a property whose failures say their origin.
    public init(
        _ gen: Gen<Value>, labels: @escaping @Sendable (Value) -> [String] = { _ in [] },
        stepLabels: @escaping @Sendable (Value) -> [String] = { _ in [] },
        triggers: @escaping @Sendable (Value) -> [String: Int] = { _ in [:] },
        falsifiedBy judge: @escaping @Sendable (Value) throws -> Falsification?
    ) {
        self.gen = gen
        self.labels = labels
        self.stepLabels = stepLabels
        stepLabelCounts = { LabelCounts(stepLabels($0)) }
        self.triggers = triggers
        triggerCounts = { TriggerCounts(triggers($0)) }
        self.judge = judge
    }

    /// Creates a property whose failures say their origin, whose values count the labels of their steps (so
    /// ``stepLabels`` gives them grouped by label, not in step order), and whose triggers are counted by position in
    /// one list of names every value shares.
    public init(
        _ gen: Gen<Value>, labels: @escaping @Sendable (Value) -> [String] = { _ in [] },
        stepLabelCounts: @escaping @Sendable (Value) -> LabelCounts,
        triggerCounts: @escaping @Sendable (Value) -> TriggerCounts,
        falsifiedBy judge: @escaping @Sendable (Value) throws -> Falsification?
    ) {
        self.gen = gen
        self.labels = labels
        stepLabels = { stepLabelCounts($0).perUnit }
        self.stepLabelCounts = stepLabelCounts
        triggers = { triggerCounts($0).byName }
        self.triggerCounts = triggerCounts
        self.judge = judge
    }

    /// Creates a property whose test says only whether it holds: every `false` is one origin.
    public init(
        _ gen: Gen<Value>, labels: @escaping @Sendable (Value) -> [String] = { _ in [] },
        stepLabels: @escaping @Sendable (Value) -> [String] = { _ in [] },
        _ test: @escaping @Sendable (Value) throws -> Bool
    ) {
        self.init(gen, labels: labels, stepLabels: stepLabels) { value in
            try test(value) ? nil : Falsification(origin: "returned false", message: "the property returned false")
        }
    }

    /// This property, testing its generated runs with `body` as it generates them: `body` must draw exactly what
    /// ``gen`` draws from the same source, build the same value, and give the verdict ``judge`` would give it.
    ///
    /// Replays (shrink candidates, counterexamples rebuilt) still generate, then judge: only generated runs, where
    /// nearly every run passes, take this pass, so a test that drives a system step by step as the steps are drawn
    /// need not keep each step's expected result for a second pass.
    public func judgingWhileGenerating(_ body: @escaping GenerateAndJudge) -> Property {
        var property = self
        property.generateAndJudge = body
        return property
    }

    private func execute(_ source: ChoiceSource) -> (RunTally, Value?) {
        let value: Value
        var verdict: Result<Falsification?, any Error>?
        do {
            if source.isRandom, let generateAndJudge {
                (value, verdict) = try generateAndJudge(source)
            } else {
                value = try gen.run(source)
            }
        } catch {
            return (RunTally(outcome: .invalid(error)), nil)
        }
        // A shrink candidate's drawn choices, its key in the shrink's memo of outcomes.
        let drawn = source.outcomes == nil ? nil : source.choices
        if let drawn, let known = source.outcomes?[drawn] { return (RunTally(outcome: known), value) }
        let outcome: TestOutcome
        do {
            let falsification: Falsification?
            if let verdict { falsification = try verdict.get() } else { falsification = try judge(value) }
            outcome = falsification.map(TestOutcome.failed) ?? .passed
            if let drawn { source.outcomes?[drawn] = outcome }
        } catch let stop as ChoiceSource.Stop {
            return (RunTally(outcome: .invalid(stop)), value)
        } catch let abort as Abort {
            return (RunTally(outcome: .aborted(abort.message)), value)
        } catch {
            outcome = .failed(Falsification(origin: "threw \(type(of: error))", message: "threw \(error)"))
        }
        // Coverage counts generated runs only: a replay (a shrink candidate, a counterexample rebuilt) is asked for its
        // outcome, and its labels and triggers, which can cost a pass over the whole run, would be thrown away.
        guard source.isRandom else { return (RunTally(outcome: outcome), value) }
        let steps = stepLabelCounts(value)
        var record = RunTally(
            outcome: outcome, runLabels: labels(value), steps: steps.units, triggers: triggerCounts(value))
        record.stepLabelCounts = steps
        return (record, value)
    }

    /// Checks the property: runs its whole budget, and shrinks one failure per origin (at most
    /// ``Configuration/maxFailures``); `progress` hears the number of completed runs now and then.
    ///
    /// With `workers`, runs are computed ahead on several threads: this property's test on the caller's, each of
    /// `workers` on a thread of its own. Each must test a system of its own. Every run is seeded from the seed and
    /// its index and the results are taken in run order, so the result is the same for any number of workers;
    /// shrinking runs on this property alone.
    public func check(
        _ configuration: Configuration = Configuration(), progress: ((Int) -> Void)? = nil,
        workers: [Property<Value>] = []
    ) -> CheckResult<Value> {
        let tests: [@Sendable (ChoiceSource) -> RunTally] = ([self] + workers).map { property in
            { source in property.execute(source).0 }
        }
        var engine = Engine(configuration: configuration, tests: tests)
        engine.progress = progress
        let result = engine.run()
        let counterexamples = result.failures.compactMap { counterexample($0, configuration: configuration) }
        return CheckResult(configuration: configuration, engine: result, counterexamples: counterexamples)
    }

    private func counterexample(_ failure: Engine.Failure, configuration: Configuration) -> Counterexample<Value>? {
        let (record, value) = execute(
            .replaying(failure.shrunk.choices, maxChoices: configuration.maxChoices, recordsSpans: false))
        if let value, case .failed(let falsification) = record.outcome, falsification.origin == failure.origin {
            var found = Counterexample(
                value: value, message: falsification.message, origin: failure.origin, choices: failure.shrunk.choices,
                run: failure.run, originalChoiceCount: failure.original.choices.count, shrink: failure.statistics,
                occurrences: failure.occurrences)
            found.unitTriggers = falsification.unitTriggers
            return found
        }
        guard case .failed(let falsification) = failure.shrunk.outcome,
            let value = execute(.replaying(failure.original.choices, recordsSpans: false)).1
        else { return nil }
        // After a stop request the replay was refused, not different: nothing is known about determinism.
        let stopped = configuration.stop?.isRequested == true
        var found = Counterexample(
            value: value,
            message: falsification.message
                + (stopped ? "" : " (the failure did not replay: the test is not deterministic)"),
            origin: failure.origin, choices: failure.original.choices, run: failure.run,
            originalChoiceCount: failure.original.choices.count, shrink: failure.statistics,
            occurrences: failure.occurrences)
        found.unitTriggers = falsification.unitTriggers
        return found
    }

    /// Shrinks from a failing choice sequence of the caller's making, such as one
    /// a domain-specific transformation produced, keeping its origin; `nil` when the choices do not fail.
    ///
    /// With `switchingBranches`, the shrink may also switch a span to the next alternative of its first choice
    /// when that draws fewer choices and lets the spans after it go (a deep stack drawn from a handful of choices
    /// in place of a short one and the steps that built it up). Generators put the alternative a reader finds
    /// simplest first whatever it costs in choices, so this is for a caller's last pass, once its own have run.
    public func shrink(
        from choices: [UInt64], configuration: Configuration, switchingBranches: Bool = false
    ) -> Counterexample<Value>? {
        let engine = Engine(configuration: configuration) { source in execute(source).0 }
        let start = engine.replay(choices)
        guard let origin = start.outcome.origin else { return nil }
        let outcomes = configuration.remembersOutcomes ? OutcomeMemo() : nil
        // A failure whose every try is costly (a hang) is shrunk within its own few tries, as the engine shrinks it.
        var limit = configuration.shrinkLimit
        if case .failed(let falsification) = start.outcome {
            if let calls = falsification.shrinkCalls { limit.calls = min(limit.calls, calls) }
            if let failing = falsification.shrinkFailingCalls {
                limit.failingCalls = min(limit.failingCalls ?? failing, failing)
            }
        }
        let shrinker = Shrinker(
            failing: start, limit: limit, execute: { engine.replay($0, outcomes: outcomes) },
            switchesBranches: switchingBranches
        ) {
            $0.origin == origin
        }
        shrinker.stop = configuration.stop
        let shrunk = Falsification.$laterWanted.withValue(false) { shrinker.shrink() }
        let (record, value) = execute(
            .replaying(shrunk.choices, maxChoices: configuration.maxChoices, recordsSpans: false))
        guard let value, case .failed(let falsification) = record.outcome else { return nil }
        return Counterexample(
            value: value, message: falsification.message, origin: falsification.origin, choices: shrunk.choices,
            run: -1, originalChoiceCount: choices.count, shrink: shrinker.statistics)
    }

    /// Shrinks from a failing choice sequence for one trigger: to the smallest case whose failure is still blamed on
    /// `target` (``Falsification/unitTriggers``) and on nothing outside `allowed`, and whose diverging unit falls
    /// under none of `excluded` (``Falsification/unitRules``), whatever its origin; `nil` when no such case is reached.
    /// It looks for a failure of a trigger's own that another failure's symptom hid: `excluded` are the triggers other
    /// failures name, which would explain the case as well. The start may fall under some of them: a candidate is
    /// taken only when it falls under no more of them than the case it replaces, and the end must fall under none.
    ///
    /// The start may be blamed on `target` only at a later divergence (``Falsification/later``): a candidate may stay
    /// so, or bring it first, never take it back from first to later. An end blamed on it only later is taken when
    /// that divergence blames it alone: the counterexample's ``Counterexample/target`` says which one it stands for.
    public func shrink(
        from choices: [UInt64], configuration: Configuration, target: String, allowed: Set<String>,
        excluded: Set<String>, memo: OutcomeMemo? = nil
    ) -> Counterexample<Value>? {
        let engine = Engine(configuration: configuration) { source in execute(source).0 }
        func explained(_ outcome: TestOutcome) -> Int {
            Set(Engine.unitRules(of: outcome) ?? []).intersection(excluded).count
        }
        func blamedFirst(_ outcome: TestOutcome) -> Bool {
            guard let cause = Engine.cause(of: outcome) else { return false }
            return cause.contains(target) && cause.allSatisfy(allowed.contains)
        }
        func blamedLater(_ outcome: TestOutcome) -> Bool {
            guard case .failed(let falsification) = outcome else { return false }
            return falsification.later.contains { $0.contains(target) }
        }
        func blamed(_ outcome: TestOutcome) -> Bool { blamedFirst(outcome) || blamedLater(outcome) }
        // Also kept from growing: the other triggers the case is blamed on, so that it ends blamed on as few as it can
        // (at its first divergence once the target is blamed there, else at the later one that blames it).
        func measure(_ outcome: TestOutcome) -> (Int, Int, Int, Int) {
            guard blamedFirst(outcome) else {
                guard case .failed(let falsification) = outcome else { return (Int.max, 1, Int.max, Int.max) }
                let blaming = falsification.later.filter { $0.contains(target) }.map(\.count).min() ?? Int.max
                return (explained(outcome), 1, Int.max, blaming)
            }
            return (explained(outcome), 0, (Engine.cause(of: outcome) ?? []).count, 0)
        }
        let start = engine.replay(choices)
        guard blamed(start.outcome) else { return nil }
        let symptom: String? = if case .failed(let falsification) = start.outcome { falsification.symptom } else { nil }
        // What the case kept so far falls under; a candidate may only lower it. The shrinker asks about simpler
        // candidates one at a time, and keeps one exactly when this says yes.
        var bound = measure(start.outcome)
        let outcomes = configuration.remembersOutcomes ? memo ?? OutcomeMemo() : nil
        let shrinker = Shrinker(
            failing: start, limit: configuration.shrinkLimit, execute: { engine.replay($0, outcomes: outcomes) }
        ) { outcome in
            let count = measure(outcome)
            guard blamed(outcome), count.0 <= bound.0, count.1 <= bound.1, count.2 <= bound.2, count.3 <= bound.3
            else { return false }
            if let symptom, case .failed(let falsification) = outcome, falsification.symptom != symptom { return false }
            bound = count
            return true
        }
        shrinker.stop = configuration.stop
        let shrunk = shrinker.shrink()
        // Blamed on it first and on nothing another failure names; or, where every case brings another failure first
        // (a bug met at every action), blamed on it alone at a later divergence.
        let ended: Bool
        if blamedFirst(shrunk.outcome) {
            ended = explained(shrunk.outcome) == 0
        } else if case .failed(let falsification) = shrunk.outcome {
            ended = falsification.later.contains([target])
        } else {
            ended = false
        }
        guard ended else { return nil }
        let (record, value) = execute(
            .replaying(shrunk.choices, maxChoices: configuration.maxChoices, recordsSpans: false))
        guard let value, case .failed(let falsification) = record.outcome else { return nil }
        return Counterexample(
            value: value, message: falsification.message, origin: falsification.origin, choices: shrunk.choices,
            run: -1, originalChoiceCount: choices.count, shrink: shrinker.statistics, target: target)
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
    /// The origin of the failure: counterexamples of one check have distinct origins.
    public var origin: String
    /// The choices that rebuild it (see ``Property/replay(choices:)``).
    public var choices: [UInt64]
    /// Which run found the failure, from 0 (`-1` when it did not come from a run).
    public var run: Int
    /// How many choices the failure took before shrinking.
    public var originalChoiceCount: Int
    /// What the shrink cost.
    public var shrink: ShrinkStatistics
    /// Generated runs that failed with this origin.
    public var occurrences: Int
    /// For a counterexample shrunk for one trigger (a rule diverging units were blamed on, that no other failure's
    /// minimal case was): that trigger.
    public var target: String?
    /// The triggers its failing unit is blamed on (``Falsification/unitTriggers``), when the failure named them.
    public var unitTriggers: [String]?

    /// Whether a smaller candidate's failure stands for this one, as a suite's last shrinking pass keeps it: the same
    /// origin, and for a counterexample searched for a ``target`` its first divergence does not break, the target
    /// still broken at a later divergence.
    public func isKept(by falsification: Falsification?) -> Bool {
        guard let falsification, falsification.origin == origin else { return false }
        guard let target, !(falsification.unitTriggers ?? []).contains(target) else { return true }
        return falsification.later.contains([target])
    }

    /// Creates a counterexample.
    public init(
        value: Value, message: String, origin: String, choices: [UInt64], run: Int, originalChoiceCount: Int,
        shrink: ShrinkStatistics, occurrences: Int = 1, target: String? = nil
    ) {
        self.target = target
        self.value = value
        self.message = message
        self.origin = origin
        self.choices = choices
        self.run = run
        self.originalChoiceCount = originalChoiceCount
        self.shrink = shrink
        self.occurrences = occurrences
    }
}

extension Counterexample: Sendable where Value: Sendable {}
