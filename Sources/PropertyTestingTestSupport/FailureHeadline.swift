/// A failure's one-line summary, recorded as an error so that Swift Testing shows it on the first line.
struct FailureHeadline: Error, CustomStringConvertible {
    /// The sentence, such as `navigation: NAV-POP-TO broken at step 0 of 1`.
    var description: String
}
