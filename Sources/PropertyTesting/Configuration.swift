/// How a property is checked: the seed and the budgets.
///
/// Given a seed and no time limit hit, a check is fully deterministic: the same
/// seed gives the same values, the same failure and the same shrunk result.
public struct Configuration: Hashable, Sendable {
    public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
        lhs.seed == rhs.seed && lhs.runs == rhs.runs && lhs.maxSteps == rhs.maxSteps && lhs.timeLimit == rhs.timeLimit
            && lhs.shrinkLimit == rhs.shrinkLimit && lhs.maxChoices == rhs.maxChoices && lhs.coverage == rhs.coverage
            && lhs.coverageConfidence == rhs.coverageConfidence && lhs.maxInvalidRuns == rhs.maxInvalidRuns
            && lhs.shard == rhs.shard && lhs.stop === rhs.stop && lhs.maxFailures == rhs.maxFailures
            && lhs.onlyRun == rhs.onlyRun
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(seed)
        hasher.combine(runs)
        hasher.combine(maxSteps)
    }

    /// The seed every random choice of the check derives from. Printed in every report.
    public var seed: UInt64
    /// How many runs (generated inputs) to try.
    public var runs: Int
    /// The most steps in one run of a stateful property.
    public var maxSteps: Int
    /// A wall-clock limit for the whole check, shrinking excluded; `nil` for none.
    /// A check stopped by it says so, and is no longer deterministic.
    public var timeLimit: Duration?
    /// The shrink budget.
    public var shrinkLimit: ShrinkLimit
    /// The most choices one input may take.
    public var maxChoices: Int
    /// Labels that must be exercised; an unmet requirement fails the check.
    public var coverage: [CoverageRequirement]
    /// When set, coverage is judged statistically (see ``CoverageConfidence``) and
    /// the check keeps running past ``runs`` until every requirement is decided.
    public var coverageConfidence: CoverageConfidence?
    /// Runs whose input could not be completed (a filter gave up) before the check gives up.
    public var maxInvalidRuns: Int
    /// When set, this check runs only its shard of the runs (see ``Shard``).
    public var shard: Shard?
    /// When set and requested, the check stops after the run under way and says it was interrupted.
    public var stop: StopRequest?
    /// The most distinct failures (by origin) a check finds and shrinks: once it has found that many it stops
    /// generating. By default 1, the first failure; more makes a check look on, after a failure, for failures of other
    /// origins until its budget is spent.
    public var maxFailures: Int = 1
    /// Causes (sorted trigger names, ``Falsification/unitTriggers``) an earlier check already reported: a failure with
    /// one of them is still reported, but does not count toward ``maxFailures``.
    public var knownCauses: Set<[String]> = []
    /// When set, the check runs only this run (from 0), seeded as in a full check: it replays the run that found a
    /// failure, alone.
    public var onlyRun: Int?
    /// Whether a shrink takes a candidate's outcome from an earlier candidate that drew the same choices
    /// (``OutcomeMemo``) rather than testing it again. Always on but in the tests that compare a shrink without it.
    var remembersOutcomes = true

    /// Creates a configuration; without a seed one is drawn from the system and printed in the report.
    public init(
        seed: UInt64? = nil, runs: Int = 100, maxSteps: Int = 50, timeLimit: Duration? = nil,
        shrinkLimit: ShrinkLimit = ShrinkLimit(), maxChoices: Int = 100_000,
        coverage: [CoverageRequirement] = [], coverageConfidence: CoverageConfidence? = nil, maxInvalidRuns: Int? = nil
    ) {
        var system = SystemRandomNumberGenerator()
        self.seed = seed ?? system.next()
        self.runs = runs
        self.maxSteps = maxSteps
        self.timeLimit = timeLimit
        self.shrinkLimit = shrinkLimit
        self.maxChoices = maxChoices
        self.coverage = coverage
        self.coverageConfidence = coverageConfidence
        self.maxInvalidRuns = maxInvalidRuns ?? max(runs * 10, 100)
    }
}

/// One of `count` deterministic slices of a check's runs: run `k` belongs to shard `k % count`.
///
/// Every run is seeded from the check's seed and its own index, so the shards
/// of a check together run exactly the runs the unsharded check runs.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// The shard, from 0.
    public var index: Int
    /// How many shards there are.
    public var count: Int

    /// Creates a shard; `index` counts from 0.
    public init(index: Int, count: Int) {
        precondition(count > 0 && (0..<count).contains(index), "a shard index must be in 0..<count")
        self.index = index
        self.count = count
    }

    /// Parses the CLI form `i/n`, where `i` counts from 1.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n > 0, (1...n).contains(i) else {
            return nil
        }
        self.init(index: i - 1, count: n)
    }

    /// How many of `total` runs fall in this shard.
    public func share(of total: Int) -> Int { total > index ? (total - index + count - 1) / count : 0 }

    /// `i/n`, counting from 1.
    public var description: String { "\(index + 1)/\(count)" }
}
