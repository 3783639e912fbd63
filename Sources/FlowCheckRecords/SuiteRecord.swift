import ConformanceRules
import FlowCheckCore

/// What one suite ran and exercised: its counts, its coverage table and the rules it judges.
public struct SuiteRecord: Codable, Hashable, Sendable {
    /// Always `suite`.
    public var type = "suite"
    /// The suite.
    public var suite: Suite
    /// The seed the suite ran with, derived from the run's seed.
    public var seed: UInt64
    /// Generated cases run.
    public var runs: Int
    /// What the runs exercised, in the suite's unit.
    public var exercised: Count
    /// Wall time of the suite, in seconds.
    public var seconds: Double
    /// One row per coverage label: the situations generated, and how often.
    public var coverage: [CoverageRow]
    /// Required labels the suite did not exercise.
    public var missingCoverage: [String]
    /// Every rule the suite judges, so that a report needs no catalogue of its own.
    public var rules: [Rule]
    /// The IDs of the rules the declared capabilities put out of scope: never generated, so not certified.
    public var uncertifiedRules: [String]
    /// The `--time-limit` that stopped the suite before it ran all its runs (such as `30s`); `nil` when none did.
    public var stoppedByTimeLimit: String?

    /// Creates a suite record.
    public init(
        suite: Suite, seed: UInt64, runs: Int, exercised: Count, seconds: Double, coverage: [CoverageRow],
        missingCoverage: [String], rules: [Rule], uncertifiedRules: [String] = [], stoppedByTimeLimit: String? = nil
    ) {
        self.stoppedByTimeLimit = stoppedByTimeLimit
        self.uncertifiedRules = uncertifiedRules
        self.suite = suite
        self.seed = seed
        self.runs = runs
        self.exercised = exercised
        self.seconds = seconds
        self.coverage = coverage
        self.missingCoverage = missingCoverage
        self.rules = rules
    }
}

/// One row of a coverage table.
public struct CoverageRow: Hashable, Codable, Sendable {
    /// The label, such as `PUSH START_NEW flow-present root-layer owned`.
    public var label: String
    /// Runs that exercised it.
    public var runs: Int
    /// Units that exercised it, in the suite's unit (steps, documents).
    public var units: Int
    /// Whether the capabilities require it.
    public var required: Bool

    /// Creates a row.
    public init(label: String, runs: Int, units: Int, required: Bool) {
        self.label = label
        self.runs = runs
        self.units = units
        self.required = required
    }
}

/// A suite that could not run to the end, such as a process that broke mid-run.
public struct ErrorRecord: Codable, Hashable, Sendable {
    /// Always `error`.
    public var type = "error"
    /// The suite that could not run.
    public var suite: Suite
    /// What went wrong, naming the step.
    public var message: String

    /// Creates an error record.
    public init(suite: Suite, message: String) {
        self.suite = suite
        self.message = message
    }
}

/// The last line: the run's verdict, computed once, and its wall time.
public struct SummaryRecord: Codable, Hashable, Sendable {
    /// Always `summary`.
    public var type = "summary"
    /// The verdict, per suite and overall.
    public var verdict: Verdict
    /// Whether the run passed, for tools that read one flag.
    public var passed: Bool
    /// Wall time of the run, in seconds.
    public var seconds: Double

    /// Creates a summary.
    public init(verdict: Verdict, seconds: Double) {
        self.verdict = verdict
        self.passed = verdict.passed
        self.seconds = seconds
    }
}
