/// How one execution falsified a property: its origin, which tells distinct failures apart, and a message.
///
/// Two failures with the same origin are the same bug seen twice: a check shrinks one of them. Failures with
/// different origins are shrunk and reported separately, and shrinking one never turns it into another.
public struct Falsification: Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is, such as `NAV-POP at directive POP` or `threw DecodingError`.
    public var origin: String
    /// How the property failed on this input.
    public var message: String
    /// The most candidates shrinking this failure may try, below the configuration's limit; `nil` for that limit.
    /// For a failure each candidate of which is costly to try again (a hang costs a whole timeout).
    public var shrinkCalls: Int?
    /// The most candidates that fail again shrinking this failure may try; `nil` for no such limit. For a failure
    /// whose every reproduction is costly where a passing candidate is not (a crash costs a restart).
    public var shrinkFailingCalls: Int?
    /// The triggers (rule IDs) the diverging unit fell under, for a value of several units (the step that diverged);
    /// `nil` when the whole value is the unit, so that every trigger of the run counts. A rule a diverging unit fell
    /// under cannot be called held.
    public var unitTriggers: [String]?
    /// Every trigger the diverging unit falls under, blamed or not (the rules its document meets), when the property
    /// knows them; `nil` when they are ``unitTriggers``. A case of one trigger's own falls under no trigger another
    /// failure names.
    public var unitRules: [String]?
    /// How many generated runs in a row failing with this origin end generation; `nil` for no such end. For a failure
    /// every run meets at a high price (an implementation that hangs on every run costs a whole timeout each): once
    /// it recurs so, the runs left would only repeat it.
    public var endsAfterRecurring: Int?
    /// How large the input is up to where it failed, in the units a reader counts (steps, inputs); `nil` when the
    /// choice sequence says it. Of two counterexamples of one cause, the one shown is the smaller in this, then in
    /// shortlex order: fewer choices can draw more steps (a short run of large responses).
    public var size: Int?
    /// The triggers of the units compared, up to and including the one that diverged; `nil` when every unit of the
    /// value was compared. The units after the first divergence were never compared, and count toward no trigger: a
    /// rule is held only on what was checked.
    public var comparedTriggers: [String: Int]?
    /// The triggers blamed at each later divergence the property could still tell apart from the first (a part of
    /// the value the earlier divergences left as the model's), one list per distinct divergence; empty when it found
    /// none or looked no further. With many bugs at once the first divergence of nearly every run is one of a few
    /// common ones: a rule broken only later would otherwise never be compared, and a search for a failure of its
    /// own starts from these.
    public var later: [[String]]
    /// The triggers the diverging units (the first, and each later one) fell under without being blamed on them,
    /// once per unit. Such a unit diverged first under another rule: it says nothing of these, and a rule whose units
    /// all diverged so was never seen to hold.
    public var masked: [String]
    /// How the diverging unit diverged, where the property tells symptoms of one cause apart (a refusal for another
    /// reason, a change made where none was due); `nil` when it does not. A shrink for one trigger keeps it, as the
    /// engine's keeps the origin: a simpler case showing a weaker symptom would hide what the bug does.
    public var symptom: String?

    /// Creates a falsification.
    public init(
        origin: String, message: String, shrinkCalls: Int? = nil, shrinkFailingCalls: Int? = nil,
        unitTriggers: [String]? = nil,
        unitRules: [String]? = nil, endsAfterRecurring: Int? = nil, size: Int? = nil,
        comparedTriggers: [String: Int]? = nil, later: [[String]] = [], masked: [String] = [], symptom: String? = nil
    ) {
        self.symptom = symptom
        self.comparedTriggers = comparedTriggers
        self.later = later
        self.masked = masked
        self.origin = origin
        self.message = message
        self.shrinkCalls = shrinkCalls
        self.shrinkFailingCalls = shrinkFailingCalls
        self.unitTriggers = unitTriggers
        self.unitRules = unitRules
        self.endsAfterRecurring = endsAfterRecurring
        self.size = size
    }

    public var description: String { message }

    /// Whether a property is asked for ``later``: not while a failure shrinks keeping its origin, where only the first
    /// divergence counts, and where finding the later ones would cost a property that runs again past the first (a
    /// navigator reset to the model's state) that much more at every candidate.
    @TaskLocal public static var laterWanted = true
}

/// What one execution of a test on a choice source gave.
public enum TestOutcome: Sendable, Hashable {
    /// The property held; the labels say what the run exercised.
    case passed
    /// The property failed: how, and its origin.
    case failed(Falsification)
    /// The input could not be completed (too many choices, a filter gave up).
    case invalid(ChoiceSource.Stop)
    /// The test could not run at all (the system under test crashed, hung or
    /// broke its protocol): the whole check ends at once, with no shrinking.
    case aborted(String)

    /// Whether this is a failure.
    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }

    /// The size a failure gives itself (``Falsification/size``); `nil` for any other outcome.
    var size: Int? {
        if case .failed(let falsification) = self { return falsification.size }
        return nil
    }

    /// The origin of a failure; `nil` for any other outcome.
    public var origin: String? {
        if case .failed(let falsification) = self { return falsification.origin }
        return nil
    }
}

/// Thrown by a test to end the whole check at once: the system under test could
/// not be run, so there is nothing meaningful to shrink.
public struct Abort: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the place.
    public var message: String
    /// Creates an abort.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A test executed on a recorded choice sequence.
struct TestRun {
    var outcome: TestOutcome
    var choices: [UInt64]
    var spans: [ChoiceSource.Span]
}

/// Whether a failing run is the simpler counterexample of two: smaller in the size the failures give themselves,
/// then in shortlex order.
func isSimpler(_ a: TestRun, than b: TestRun) -> Bool {
    if let x = a.outcome.size, let y = b.outcome.size, x != y { return x < y }
    return isSimpler(a.choices, than: b.choices)
}

/// Shortlex order on choice sequences: shorter is simpler, then lexicographically smaller.
/// The shrinker only ever accepts a simpler sequence, so it always terminates.
func isSimpler(_ a: [UInt64], than b: [UInt64]) -> Bool {
    if a.count != b.count { return a.count < b.count }
    return a.lexicographicallyPrecedes(b)
}
