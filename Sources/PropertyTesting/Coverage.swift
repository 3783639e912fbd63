import Foundation

/// A label that a check must exercise often enough.
public struct CoverageRequirement: Hashable, Sendable, CustomStringConvertible {
    /// How often the label must appear.
    public enum Minimum: Hashable, Sendable {
        /// In at least this share of runs (0...1).
        case share(Double)
        /// In at least this many runs.
        case runs(Int)
    }

    /// The label.
    public var label: String
    /// How often it must appear.
    public var minimum: Minimum

    /// The label must appear in at least `share` of the runs (0...1).
    public static func share(_ label: String, atLeast share: Double) -> CoverageRequirement {
        CoverageRequirement(label: label, minimum: .share(share))
    }

    /// The label must appear in at least `runs` runs.
    public static func runs(_ label: String, atLeast runs: Int) -> CoverageRequirement {
        CoverageRequirement(label: label, minimum: .runs(runs))
    }

    public var description: String {
        switch minimum {
        case .share(let share): return "\"\(label)\" in at least \(Int((share * 100).rounded()))% of runs"
        case .runs(let runs): return "\"\(label)\" in at least \(runs) run\(runs == 1 ? "" : "s")"
        }
    }
}

/// Statistical coverage checking in the manner of QuickCheck's `checkCoverage`.
///
/// A share requirement counts as met when the lower bound of the Wilson score
/// interval of the observed share reaches `tolerance` × the required share, and
/// as unmet when the upper bound falls below the required share. The check keeps
/// running until every requirement is decided or `maxRuns` is reached; an
/// undecided requirement then fails.
public struct CoverageConfidence: Hashable, Sendable {
    /// The chance of a wrong verdict the check accepts, such as 1e-9.
    public var errorProbability: Double
    /// How far below the required share a met requirement may be observed (0...1).
    public var tolerance: Double
    /// The most runs to spend deciding.
    public var maxRuns: Int

    /// Creates a statistical setting.
    public init(errorProbability: Double = 1e-9, tolerance: Double = 0.9, maxRuns: Int = 100_000) {
        self.errorProbability = errorProbability
        self.tolerance = tolerance
        self.maxRuns = maxRuns
    }

    /// The normal quantile for the two-sided error probability.
    var z: Double { CoverageConfidence.normalQuantile(1 - errorProbability / 2) }

    /// The Wilson score interval for `successes` out of `trials`.
    static func wilson(successes: Int, trials: Int, z: Double) -> ClosedRange<Double> {
        guard trials > 0 else { return 0...1 }
        let n = Double(trials), p = Double(successes) / n, z2 = z * z
        let center = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z * ((p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()) / (1 + z2 / n)
        return max(0, center - half)...min(1, center + half)
    }

    /// The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9).
    static func normalQuantile(_ p: Double) -> Double {
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
            -3.066479806614716e+01, 2.506628277459239e+00,
        ]
        let b = [
            -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
            -1.328068155288572e+01,
        ]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
            4.374664141464968e+00, 2.938163982698783e+00,
        ]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let low = 0.02425
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p > 1 - low { return -normalQuantile(1 - p) }
        let q = p - 0.5, r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}

/// How often each label appeared: in how many runs, and in how many steps.
public struct CoverageTable: Hashable, Sendable {
    /// Runs counted.
    public private(set) var runs = 0
    /// Steps counted (stateful properties).
    public private(set) var steps = 0
    /// For each label given by name, the runs it appeared in and the steps it was given to: one dictionary, so that
    /// counting a label costs one hash.
    private var counts: [String: Tally] = [:]
    /// The labels counted by position, one entry per shared list of labels (a property has one or none).
    private var labelLists: [LabelList] = []
    /// For each named trigger, the units (steps, documents) that fell under it.
    public var triggered: [String: Int] {
        var result = triggeredByName
        for list in triggeredByPosition {
            for (name, units) in zip(list.names, list.counts) where units > 0 { result[name, default: 0] += units }
        }
        return result
    }
    /// The triggers counted by name.
    private var triggeredByName: [String: Int] = [:]
    /// The triggers counted by position, one entry per shared list of names (a property has one or none).
    private var triggeredByPosition: [(names: [String], counts: [Int])] = []

