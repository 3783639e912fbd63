public import FlowCheckCore

/// An error from a process implementation: a code, a message that names the
/// step and the request, and the offending line when there is one.
public struct ProcessError: Error, Hashable, Sendable, CustomStringConvertible, BreakdownDescribing {
    /// What went wrong.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The command could not be started.
        public static let launchFailed = Code(rawValue: "launchFailed")
        /// The hello exchange failed: no reply, a wrong protocol version, unreadable capabilities.
        public static let helloFailed = Code(rawValue: "helloFailed")
        /// No reply within the per-step timeout.
        public static let timeout = Code(rawValue: "timeout")
        /// The run's `--time-limit` ran out while the kit waited for a reply (not the implementation's fault).
        public static let timeLimit = Code(rawValue: "timeLimit")
        /// The process exited while a reply was expected.
        public static let exited = Code(rawValue: "exited")
        /// A line that is not a well-formed reply to the request.
        public static let malformedReply = Code(rawValue: "malformedReply")
        /// The implementation answered `{"errored": true}`.
        public static let implementationError = Code(rawValue: "implementationError")
    }

    /// The code.
    public var code: Code
    /// A sentence naming the step and what happened.
    public var message: String
    /// The line the implementation printed, when it is the problem.
    public var offendingLine: String?
    /// The last lines the implementation wrote to standard error.
    public var stderrTail: [String]
    /// How the process ended, for `exited` (`was killed by signal 11 (SIGSEGV)`); `nil` when it closed its output.
    public var ending: String?

    /// The kind of breakdown: exited (with how), timeout, malformed reply or reported an error; `nil` for what ends
    /// the suite instead (it would not start or say hello, or the time limit ran out).
    public var breakdownKind: String? {
        switch code {
        case .exited: return "exited: " + (ending ?? "closed its standard output")
        case .timeout: return "timeout"
        case .malformedReply: return "malformed reply"
        case .implementationError: return "reported an error"
        default: return nil
        }
    }

    /// Creates a process error.
    public init(code: Code, message: String, offendingLine: String? = nil, stderrTail: [String] = []) {
        self.code = code
        self.message = message
        self.offendingLine = offendingLine
        self.stderrTail = stderrTail
    }

    public var description: String {
        var text = message
        if let offendingLine {
            text +=
                "\n  offending line: \(offendingLine.count > 300 ? String(offendingLine.prefix(300)) + "… (\(offendingLine.count - 300) more characters)" : offendingLine)"
        }
        if !stderrTail.isEmpty {
            // The tail is bounded in bytes; a single line of it is bounded here too, with what was cut said.
            let lines = stderrTail.map {
                $0.count > 1000 ? String($0.prefix(1000)) + "… (\($0.count - 1000) more characters)" : $0
            }
            text += "\n  its standard error ended with:\n" + lines.map { "    " + $0 }.joined(separator: "\n")
        }
        return text
    }
}
