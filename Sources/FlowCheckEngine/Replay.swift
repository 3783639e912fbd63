public import ConformanceRules
public import PropertyTesting

/// What replays one suite of a run, or one run of it alone: the seed, the suite and the budget.
///
/// The engine says what to replay; the face that prints it says how (`flowcheck run …` on a command line, an
/// `expectConformance` call in a test), through ``ConformanceRunner/replayText``.
public struct Replay: Hashable, Sendable, CustomStringConvertible {
    /// The suite.
    public var suite: Suite
    /// The run's seed.
    public var seed: UInt64
    /// The run to replay alone (its failure and no other), or `nil` for the suite's whole budget.
    public var run: Int?
    /// The suite's runs.
    public var runs: Int
    /// The most steps in one run, for a suite whose runs are made of steps; `nil` for one whose are not.
    public var maxSteps: Int?
    /// Whether SHOULD rules were held to as MUST rules are.
    public var strict: Bool
    /// The shard the runs were, for a replay of the whole budget.
    public var shard: Shard?

    /// Creates a replay.
    public init(
        suite: Suite, seed: UInt64, run: Int?, runs: Int, maxSteps: Int?, strict: Bool = false, shard: Shard? = nil
    ) {
        self.suite = suite
        self.seed = seed
        self.run = run
        self.runs = runs
        self.maxSteps = maxSteps
        self.strict = strict
        self.shard = shard
    }

    /// In words, for a runner no face renders: `seed 7, suite navigation, run 3 alone, at most 30 steps a run`.
    public var description: String {
        "seed \(seed), suite \(suite), " + (run.map { "run \($0) alone" } ?? "\(runs) runs")
            + (maxSteps.map { ", at most \($0) steps a run" } ?? "") + (strict ? ", strict" : "")
            + (run == nil ? (shard.map { ", shard \($0)" } ?? "") : "")
    }
}
