import ArgumentParsing
import ConformanceRules
import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckEngine
import Foundation
import PropertyTesting
import RUFClientModel

/// `flowcheck serve`: the kit as the RUF server of a client's real networking, the client suite run through it.
struct ServeCommand: Subcommand {
    static let port = TypedOption<Int>.integer(
        "port", value: "N", help: "The port the kit listens on, on 127.0.0.1 (0 picks a free one).", in: 0...65535,
        default: 0)
    /// Not `run`'s: a served report and an in-process or JSON-lines one of the same harness are kept apart.
    static let defaultHTML = "Reports/<implementation>-served.html"

    static let definition = CommandDefinition(
        "serve", abstract: "Be the RUF server of a client SDK's test harness, and check the client suite through it.",
        discussion: """
            SUT is the command line of a test harness that speaks the process protocol's client commands (as for
            run) and points its SDK at the URL in FLOWCHECK_SERVER_URL. The kit listens there (127.0.0.1, the
            port printed) and answers each request the SDK sends with the response the run draws, when the run
            delivers it: a response input reaches the harness with "delivered": true, and the harness replies
            once its SDK has processed the answer from the network. Every request is read off the wire: its
            endpoint, method, headers, x-request-id, body shape, meta, action and screen are checked
            (RUF-REQUEST-WIRE and the request rules), not what the harness reports.

            EXIT CODES: as for run: 0 conforming; 1 a divergence from a MUST rule, insufficient coverage, or a
            breakdown; 2 a usage error (or the port is taken); 3 the harness could not be run; 129, 130 or 143
            stopped by a signal.
            """,
        options: ImplementationOptions.options + [port.definition, RunCommand.suites.definition]
            + BudgetOptions.options(defaultRuns: ConformanceRunner.Options.defaultRuns, jobs: false)
            + [RunCommand.onlyRun.definition] + SpecOptions.options
            + OutputOptions.options(defaultHTML: defaultHTML) + GatingOptions.options,
        flags: OutputOptions.flags + GatingOptions.flags + [GatingOptions.strictFlag])

    var implementation: ImplementationOptions
    var budget: BudgetOptions
    var outputs: OutputOptions
    var gating: GatingOptions
    var spec: SpecOptions
    var port: Int
    var onlyRun: Int?
    var strict: Bool

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        implementation = try ImplementationOptions(parsed)
        budget = try BudgetOptions(parsed, defaultRuns: ConformanceRunner.Options.defaultRuns)
        outputs = try OutputOptions(parsed, defaultHTML: Self.defaultHTML)
        gating = try GatingOptions(parsed)
        spec = try SpecOptions(parsed, implementation: implementation)
        port = try parsed.value(Self.port, or: 0)
        onlyRun = try parsed.value(RunCommand.onlyRun)
        strict = parsed.flag("strict")
        // A replay line names the suite it replays; the kit's server serves the client suite alone.
        for suite in try parsed.values(RunCommand.suites).joined() where suite.rawValue != "client" {
            throw ArgumentError(
                code: .invalidValue, message: "serve runs the client suite alone, not the \(suite) suite",
                commandPath: parsed.commandPath)
        }
    }

    func run(_ console: Console) throws(ArgumentError) -> ExitCode {
        var spec = spec
        let specPlan = try spec.plan(console, commandPath: ["serve"])
        var options = ConformanceRunner.Options(
            seed: budget.seed, runs: budget.runs, maxSteps: budget.maxSteps, timeLimit: budget.timeLimit,
            suites: [.client], spec: specPlan, maxFailures: budget.maxFailures, onlyRun: onlyRun, jobs: 1)
        options.strict = strict
        guard let client = try Self.start(implementation, port: port, console: console, commandPath: ["serve"]) else {
            return console.stop?.reason.map(ExitCode.stopped) ?? .notRunnable
        }
        defer { client.stop() }
        var replay = implementation.replay(spec: specPlan)
        replay.command = "serve"
        return RunCommand.check(
            client, options: options, replay: replay, outputs: outputs, gating: gating, saveFailures: nil,
            console: console)
    }

    /// The kit's server on `port` and the harness started with its URL, announced; `nil` (after saying why) when the
    /// harness cannot be run or does not declare the client suite. `serve` and `certify --serve` share it.
    static func start(
        _ implementation: ImplementationOptions, port: Int, console: Console, commandPath: [String]
    ) throws(ArgumentError) -> ServedClient? {
        if implementation.sut.hasPrefix("builtin:") {
            throw ArgumentError(
                code: .invalidValue,
                message: "serve starts a harness process that talks to the kit over HTTP; a built-in implementation "
                    + "runs in process (flowcheck run --sut \(implementation.sut))",
                commandPath: commandPath)
        }
        let client: ServedClient
        do {
            client = try ServedClient(
                harness: implementation.sut, port: UInt16(port), stepTimeout: implementation.stepTimeout,
                helloTimeout: implementation.helloTimeout)
        } catch let error as PortUnavailable {
            throw ArgumentError(code: .invalidValue, message: "--port \(port): \(error)", commandPath: commandPath)
        } catch {
            if console.stop?.isRequested != true { console.err("error: the harness could not be run: \(error)") }
            return nil
        }
        guard client.capabilities.suites.contains(.client) else {
            console.err("error: \(client.info.name) does not declare the client suite, the one serve runs")
            client.stop()
            return nil
        }
        console.err("flowcheck serve: answering on \(client.url) (FLOWCHECK_SERVER_URL of the harness)")
        return client
    }
}
