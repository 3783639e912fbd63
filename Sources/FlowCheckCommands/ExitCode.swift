/// The exit codes of `flowcheck`.
package enum ExitCode: Int32, Sendable {
    /// Conforming, or the command succeeded.
    case success = 0
    /// A divergence, insufficient coverage, a run that broke down, or a corpus case that fails.
    case failure = 1
    /// A usage error.
    case usage = 2
    /// The implementation could not be run: it would not start, or broke the protocol at hello.
    case notRunnable = 3
    /// Stopped by SIGHUP (128 + 1: the terminal closed), after writing the results so far.
    case hungUp = 129
    /// Stopped by SIGINT (128 + 2), after writing the results so far.
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15), after writing the results so far.
    case terminated = 143

    /// The exit code of a run stopped by `reason` (`SIGINT`, `SIGTERM`, `SIGHUP`).
    package static func stopped(by reason: String) -> ExitCode {
        switch reason {
        case "SIGTERM": return .terminated
        case "SIGHUP": return .hungUp
        default: return .interrupted
        }
    }
}
