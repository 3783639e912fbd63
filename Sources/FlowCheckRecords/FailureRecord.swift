public import ConformanceRules
public import FlowCheckCore
public import JSON

/// A minimal counterexample of any suite: which rules broke, where, with which minimal input, and the one
/// command that replays it.
///
/// Every suite describes its failures in this one shape, so the runner, the records and every report treat
/// them alike. What only one suite knows travels in ``detail`` (for tools) and ``storyboard`` (for the HTML).
public struct FailureRecord: Codable, Hashable, Sendable {
    /// What kind of failure a record is.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// The implementation's reply differs from the model's.
        case divergence
        /// The implementation broke down: it exited, hung, broke its protocol, or threw.
        case breakdown
    }

    /// How an implementation broke down.
    public struct BreakdownDetail: Codable, Hashable, Sendable {
        /// What happened, naming the step: `the implementation was killed by signal 6 (SIGABRT) before answering …`.
        public var message: String
        /// The last 64 KB of its standard error, cut at line boundaries, when known.
        public var stderrTail: [String]

        /// Creates the detail.
        public init(message: String, stderrTail: [String]) {
            self.message = message
            self.stderrTail = stderrTail
        }
    }

    /// Always `failure`.
    public var type = "failure"
    /// A divergence or a breakdown.
    public var kind: Kind = .divergence
    /// What tells this failure apart from the run's others: the rules broken and the kind of step or element
    /// (`NAV-POP at NAV-POP`), or the kind of breakdown. A run reports one minimal failure per origin.
    public var origin = ""
    /// Generated runs that failed with this origin; 0 for a failure met only while shrinking another.
    public var occurrences = 1
    /// For a breakdown: how the implementation broke down.
    public var breakdown: BreakdownDetail?
    /// A stable id derived from the content: the same counterexample always has the same id, so baselines,
    /// skip lists and saved corpus cases can name it.
    public var id: String
    /// The suite that found it.
    public var suite: Suite
    /// What diverged, in one line.
    public var description: String
    /// The rules broken, each with its level and statement.
    public var rules: [Rule]
    /// The capability features the failure touches; a skip list may name one.
    public var features: [String]
    /// The minimal input's size, in the suite's unit (steps, nodes).
    public var size: UnitCount
    /// The size of the input that first failed, before shrinking.
    public var originalSize: UnitCount
    /// Whether removing any single part of the input makes the failure go away.
    public var oneMinimal: Bool
    /// Its size as a report writes it: the minimal size and the one it was shrunk from, or, for a failure kept as
    /// the engine found it when the run was stopped (it has no input), that it was neither replayed nor shrunk.
    public var sizeText: String {
        guard !input.isEmpty || size.value > 0 else { return "not replayed or shrunk (the run was stopped)" }
        if let shrinkStopped { return "\(size), not shrunk: the run was stopped (\(shrinkStopped)) first" }
        return "\(size), shrunk from \(originalSize)\(oneMinimal ? ", 1-minimal" : "")"
    }
    /// Candidate inputs the shrinker tried.
    public var shrinkCandidates: Int
    /// Where it diverged, such as `step 3`.
    public var divergedAt: String
    /// The minimal input in lines of text: the profile, stack and steps, or the document.
    public var input: [String]
    /// What the diff compares, such as `Step 0 diverged: navigate POP`.
    public var diffHeading: String
    /// The diff of the states: `-` lines for the model, `+` for the implementation.
    public var diff: String
    /// Named invariants the implementation's output broke, one line each.
    public var violations: [String]
    /// How the HTML report draws the failure.
    public var storyboard: Storyboard
    /// The one command that replays the failure.
    public var replay: String
    /// The suite's own data about the failure (for navigation: profile, initial stack and trace), for tools.
    public var detail: JSONValue
    /// What else a reader should know, such as breakdowns of the implementation while the failure was shrunk.
    public var notes: [String] = []
    /// The signal of a stop request that came before the failure was shrunk: its input is as the engine found it.
    public var shrinkStopped: String?
    /// What the diff's two sides are when they are not the model and the implementation, such as
    /// `- what the spec allows, + what the backend sent`; `nil` for `- model, + implementation`.
    public var diffLegend: String?
    /// Which of a rule's checks broke, where one rule covers several (RUF-REQUEST-WIRE: `path`, `x-request-id`, …),
    /// comma-separated; part of the failure's cause, so that a baseline entry excuses that check alone.
    public var aspect: String?

    /// Creates a failure record.
    public init(
        id: String, suite: Suite, description: String, rules: [Rule], features: [String], size: UnitCount,
        originalSize: UnitCount,
        oneMinimal: Bool, shrinkCandidates: Int, divergedAt: String, input: [String], diffHeading: String, diff: String,
        violations: [String], storyboard: Storyboard, replay: String, detail: JSONValue
    ) {
        self.id = id
        self.suite = suite
        self.description = description
        self.rules = rules
        self.features = features
        self.size = size
        self.originalSize = originalSize
        self.oneMinimal = oneMinimal
        self.shrinkCandidates = shrinkCandidates
        self.divergedAt = divergedAt
        self.input = input
        self.diffHeading = diffHeading
        self.diff = diff
        self.violations = violations
        self.storyboard = storyboard
        self.replay = replay
        self.detail = detail
    }

    /// The broken rules' IDs, in order.
    public var ruleIDs: [String] { rules.map(\.id) }

    /// The strongest level among the broken rules: MUST when any is.
    /// MUST when a MUST rule is broken, or when the implementation broke down (an SDK must not crash or hang).
    public var level: Rule.Level { kind == .breakdown || rules.contains { $0.level == .must } ? .must : .should }
}
