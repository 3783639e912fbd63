import ArgumentParsing
import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckGating
import FlowCheckRecords
import FlowCheckSuites
import Foundation
import GoldenCorpus
import ProcessProtocol
import PropertyTesting

/// `flowcheck run`: checks an implementation against the reference model, suite by suite.
struct RunCommand: Subcommand {
    static let suites = TypedOption<[Suite]>(
        "suite", value: "names",
        help: "Suites to run, comma-separated, from: " + SuiteRegistry.names.map(\.rawValue).joined(separator: ", ")
            + " (each described under SUITES in flowcheck run --help).",
        defaultText: "every declared suite", repeatable: true,
        expects: "suite names from " + SuiteRegistry.names.map(\.rawValue).joined(separator: ", "),
        choices: SuiteRegistry.names.map(\.rawValue)
    ) { text in
        let names = text.split(separator: ",").map { Suite($0.trimmingCharacters(in: .whitespaces)) }
        return names.allSatisfy { SuiteRegistry.named($0) != nil } && !names.isEmpty ? names : nil
    }
    static let saveFailures = TypedOption<String>.text(
        "save-failures", value: "folder",
        help: "Save each minimal counterexample as a golden case (such as Corpus).")
    static let onlyRun = TypedOption<Int>.integer(
        "run", value: "K", help: "Run only run K of each suite (as a failure's replay line gives it), alone.",
        in: 0...Int(Int32.max))
    static let defaultHTML = "Reports/<implementation>.html"

    static let definition = CommandDefinition(
        "run", abstract: "Check an implementation against the reference model.",
        discussion: """
            SUT is builtin:sample, builtin:decoder, builtin:runtime (builtin:runtime-own-random picks its abTest
            variants with random numbers of its own), builtin:mutant:<name> (see list-mutants), or a command line
            that speaks the JSON-lines process protocol. --server URL --spec FILE checks a RUF backend instead:
            the server suite sends it sessions generated from the spec and checks every answer (SRV- rules).
            Same seed, same result: the seed is printed, and every failure comes with the command that replays it.

            EXIT CODES: 0 conforming (deviations from SHOULD rules are listed, and fail only with --strict);
            1 a divergence from a MUST rule, insufficient coverage, or a run that broke down;
            2 a usage error; 3 the implementation could not be run (it would not start, or broke the protocol at hello);
            129, 130 or 143 stopped by SIGHUP, SIGINT or SIGTERM (the results so far are written, marked interrupted).

            SUITES:
            """ + "\n"
                + SuiteRegistry.all.map {
                    "  \($0.suite.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0))\($0.summary)"
                }.joined(separator: "\n"),
        options: ImplementationOptions.optionsWithServer + [suites.definition]
            + BudgetOptions.options(defaultRuns: ConformanceRunner.Options.defaultRuns)
            + [
                onlyRun.definition, GatingOptions.shard.definition, saveFailures.definition,
            ] + SpecOptions.options
            + OutputOptions.options(defaultHTML: defaultHTML) + GatingOptions.options,
        flags: OutputOptions.flags + GatingOptions.flags + [GatingOptions.strictFlag], oneOf: ["sut", "server"])

