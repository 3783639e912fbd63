import ArgumentParsing
import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckGating
import FlowCheckRecords
import FlowCheckSuites
import Foundation
import JSON
import ProcessProtocol
import PropertyTesting
import Reports

/// `flowcheck compare`: the same generated cases against several implementations of one SDK, and one matrix of
/// rules × implementations, with each failure replayed on the others.
struct CompareCommand: Subcommand {
    static let suts = TypedOption<String>(
        "sut", value: "implementation",
        help: "An implementation, as for run (builtin:…, or a command line); give two or more.", required: true,
        repeatable: true, expects: "a non-empty value"
    ) { $0.isEmpty ? nil : $0 }
    static let expectations = TypedOption<String>.text(
        "expectations", value: "file",
        help: "Each implementation's expected failures, by the name it gives at hello, each with a reason.")
    static let json = TypedOption<String>.text("json", value: "file", help: "Write the matrix as JSON here.")
    static let markdown = TypedOption<String>.text(
        "markdown", value: "file", help: "Write a Markdown summary here.")
    static let html = TypedOption<String>.text("html", value: "file", help: "Write the matrix as an HTML page here.")

    static let definition = CommandDefinition(
        "compare", abstract: "Run the same generated cases against several implementations and compare them.",
        discussion: """
            Runs every suite the implementations declare with one seed, then replays each failure (its suite, seed
            and run) on every other implementation that declares the same capabilities: the same case, so a failure
            one implementation shows and another does not is a disagreement between them as well as with the model.
            Prints the rules where they stand differently; --markdown, --html and --json write the whole matrix.

            EXIT CODES: 0 every implementation conforming (or, with --expectations, failing only as expected, with
            no stale entry); 1 otherwise; 2 a usage error; 3 an implementation could not be run; 129, 130 or 143
            stopped by SIGHUP, SIGINT or SIGTERM, with what ran so far written.
            """,
        options: [
            suts.definition, ImplementationOptions.stepTimeout.definition,
            ImplementationOptions.helloTimeout.definition, RunCommand.suites.definition,
        ]
            + BudgetOptions.options(defaultRuns: ConformanceRunner.Options.defaultRuns)
            + [expectations.definition, json.definition, markdown.definition, html.definition],
        flags: [
            GatingOptions.strictFlag,
            .init(
                "update-expectations",
                help: "Write each implementation's failures to the --expectations file instead of gating on it."),
        ])

