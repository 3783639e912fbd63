public import ConformanceRules
public import FlowCheckCore

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
    public var exercised: UnitCount
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
    /// The signal that stopped the run while the suite ran (`SIGINT`), when one did.
    public var interrupted: String?
    /// Per rule ID, the units (steps, documents) that fell under the rule's trigger.
    public var triggered: [String: Int] = [:]
    /// The unit `triggered` counts in, when it is not the suite's: the client suite counts inputs, as an action or a
    /// create can fall under a rule too; `nil` for the suite's unit.
    public var triggerUnit: UnitCount.Unit?

    /// Per rule ID, the units blamed on the rule that diverged; `nil` when none did. A rule with such units is never
    /// held: it is broken when a failure names it, and unresolved otherwise.
    public var divergedTriggered: [String: Int]?
    /// Per rule ID, the units that fell under the rule and diverged, blamed on other rules only; `nil` when none did.
    /// They never count toward holding it: a rule is held on the units that fell under it and agreed.
    public var maskedTriggered: [String: Int]?
    /// Rules searched for a failure of their own from a unit that diverged under them, whose search found no case of
    /// that rule alone: they stay unresolved, and the report says they were searched.
    public var searchedTriggers: [String]?
    /// What a reader should know beside the suite's verdict without it changing the verdict, such as a breakdown that
    /// did not happen again when its case was replayed, in a suite with reproducible failures.
    public var notes: [String]?

    /// The unit `triggered` counts in.
    public var triggeredUnit: UnitCount.Unit { triggerUnit ?? exercised.unit }
    /// The fewest triggered units for a rule to be held; 0 when this record cannot judge it (one shard, one run).
    public var ruleMinimum = 0
    /// The `--max-failures` cap when the suite stopped because it reached it.
    public var failureCap: Int?
    /// The ids of the failures, reported under an earlier suite of the run, that this suite found too (the same
    /// rules broken, and for a breakdown the same way); they count toward this suite's verdict, by their kind.
    public var reportedElsewhere: [String]?

    /// Creates a suite record.
    public init(
        suite: Suite, seed: UInt64, runs: Int, exercised: UnitCount, seconds: Double, coverage: [CoverageRow],
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

/// The status of one rule in a suite: what a report says about it.
public struct RuleStatus: Codable, Hashable, Sendable {
    /// A rule's standing.
    public enum Standing: String, Codable, Hashable, Sendable {
        /// A failure names it.
        case broken
        /// Enough units fell under its trigger and agreed, none blamed on it diverged, and no failure names it.
        case held
        /// Units blamed on it diverged, but no failure names it: the failures found there are explained by other
        /// rules, or the failure cap stopped the search first. Or too few of the units under its trigger agreed, the
        /// others diverging first under other rules (masked). Not held, and not known to be broken.
        case unresolved
        /// Declared, but too few units fell under its trigger to judge it: the suite's coverage is insufficient.
        case notExercised = "not exercised"
        /// Outside what the implementation declared: never generated.
        case notCertified = "not certified"
    }

    /// The rule.
    public var rule: Rule
    /// Its standing.
    public var standing: Standing
    /// The units that fell under its trigger.
    public var triggered: Int
    /// The fewest it needed to be held.
    public var minimum: Int
    /// The units blamed on it that diverged.
    public var diverged = 0
    /// The units under its trigger that diverged, blamed on other rules only.
    public var masked = 0
    /// For an unresolved rule: whether a search for a failure of its own ended on other rules' failures.
    public var searched = false

    /// Why an unresolved rule is not held, in the unit given: `25 documents diverged; searched: no case of its own
    /// diverged`, or `70 inputs under it diverged first under other rules, 0 agreed`.
    public func unresolvedReason(_ unit: UnitCount.Unit) -> String {
        guard diverged == 0, masked > 0 else {
            return "\(UnitCount(diverged, unit)) diverged"
                + (searched ? "; searched: no case of its own diverged" : "; no failure names it")
        }
        return
            "\(UnitCount(masked, unit)) under it diverged first under other rules, \(max(0, triggered - masked)) agreed"
    }
}

extension SuiteRecord {
    /// Each rule's status, MUST before SHOULD, given the run's failures of this suite: broken, not certified, held
    /// (with its trigger count, at least ``ruleMinimum``) or not exercised.
    public func ruleStatuses(failures: [FailureRecord]) -> [RuleStatus] {
        // A failure an earlier suite reported first, which this suite met too, breaks its rules here as well.
        let elsewhere = Set(reportedElsewhere ?? [])
        let broken = Set(failures.filter { $0.suite == suite || elsewhere.contains($0.id) }.flatMap(\.ruleIDs))
        let uncertified = Set(uncertifiedRules)
        let ordered = rules.filter { $0.level == .must } + rules.filter { $0.level != .must }
        return ordered.map { rule in
            let count = triggered[rule.id] ?? 0
            let diverged = divergedTriggered?[rule.id] ?? 0
            let masked = maskedTriggered?[rule.id] ?? 0
            let agreed = max(0, count - masked)
            let standing: RuleStatus.Standing =
                broken.contains(rule.id)
                ? .broken
                : uncertified.contains(rule.id)
                    ? .notCertified
                    : diverged > 0
                        ? .unresolved
                        : agreed >= max(ruleMinimum, 1)
                            ? .held
                            // One replayed run (or shard) judges no rule on its units: masked ones leave it not
                            // exercised.
                            : masked > 0 && ruleMinimum > 0 ? .unresolved : .notExercised
            var status = RuleStatus(rule: rule, standing: standing, triggered: count, minimum: ruleMinimum)
            status.diverged = diverged
            status.masked = masked
            status.searched = standing == .unresolved && (searchedTriggers ?? []).contains(rule.id)
            return status
        }
    }

    /// The declared rules too few units fell under, for a record that can judge them (none for one shard).
    public func unexercisedRules(failures: [FailureRecord]) -> [String] {
        guard ruleMinimum > 0 else { return [] }
        // An unresolved rule too few units fell under is not exercised either: a diverging unit must not excuse it.
        return ruleStatuses(failures: failures).filter {
            $0.standing == .notExercised || ($0.standing == .unresolved && $0.triggered < ruleMinimum)
        }.map(\.rule.id)
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
    public var verdict: RunVerdict
    /// Whether the verdict passed (conforming), whatever a gate excused: a tool that gates reads `gate.passed` when
    /// the record has a gate, since the exit code follows that.
    public var passed: Bool
    /// Wall time of the run, in seconds.
    public var seconds: Double
    /// What a CI gate decided, when one gated the run: the exit code follows its `passed`, not the verdict's.
    public var gate: GateRecord?

    /// Creates a summary.
    public init(verdict: RunVerdict, seconds: Double, gate: GateRecord? = nil) {
        self.verdict = verdict
        self.passed = verdict.passed
        self.seconds = seconds
        self.gate = gate
    }
}
