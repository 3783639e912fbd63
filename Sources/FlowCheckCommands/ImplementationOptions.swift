import ArgumentParsing
import Foundation
import FlowCheckCore
import FlowCheckEngine
import FlowCheckServerSuite
import ProcessProtocol
import PropertyTesting
import SampleImplementations

/// `--sut`, `--step-timeout` and `--hello-timeout`: which implementation a command drives, and how long a process may
/// take per step and to start.
struct ImplementationOptions {
    static let sut = TypedOption<String>.text(
        "sut", value: "implementation",
        help:
            "The implementation: builtin:sample, builtin:decoder, builtin:runtime, builtin:mutant:<name> (see "
            + "list-mutants), or a command line.",
        required: true)
    static let stepTimeout = TypedOption<Duration>.duration(
        "step-timeout", value: "duration",
        help: "How long a process implementation may take per step (with --server, the backend per answer).",
        default: .seconds(5), defaultText: "5s")
    static let helloTimeout = TypedOption<Duration>.duration(
        "hello-timeout", value: "duration",
        help: "How long a process implementation may take to start and answer hello (with --server, how long the "
            + "backend may take to accept a connection).",
        defaultText: "30s, or the step timeout when longer; 10s with --server")
    static let server = TypedOption<String>.text(
        "server", value: "url",
        help: "A RUF backend to check instead of an SDK, by its base URL (http://127.0.0.1:8080); needs --spec, and "
            + "runs the server suite.")
    static let options = [sut.definition, stepTimeout.definition, helloTimeout.definition]
    /// For commands that can check a backend too: `--sut` or `--server`, one of them.
    static let optionsWithServer = [
        TypedOption<String>.text("sut", value: "implementation", help: sut.definition.help).definition,
        server.definition, stepTimeout.definition, helloTimeout.definition,
    ]

    var sut: String
    /// `--server`: the base URL of a RUF backend, checked instead of an SDK.
    var server: String?
    var stepTimeout: Duration
    /// The `--step-timeout` as given, for a replay command to repeat; `nil` when the default applies.
    var stepTimeoutText: String?
    /// `--hello-timeout`, when given.
    var helloTimeout: Duration?

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        // The parser has already refused a command line without --sut (or, where it is an option, --server).
        sut = try parsed.value(Self.sut) ?? ""
        server = try parsed.value(Self.server)
        stepTimeout = try parsed.value(Self.stepTimeout, or: .seconds(5))
        stepTimeoutText = parsed.value("step-timeout")
        helloTimeout = try parsed.value(Self.helloTimeout)
    }

    /// What renders a replay of a run of this implementation: its `flowcheck run` line.
    func replay(spec: SpecPlan? = nil) -> CommandLineReplay {
        CommandLineReplay(
            sut: sut, server: server, spec: spec.map { ($0.file, $0.clientVersion) }, stepTimeout: stepTimeoutText)
    }

    /// The implementation `--sut` names: a built-in one, or a process started now; `nil` (after saying why)
    /// when the process cannot be started or fails hello.
    func start(_ console: Console, commandPath: [String]) throws(ArgumentError) -> (any Implementation)? {
        if let server {
            let backend: HTTPBackend
            do { backend = try HTTPBackend(url: server, timeout: stepTimeout) } catch {
                throw ArgumentError(code: .invalidValue, message: "--server: \(error)", commandPath: commandPath)
            }
            // A backend started just before the run may not listen yet: it is given until the hello timeout.
            let deadline = ContinuousClock.now + (helloTimeout ?? .seconds(10))
            var waiting = false
            while true {
                do {
                    try backend.probe()
                    return backend
                } catch {
                    guard ContinuousClock.now < deadline, console.stop?.isRequested != true else {
                        console.err("error: the backend could not be reached: \(error)")
                        return nil
                    }
                    if !waiting {
                        console.err("flowcheck: waiting for \(server) to accept connections (--hello-timeout)…")
                        waiting = true
                    }
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }
        }
        if sut.hasPrefix("builtin:") {
            guard let builtin = BuiltinImplementations.named(sut) else {
                // A typo, or part of a name (`builtin:mutant:bottom-most`): the names that contain what was typed
                // after the last colon, when a few do.
                let typed = String(sut.split(separator: ":").last ?? "")
                let containing = BuiltinImplementations.names.filter {
                    typed.count >= 4 && ($0.split(separator: ":").last ?? "").contains(typed)
                }
                let guesses =
                    ArgumentParser.closest(sut, among: BuiltinImplementations.names).map { [$0] } ?? containing
                let hint =
                    guesses.isEmpty || guesses.count > 3
                    ? "" : "did you mean \(guesses.joined(separator: " or "))? "
                throw ArgumentError(
                    code: .invalidValue,
                    message:
                        "unknown built-in implementation \"\(sut)\"; \(hint)`flowcheck list-mutants` lists the mutants",
                    commandPath: commandPath)
            }
            return builtin
        }
        do {
            return try ProcessImplementation(commandLine: sut, stepTimeout: stepTimeout, helloTimeout: helloTimeout)
        } catch {
            // Stopped at hello by a signal: the caller exits 129, 130 or 143, with no error to report.
            if console.stop?.isRequested != true {
                console.err("error: the implementation could not be run: \(error)")
            }
            return nil
        }
    }
}
