/// The outcomes of one shrink's candidates, by the choices each candidate drew, so that a candidate that draws the
/// same choices as one tried before is not tested again.
///
/// Different candidates often draw the same choices: a choice lowered below what its draw allows is clamped back, a
/// block deleted past the end of what the generator reads changes nothing. The choices a replay draws decide the
/// value it builds, so equal drawn choices mean an equal value and, for a test that judges its value alone, the same
/// outcome. A third of the RUF client mutants' candidates are such repeats. It keeps at most `limit` sequences and
/// forgets them all when full, a bound on memory for long sequences.
///
/// A caller that shrinks one property many times from the same starts (a search for each rule's own failure, from
/// the same witnesses) shares one memo between the shrinks: the outcome of a candidate does not depend on what a
/// shrink looks for, and their first passes try the same candidates. It is not thread-safe: one shrink at a time.
public final class OutcomeMemo {
    private var outcomes: [ChoiceKey: TestOutcome] = [:]
    private let limit: Int

    /// Creates an empty memo that keeps at most `limit` sequences.
    public init(limit: Int = 4096) { self.limit = limit }

    /// The outcome of the candidate that drew `choices`, if one did.
    subscript(choices: [UInt64]) -> TestOutcome? {
        get { outcomes[ChoiceKey(choices)] }
        set {
            if outcomes.count >= limit { outcomes.removeAll(keepingCapacity: true) }
            outcomes[ChoiceKey(choices)] = newValue
        }
    }
}
