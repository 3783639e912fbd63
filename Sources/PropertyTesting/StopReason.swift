/// Why a check stopped generating runs: one reason, whatever ended it.
public enum StopReason: Hashable, Sendable {
    /// Every planned run was taken (and, with a coverage confidence, coverage was decided).
    case budgetSpent
    /// ``Configuration/maxFailures`` distinct failures were found.
    case failureCap
    /// A failure of this origin recurred in that many generated runs in a row (``Falsification/endsAfterRecurring``).
    case recurred(origin: String, runs: Int)
    /// The time limit ran out.
    case timeLimit
    /// A ``StopRequest`` was made.
    case stopRequested
    /// The test aborted, with why.
    case aborted(String)
    /// Too many runs could not complete their input.
    case gaveUp
}