    /// The most shared lists counted by position; counts in any other list are counted by name.
    static let positionalLists = 4

    struct Tally: Hashable, Sendable {
        var runs = 0
        var steps = 0
        /// The run it was last counted in, so that a label a run gives twice counts once: no part of its value.
        var lastRun = 0

        mutating func count(steps: Int) {
            runs += 1
            self.steps += steps
        }

        /// Counts `steps` steps of run `run`, and the run unless it already was: a run gives a label at each of its
        /// steps, at two positions of a table with a name twice, or as its own label beside its steps'.
        mutating func count(run: Int, steps: Int) {
            if lastRun != run {
                lastRun = run
                runs += 1
            }
            self.steps += steps
        }

        static func == (a: Tally, b: Tally) -> Bool { a.runs == b.runs && a.steps == b.steps }

        func hash(into hasher: inout Hasher) {
            hasher.combine(runs)
            hasher.combine(steps)
        }

        mutating func add(_ other: Tally) {
            runs += other.runs
            steps += other.steps
        }
    }

    /// A shared list of labels and the tally of each, by position.
    struct LabelList: Sendable {
        let names: [String]
        /// Where each name is in `names`.
        let positions: [String: Int]
        var tallies: [Tally]

        /// `nil` when a name is in the list twice: its counts by position would be two labels' of one name.
        init?(_ names: [String]) {
            var positions: [String: Int] = [:]
            for (position, name) in names.enumerated() where positions.updateValue(position, forKey: name) != nil {
                return nil
            }
            self.names = names
            self.positions = positions
            tallies = Array(repeating: Tally(), count: names.count)
        }

        /// Whether `other` is this very list (the same storage), so that its positions are this list's.
        func isList(_ other: [String]) -> Bool {
            names.count == other.count
                && names.withUnsafeBufferPointer { a in
                    other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
                }
        }
    }

    /// Every label's tally, those counted by position with at least one run folded in by name.
    private var allCounts: [String: Tally] {
        guard !labelLists.isEmpty else { return counts }
        var result = counts
        for list in labelLists {
            for (name, tally) in zip(list.names, list.tallies) where tally.runs > 0 {
                result[name, default: Tally()].add(tally)
            }
        }
        return result
    }

    /// For each label, the number of runs it appeared in.
    public var runsWithLabel: [String: Int] { allCounts.mapValues(\.runs) }
    /// For each label that steps were given, the number of those steps.
    public var stepsWithLabel: [String: Int] { allCounts.filter { $0.value.steps > 0 }.mapValues(\.steps) }

    /// The number of runs `label` appeared in.
    public func runs(with label: String) -> Int { tally(of: label).runs }
    /// The number of steps given `label`.
    public func steps(with label: String) -> Int { tally(of: label).steps }

    private func tally(of label: String) -> Tally {
        var tally = counts[label] ?? Tally()
        for list in labelLists { if let position = list.positions[label] { tally.add(list.tallies[position]) } }
        return tally
    }

    /// Creates an empty tally.
    public init() {}

    /// Counts one run: its own labels, and the labels its steps were given, counted per run (each distinct label is
    /// merged into the table once: hashing per step was the runner's largest avoidable cost).
    mutating func add(runLabels: [String], stepLabels: LabelCounts, steps stepCount: Int) {
        runs += 1
        steps += stepCount
        if let table = stepLabels.table, let list = labelList(table) {
            let run = runs
            labelLists[list].tallies.withUnsafeMutableBufferPointer { tallies in
                if let units = stepLabels.unitPositions {
                    for position in units { tallies[Int(position)].count(run: run, steps: 1) }
                    return
                }
                for (position, count) in zip(stepLabels.positions, stepLabels.counts) {
                    tallies[position].count(steps: count)
                }
            }
        } else {
            for (label, count) in zip(stepLabels.labels, stepLabels.counts) {
                self.counts[label, default: Tally()].count(run: runs, steps: count)
            }
        }
        guard !runLabels.isEmpty else { return }
        // A run's own labels count once each, beside those its steps had: a label its steps were counted under by
        // name, or that it gives twice, is marked counted in this run by its tally (comparing a document's labels
        // pairwise at every run was a twentieth of a decoding run, on the engine's thread).
        let positional = stepLabels.table == nil ? [] : stepLabels.labels
        for label in runLabels {
            if !positional.isEmpty {
                // Unequal labels mostly differ in length, which is known without a call into the string comparison.
                let length = label.utf8.count
                guard !positional.contains(where: { $0.utf8.count == length && $0 == label }) else { continue }
            }
            self.counts[label, default: Tally()].count(run: runs, steps: 0)
        }
    }

