/// What a CI gate (a skip list, a baseline, or both) decided on a run, written beside the verdict in every format so
/// that a report never shows red while the step that wrote it is green, or the reverse.
///
/// The verdict stays what the run found; the gate says which of its failures the pipeline excused, and why, and
/// whether the pipeline passes. The exit code follows ``passed``.
public struct GateRecord: Codable, Hashable, Sendable {
    /// A failure or golden case the gate did not hold against the run.
    public struct Excused: Codable, Hashable, Sendable {
        /// The failure's or golden case's id.
        public var id: String
        /// `skipped` (by the skip list) or `expected` (by the baseline).
        public var by: String
        /// The skip list's reason, or the baseline entry's cause.
        public var reason: String

        /// Why, in words: `skipped by the skip list: <reason>` or `expected by the baseline (<cause>)`.
        public var text: String {
            by == "expected" ? "expected by the baseline (\(reason))" : "skipped by the skip list: \(reason)"
        }

        /// Creates an excused failure.
        public init(id: String, by: String, reason: String) {
            self.id = id
            self.by = by
            self.reason = reason
        }
    }

    /// Whether the pipeline passes: the exit code is 0 exactly when it does.
    public var passed: Bool
    /// What gated, in words: `the baseline`, `the skip list`, or `the skip list and the baseline`.
    public var by: String
    /// Failures and golden cases not held against the run, in report order.
    public var excused: [Excused]
    /// The ids of failures the baseline does not expect (they fail the gate).
    public var newFailures: [String]
    /// Baseline entries no failure of the run matched (they fail the gate too, so a baseline cannot rot).
    public var stale: [String]
    /// What fails the gate whatever the baseline and skip list say: `insufficient coverage` (a rule not exercised,
    /// required coverage missing) or `errored` (a suite could not run to the end); `nil` when nothing does.
    public var blocked: String?

    /// Creates a gate record.
    public init(
        passed: Bool, by: String, excused: [Excused], newFailures: [String] = [], stale: [String] = [],
        blocked: String? = nil
    ) {
        self.blocked = blocked
        self.passed = passed
        self.by = by
        self.excused = excused
        self.newFailures = newFailures
        self.stale = stale
    }

    /// Why the gate excused the failure or golden case with this id, or `nil` when it did not.
    public func excuse(for id: String) -> Excused? { excused.first { $0.id == id } }

    /// The gate beside the verdict, in one sentence: `Gate: PASSED by the baseline (exit 0): 2 expected failures,
    /// 0 new, 0 stale; the verdict stays DIVERGENT.`
    public func sentence(verdict: String) -> String {
        let expected = excused.filter { $0.by == "expected" }.count
        let skipped = excused.count - expected
        var counts: [String] = []
        if skipped > 0 { counts.append("\(skipped) skipped") }
        if by.contains("baseline") || by.contains("expected") {
            counts.append("\(expected) expected, \(newFailures.count) new, \(stale.count) stale")
        }
        if let blocked { counts.append("failed whatever is expected: \(blocked)") }
        return "Gate: \(passed ? "PASSED" : "FAILED") by \(by) (exit \(passed ? 0 : 1))"
            + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")) + "; the verdict stays \(verdict)."
    }
}
