/// An implementation's error that knows what it means for a run, as the process protocol's errors do.
///
/// An implementation that breaks down on an input (it exits, hangs, breaks its protocol, throws) gives a
/// counterexample like a divergence does: the runner shrinks the input to the smallest one that still makes it break
/// down the same way. Any error that does not conform is a breakdown of the kind `threw <its type>`.
public protocol BreakdownDescribing: Error {
    /// The kind of breakdown, the same each time the implementation breaks down the same way (`exited: was killed by
    /// signal 11 (SIGSEGV)`, `timeout`); `nil` when the run cannot go on at all (the implementation would not start
    /// again, or the time limit ran out), which ends the suite.
    var breakdownKind: String? { get }
    /// The last lines the implementation wrote to standard error, when known.
    var stderrTail: [String] { get }
}

/// How the runner names a breakdown.
public enum Breakdown {
    /// The kind of breakdown `error` is, or `nil` when it ends the suite (see ``BreakdownDescribing``).
    public static func kind(of error: any Error) -> String? {
        if let described = error as? any BreakdownDescribing { return described.breakdownKind }
        return "threw \(type(of: error))"
    }

    /// What the implementation did, in one line: a process error's first line (its stderr tail is shown apart), or
    /// `threw` and what an in-process implementation threw.
    public static func message(of error: any Error) -> String {
        guard error is any BreakdownDescribing else { return "threw \(error)" }
        return "\(error)".split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }
}