    /// The index in ``labelLists`` of `table`'s tallies, made if there is room; `nil` to count its labels by name.
    private mutating func labelList(_ table: [String]) -> Int? {
        if let index = labelLists.firstIndex(where: { $0.isList(table) }) { return index }
        guard labelLists.count < Self.positionalLists, let list = LabelList(table) else { return nil }
        labelLists.append(list)
        return labelLists.count - 1
    }

    /// Counts one run's labels and triggers.
    mutating func add(_ record: RunTally) {
        add(
            runLabels: record.runLabels, stepLabels: record.stepLabelCounts ?? LabelCounts(record.stepLabels),
            steps: record.steps)
        add(record.triggers)
    }

    /// Adds one run's trigger counts: by position to the same shared list's, otherwise by name.
    mutating func add(_ triggers: TriggerCounts) {
        if triggers.positional {
            if let index = triggeredByPosition.firstIndex(where: { triggers.sharesNames(with: $0.names) }) {
                triggeredByPosition[index].counts.withUnsafeMutableBufferPointer { sums in
                    for position in sums.indices { sums[position] += triggers.counts[position] }
                }
                return
            }
            if triggeredByPosition.count < Self.positionalLists {
                triggeredByPosition.append((triggers.names, triggers.counts))
                return
            }
        }
        for (name, units) in zip(triggers.names, triggers.counts) where !triggers.positional || units > 0 {
            triggeredByName[name, default: 0] += units
        }
    }

    /// Merges another table, as when shards are combined.
    public mutating func merge(_ other: CoverageTable) {
        runs += other.runs
        steps += other.steps
        triggeredByName.merge(other.triggeredByName, uniquingKeysWith: +)
        for list in other.triggeredByPosition { add(TriggerCounts(names: list.names, counts: list.counts)) }
        counts.merge(other.counts) { Tally(runs: $0.runs + $1.runs, steps: $0.steps + $1.steps) }
        for list in other.labelLists {
            if let index = labelList(list.names) {
                for position in list.tallies.indices {
                    labelLists[index].tallies[position].add(list.tallies[position])
                }
            } else {
                for (name, tally) in zip(list.names, list.tallies) where tally.runs > 0 {
                    counts[name, default: Tally()].add(tally)
                }
            }
        }
    }

    public static func == (a: CoverageTable, b: CoverageTable) -> Bool {
        a.runs == b.runs && a.steps == b.steps && a.allCounts == b.allCounts && a.triggered == b.triggered
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(runs)
        hasher.combine(steps)
        hasher.combine(allCounts)
        hasher.combine(triggered)
    }

    /// Labels in a stable order: most runs first, then by name.
    public var labels: [String] {
        let counts = allCounts
        return counts.keys.sorted { (counts[$0]!.runs, $1) > (counts[$1]!.runs, $0) }
    }

    /// The verdict on one requirement: `true` met, `false` unmet, `nil` undecided (statistical mode only).
    func verdict(_ requirement: CoverageRequirement, confidence: CoverageConfidence?) -> Bool? {
        let count = runs(with: requirement.label)
        switch requirement.minimum {
        case .runs(let needed):
            return count >= needed
        case .share(let share):
            guard let confidence else { return runs > 0 && Double(count) / Double(runs) >= share }
            let interval = CoverageConfidence.wilson(successes: count, trials: runs, z: confidence.z)
            if interval.lowerBound >= share * confidence.tolerance { return true }
            if interval.upperBound < share { return false }
            return nil
        }
    }
}
