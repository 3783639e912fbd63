package import FlowCheckEngine
import Foundation

/// The `flowcheck run` line that replays one suite of a run, or one run of it alone, with the options the run was
/// given that change what it does (the implementation, the spec and client version, the step timeout).
package struct CommandLineReplay: Sendable {
    /// The implementation as `--sut` named it.
    package var sut: String
    /// The backend as `--server` named it, given instead of `--sut`.
    package var server: String?
    /// The command that replays: `run`, or `serve` for a client checked on the network.
    package var command = "run"
    /// The `--spec` file and `--client-version`, when given.
    package var spec: (file: String, clientVersion: String?)?
    /// The `--step-timeout` as given, or `nil`.
    package var stepTimeout: String?

    /// Creates the renderer of a command line's replays.
    package init(
        sut: String, server: String? = nil, spec: (file: String, clientVersion: String?)? = nil,
        stepTimeout: String? = nil
    ) {
        self.sut = sut
        self.server = server
        self.spec = spec
        self.stepTimeout = stepTimeout
    }

    /// The command line.
    package func text(_ replay: Replay) -> String {
        (server.map { "flowcheck run --server \(Self.quoted($0))" }
            ?? "flowcheck \(command) --sut \(Self.quoted(sut))")
            + (spec.map { " --spec \(Self.quoted($0.file))" } ?? "")
            + (spec?.clientVersion.map { " --client-version \(Self.quoted($0))" } ?? "")
            + " --suite \(replay.suite) --seed \(replay.seed)"
            + (replay.run.map { " --run \($0)" } ?? " --runs \(replay.runs)")
            + (replay.maxSteps.map { " --max-steps \($0)" } ?? "")
            + (stepTimeout.map { " --step-timeout \(Self.quoted($0))" } ?? "") + (replay.strict ? " --strict" : "")
            + (replay.run == nil ? (replay.shard.map { " --shard \($0)" } ?? "") : "")
    }

    /// A word quoted for a POSIX shell when it needs it.
    package static func quoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=@,+".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