    var implementation: ImplementationOptions
    var suts: [String]
    var budget: BudgetOptions
    var suites: [Suite]?
    var strict: Bool
    var expectationsPath: String?
    var expectations = Expectations()
    var updateExpectations: Bool
    var json: String?
    var markdown: String?
    var html: String?

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        implementation = try ImplementationOptions(parsed)
        suts = try parsed.values(Self.suts)
        if suts.count < 2 {
            throw ArgumentError(
                code: .invalidValue, message: "--sut: give two or more implementations to compare",
                commandPath: parsed.commandPath)
        }
        budget = try BudgetOptions(parsed, defaultRuns: ConformanceRunner.Options.defaultRuns)
        let chosen = try parsed.values(RunCommand.suites).joined()
        suites = chosen.isEmpty ? nil : Array(chosen)
        strict = parsed.flag("strict")
        expectationsPath = try parsed.value(Self.expectations)
        updateExpectations = parsed.flag("update-expectations")
        if updateExpectations && expectationsPath == nil {
            throw ArgumentError(
                code: .missingValue, message: "--update-expectations needs --expectations <file> to write",
                commandPath: parsed.commandPath)
        }
        if let expectationsPath, !updateExpectations {
            do { expectations = try Expectations.load(expectationsPath) } catch {
                throw ArgumentError(
                    code: .invalidValue, message: "--expectations \(error)", commandPath: parsed.commandPath)
            }
        }
        json = try parsed.value(Self.json)
        markdown = try parsed.value(Self.markdown)
        html = try parsed.value(Self.html)
    }

    func run(_ console: Console) throws(ArgumentError) -> ExitCode {
        var options = ConformanceRunner.Options(
            seed: budget.seed, runs: budget.runs, maxSteps: budget.maxSteps, timeLimit: budget.timeLimit,
            suites: suites, maxFailures: budget.maxFailures, jobs: budget.jobs)
        options.strict = strict
        var subjects: [any Implementation] = []
        defer { subjects.forEach { ($0 as? ProcessImplementation)?.stop() } }
        // Every implementation started (a misspelt one refused) before any runs.
        for sut in suts {
            var chosen = implementation
            chosen.sut = sut
            guard let subject = try chosen.start(console, commandPath: ["compare"]) else {
                return console.stop?.reason.map(ExitCode.stopped) ?? .notRunnable
            }
            subjects.append(subject)
        }
        let names = subjects.map(\.info.name)
        if expectationsPath != nil, let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw ArgumentError(
                code: .invalidValue,
                message: "two implementations give the name \"\(twice)\" at hello, and --expectations keys each "
                    + "one's expected failures by its name: give them names of their own",
                commandPath: ["compare"])
        }
        console.out("seed \(options.seed)")
        var records: [RunRecord] = []
        var logs: [ReplayLog] = []
        for (sut, subject) in zip(suts, subjects) {
            var chosen = implementation
            chosen.sut = sut
            let log = ReplayLog(render: chosen.replay().text)
            var runner = ConformanceRunner(implementation: subject, options: options)
            runner.replayText = log.record
            runner.stop = console.stop
            do { records.append(try runner.run()) } catch {
                console.err("error: \(sut): \(error.message)")
                return .usage
            }
            logs.append(log)
            console.out("\(sut): \(records[records.count - 1].verdict.sentence)")
            // Stopped: what ran so far is written, as run writes its results so far.
            if console.stop?.reason != nil { break }
        }
        let stopped = console.stop?.reason
        if updateExpectations, stopped == nil, let path = expectationsPath {
            var written = Expectations()
            for (name, record) in zip(names, records) {
                written.byImplementation[name] = Baseline(
                    expectedFailures: Gate.failures(of: record).map {
                        .init(cause: $0.cause, example: $0.id, replay: $0.replay)
                    })
            }
            guard OutputOptions.write(written.fileText, to: path, console: console) else { return .failure }
            console.out("wrote \(path): expected failures of \(counted(names.count, "implementation"))")
            // Written, not gated: as --update-baseline, only a run that could not be judged fails.
            let judged = records.allSatisfy {
                $0.verdict.overall != .errored && $0.verdict.overall != .insufficientCoverage
            }
            return judged ? .success : .failure
        }
        let gates = zip(names, records).map { name, record -> GateRecord? in
            guard expectationsPath != nil, !updateExpectations else { return nil }
            // An implementation the file does not name is expected to conform.
            let baseline = expectations.byImplementation[name] ?? Baseline(expectedFailures: [])
            var gate = Gate(baseline: baseline).decide(record).record
            gate?.by = "the expected failures"
            return gate
        }
        let parity = Parity(
            seed: options.seed,
            implementations: zip(records, gates).enumerated().map { index, pair in
                let (record, gate) = pair
                let info = record.header.implementation
                return .init(
                    label: Parity.label(index), name: info.name, version: info.version, language: info.language,
                    verdict: record.verdict.overall,
                    gate: gate)
            },
            rules: Parity.rules(of: records, gates: gates),
            disagreements: stopped == nil
                ? disagreements(records, logs: logs, subjects: subjects, options: options) : [],
            interrupted: stopped, notRun: Array(suts.dropFirst(records.count)))
        console.out("")
        console.out(ParityReport.text(parity))
        let outputs: [(String?, () -> String)] = [
            (json, { RecordFormat.pretty(parity) }), (markdown, { ParityReport.markdown(parity) }),
            (html, { ParityReport.html(parity) }),
        ]
        for case let (path?, render) in outputs {
            guard OutputOptions.write(render(), to: path, console: console) else { return .failure }
            console.out("wrote \(path)")
        }
        if let stopped { return .stopped(by: stopped) }
        return parity.passed ? .success : .failure
    }

    /// Each failure of each implementation, its run replayed on every other one that declares the same capabilities.
    func disagreements(
        _ records: [RunRecord], logs: [ReplayLog], subjects: [any Implementation], options: ConformanceRunner.Options
    ) -> [Parity.Disagreement] {
        var result: [Parity.Disagreement] = []
        for (index, record) in records.enumerated() {
            for failure in record.failures {
                guard let replay = logs[index].replay(for: failure.replay), let run = replay.run else { continue }
                let cause = Gate.Failure(failure).cause
                var others: [String] = []
                for (other, subject) in subjects.enumerated() {
                    if other == index {
                        others.append("found here")
                        continue
                    }
                    guard records[other].suites.contains(where: { $0.suite == failure.suite }) else {
                        others.append("not run: it does not declare the \(failure.suite) suite")
                        continue
                    }
                    // Batching is how steps travel, not what is drawn: it never changes a run's case.
                    var mine = subject.capabilities, theirs = subjects[index].capabilities
                    (mine.batch, theirs.batch) = (false, false)
                    guard mine == theirs else {
                        let fields = records[index].header.capabilities.fields(
                            differingFrom: records[other].header.capabilities)
                        others.append(
                            "not compared: it declares other capabilities (\(fields.joined(separator: ", "))), so that "
                                + "run draws another case")
                        continue
                    }
                    var again = options
                    again.seed = replay.seed
                    again.suites = [replay.suite]
                    again.onlyRun = run
                    again.maxSteps = replay.maxSteps ?? options.maxSteps
                    var runner = ConformanceRunner(implementation: subject, options: again)
                    runner.replayText = { $0.description }
                    guard let replayed = try? runner.run() else {
                        others.append("not compared: the replay could not start")
                        continue
                    }
                    let causes = replayed.failures.map { Gate.Failure($0).cause }
                    others.append(
                        causes.isEmpty
                            ? "passes"
                            : causes.contains(cause)
                                ? "fails" : "fails otherwise: " + causes.joined(separator: "; "))
                }
                result.append(
                    .init(
                        id: failure.id, suite: failure.suite.rawValue, cause: cause,
                        found: Parity.label(index), replay: failure.replay, others: others))
            }
        }
        return result
    }
}