    var implementation: ImplementationOptions
    var budget: BudgetOptions
    var outputs: OutputOptions
    var gating: GatingOptions
    var suites: [Suite]?
    var shard: Shard?
    var onlyRun: Int?
    var saveFailures: String?
    var spec: SpecOptions
    /// `--strict`: a deviation from a SHOULD rule fails the run.
    var strict: Bool

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        implementation = try ImplementationOptions(parsed)
        budget = try BudgetOptions(parsed, defaultRuns: ConformanceRunner.Options.defaultRuns)
        outputs = try OutputOptions(parsed, defaultHTML: Self.defaultHTML)
        gating = try GatingOptions(parsed)
        strict = parsed.flag("strict")
        var chosen: [Suite] = []
        for suite in try parsed.values(Self.suites).joined() where !chosen.contains(suite) { chosen.append(suite) }
        suites = chosen.isEmpty ? nil : chosen
        // A backend is checked by the server suite alone, and only a backend is.
        if implementation.server != nil, let other = chosen.first(where: { $0.rawValue != "server" }) {
            throw ArgumentError(
                code: .invalidValue,
                message: "--server checks a RUF backend with the server suite alone; the \(other) suite needs --sut",
                commandPath: parsed.commandPath)
        }
        if implementation.server == nil, chosen.contains(where: { $0.rawValue == "server" }) {
            throw ArgumentError(
                code: .invalidValue,
                message: "the server suite checks a RUF backend: give --server <url> --spec <file> instead of --sut",
                commandPath: parsed.commandPath)
        }
        shard = try parsed.value(GatingOptions.shard)
        onlyRun = try parsed.value(Self.onlyRun)
        if onlyRun != nil && shard != nil {
            throw ArgumentError(
                code: .invalidValue,
                message: "--run replays one run, whatever its shard: give --run or --shard, not both",
                commandPath: parsed.commandPath)
        }
        saveFailures = try parsed.value(Self.saveFailures)
        spec = try SpecOptions(parsed, implementation: implementation)
    }

    func run(_ console: Console) throws(ArgumentError) -> ExitCode {
        var spec = spec
        let specPlan = try spec.plan(console, commandPath: ["run"])
        var options = ConformanceRunner.Options(
            seed: budget.seed, runs: budget.runs, maxSteps: budget.maxSteps, timeLimit: budget.timeLimit,
            suites: suites,
            shard: shard, spec: specPlan, maxFailures: budget.maxFailures,
            onlyRun: onlyRun, jobs: budget.jobs)
        options.strict = strict
        guard let subject = try implementation.start(console, commandPath: ["run"]) else {
            return console.stop?.reason.map(ExitCode.stopped) ?? .notRunnable
        }
        defer { (subject as? ProcessImplementation)?.stop() }
        return Self.check(
            subject, options: options, replay: implementation.replay(spec: specPlan), outputs: outputs, gating: gating,
            saveFailures: saveFailures, console: console)
    }

    /// Runs the suites on a started implementation, writes the outputs and gates the result: what `run` and
    /// `serve` share once their implementation is running.
    static func check(
        _ subject: any Implementation, options: ConformanceRunner.Options, replay: CommandLineReplay,
        outputs: OutputOptions, gating: GatingOptions, saveFailures: String?, console: Console
    ) -> ExitCode {
        var runner = ConformanceRunner(implementation: subject, options: options)
        runner.replayText = replay.text
        runner.stop = console.stop
        runner.workerNotice = { console.err("flowcheck: \($0)") }
        if console.isTerminal {
            console.err("flowcheck: checking \(subject.info.name) with seed \(options.seed)…")
            // One status line, rewritten in place while a suite runs, then a line per finished suite.
            let total = options.shard.map { $0.share(of: options.runs) } ?? options.runs
            runner.runProgress = { suite, runs in console.progress("  \(suite): \(runs)/\(total) runs") }
            runner.progress = { suite in
                console.progress("  \(suite.suite): \(suite.verdict.rawValue), \(suite.size)", done: true)
            }
        }
        let ran: RunRecord
        do { ran = try runner.run() } catch {
            console.err("error: \(error.message)")
            return .usage
        }
        let (record, decision) = gating.gated(ran)
        console.out(TextReport.render(record))
        guard outputs.write(record, console: console) else { return .failure }
        if let saveFailures { save(record.failures, into: saveFailures, console: console) }
        if let reason = record.interrupted { return .stopped(by: reason) }
        return gating.exitCode(record, decision: decision, console: console)
    }

    /// Turns each minimal counterexample into a golden case, never overwriting a different one.
    static func save(_ failures: [FailureRecord], into folder: String, console: Console) {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        for failure in failures {
            guard let save = SuiteRegistry.named(failure.suite)?.goldenCaseSaver(for: failure, into: url) else {
                console.out("not saved: \(failure.id) (the \(failure.suite) suite has no golden-case format yet)")
                continue
            }
            do {
                switch try save() {
                case .written(let path): console.out("saved \(path)")
                case .unchanged(let path): console.out("already saved: \(path)")
                case .conflict(let path): console.err("warning: \(path) exists with other content; not overwritten")
                }
            } catch {
                console.err("warning: could not save \(failure.id): \(error.localizedDescription)")
            }
        }
    }
}
