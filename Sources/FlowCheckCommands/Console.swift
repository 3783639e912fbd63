import Foundation

package import PropertyTesting

/// Where a command writes: standard output and error, whether a person is watching, and how it is asked to stop.
package struct Console: Sendable {
    /// Writes a line to standard output: verdicts and results, what a pipeline reads.
    package var out: @Sendable (String) -> Void
    /// Writes a line to standard error: warnings and diagnostics.
    package var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (then progress lines are written).
    package var isTerminal: Bool
    /// Requested on SIGHUP, SIGINT or SIGTERM: a run then stops, writes what it found so far, and exits 129, 130 or
    /// 143.
    package var stop: StopRequest?

    /// Writes a status line to standard error in place (`\r`, clear to end of line); `done` ends it.
    package func progress(_ text: String, done: Bool = false) {
        try? FileHandle.standardError.write(contentsOf: Data(("\r\u{1B}[K" + text + (done ? "\n" : "")).utf8))
    }

    /// Creates a console from its two writers.
    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, isTerminal: Bool,
        stop: StopRequest? = nil
    ) {
        // Everything a command prints can hold an implementation's text: no control character reaches the terminal.
        self.out = { out(TerminalText.sanitize($0)) }
        self.err = { err(TerminalText.sanitize($0)) }
        self.isTerminal = isTerminal
        self.stop = stop
    }

    /// The process's own standard output and error.
    ///
    /// A reader that went away (`flowcheck run … | head`) ends nothing: the run goes on and writes its report files;
    /// what it prints is dropped.
    package static var standard: Console {
        Console(
            out: { try? FileHandle.standardOutput.write(contentsOf: Data(($0 + "\n").utf8)) },
            err: { try? FileHandle.standardError.write(contentsOf: Data(($0 + "\n").utf8)) },
            isTerminal: isatty(STDERR_FILENO) == 1)
    }
}
