/// What saving a golden case did: a file written, one already holding the same case, or one holding another case of
/// the same name (never overwritten).
public enum SaveOutcome: Equatable, Sendable { case written(String), unchanged(String), conflict(String) }
