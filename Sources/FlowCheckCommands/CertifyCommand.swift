import ArgumentParsing
import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckEngine
import FlowCheckGating
import FlowCheckRecords
import FlowCheckSuites
import Foundation
import ProcessProtocol
import PropertyTesting
import Reports

/// `flowcheck certify`: the corpus and every declared suite at a certification budget, and a certificate.
struct CertifyCommand: Subcommand {
    static let defaultRuns = 2000
    static let defaultHTML = "Reports/<implementation>.html"
    static let definition = CommandDefinition(
        "certify",
        abstract: "Run the corpus and every declared suite at a certification budget, and write a certificate.",
        discussion: """
            Writes the HTML report and, next to it, <implementation>.certificate.json.

            With --serve, SUT is a client SDK's test harness certified as flowcheck serve runs it: the kit is its
            RUF server, its requests are read off the network (RUF-REQUEST-WIRE among the rules certified), and the
            files are <implementation>-served.html and <implementation>-served.certificate.json.

            EXIT CODES: 0 certified; 1 not certified or refused (nothing could be run); 2 a usage error; 3 the implementation
            could not be run; 129, 130 or 143 stopped by SIGHUP, SIGINT or SIGTERM (the results so far are written, not certified).
            """,
        options: ImplementationOptions.optionsWithServer + [CorpusVerifyCommand.corpus.definition] + SpecOptions.options
            + BudgetOptions.options(defaultRuns: defaultRuns) + [ServeCommand.port.definition]
            + OutputOptions.options(defaultHTML: defaultHTML) + [GatingOptions.skip.definition],
        flags: OutputOptions.flags + [
            GatingOptions.strictFlag,
            .init(
                "serve",
                help: "Certify a client SDK's harness over HTTP, as flowcheck serve runs it (on --port)."),
            .init(
                "verbose",
                help: "Print a line for every golden case (by default only those that failed, errored or deviated)."),
        ], oneOf: ["sut", "server"])

    var implementation: ImplementationOptions
    var spec: SpecOptions
    var corpus: String
    /// Whether `--corpus` was given (else the corpus was looked for).
    var corpusGiven: Bool
    var budget: BudgetOptions
    var outputs: OutputOptions
    var gating: GatingOptions
    /// `--strict`: certify SHOULD rules too.
    var strict: Bool
    /// `--verbose`: a line for every golden case, passed and skipped ones too.
    var verbose: Bool
    /// `--serve`: the client suite through the kit's HTTP server, on `port`.
    var serve: Bool
    var port: Int

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        implementation = try ImplementationOptions(parsed)
        spec = try SpecOptions(parsed, implementation: implementation)
        let given = try parsed.value(CorpusVerifyCommand.corpus)
        corpusGiven = given != nil
        corpus = CorpusLocation.resolve(given: given)
        budget = try BudgetOptions(parsed, defaultRuns: Self.defaultRuns)
        serve = parsed.flag("serve")
        port = try parsed.value(ServeCommand.port, or: 0)
        outputs = try OutputOptions(parsed, defaultHTML: serve ? ServeCommand.defaultHTML : Self.defaultHTML)
        gating = try GatingOptions(parsed)
        strict = parsed.flag("strict")
        verbose = parsed.flag("verbose")
        if serve && implementation.server != nil {
            throw ArgumentError(
                code: .invalidValue,
                message: "--serve certifies a client over HTTP, --server a backend: give one of them",
                commandPath: parsed.commandPath)
        }
        if parsed.value("port") != nil && !serve {
            throw ArgumentError(
                code: .invalidValue, message: "--port is the port of the kit's server under --serve; add --serve",
                commandPath: parsed.commandPath)
        }
    }

    func run(_ console: Console) throws(ArgumentError) -> ExitCode {
        // A backend is certified by its generated runs alone: the kit's corpus holds no sessions of its spec.
        let usesCorpus = implementation.server == nil
        if usesCorpus {
            try CorpusRunCommand.requireCases(
                corpus, given: corpusGiven, skip: gating.skipList, commandPath: ["certify"])
        }
        var spec = spec
        let specPlan = try spec.plan(console, commandPath: ["certify"])
        let started: (any Implementation)? =
            serve
            ? try ServeCommand.start(implementation, port: port, console: console, commandPath: ["certify"])
            : try implementation.start(console, commandPath: ["certify"])
        guard let subject = started else { return console.stop?.reason.map(ExitCode.stopped) ?? .notRunnable }
        defer {
            (subject as? ProcessImplementation)?.stop()
            (subject as? ServedClient)?.stop()
        }
        let start = ContinuousClock.now
        let corpusRun =
            usesCorpus
            ? CorpusRunCommand.runCases(
                corpus, on: subject, skip: gating.skipList, shard: nil, strict: strict, quiet: !verbose,
                console: console)
            : (cases: [], hash: nil)
        let corpusTime = ContinuousClock.now - start
        var options = ConformanceRunner.Options(
            seed: budget.seed, runs: budget.runs, maxSteps: budget.maxSteps, timeLimit: budget.timeLimit,
            spec: specPlan, maxFailures: budget.maxFailures, jobs: serve ? 1 : budget.jobs)
        options.strict = strict
        var runner = ConformanceRunner(implementation: subject, options: options)
        var replay = implementation.replay(spec: specPlan)
        if serve { replay.command = "serve" }
        runner.replayText = replay.text
        runner.stop = console.stop
        runner.workerNotice = { console.err("flowcheck: \($0)") }
        var record: RunRecord
        do { record = try runner.run() } catch {
            console.err("error: \(error.message)")
            return .usage
        }
        var header = record.header
        header.corpusHash = corpusRun.hash
        record = RunRecord(
            header: header, suites: record.suites, failures: record.failures, errors: record.errors,
            cases: corpusRun.cases,
            seconds: record.seconds + Double(corpusTime.components.seconds)
                + Double(corpusTime.components.attoseconds) / 1e18,
            interrupted: console.stop?.reason)
        console.out(TextReport.render(record))
        guard outputs.write(record, console: console) else { return .failure }
        var certificate = Certificate(record: record, runsPerSuite: budget.runs)
        if spec.lintErrors > 0 {
            if certificate.decision == .certified { certificate.decision = .notCertified }
            certificate.reasons.append(
                "the spec has \(counted(spec.lintErrors, "lint error")) (`flowcheck lint` lists them): a contract that "
                    + "breaks its own format certifies nothing")
        }
        let slug = ReportFileName.slug(subject.info.name) + (serve ? "-served" : "")
        // Next to the HTML report, in the same spelling (relative stays relative).
        let folder = outputs.html.map { ($0 as NSString).deletingLastPathComponent } ?? "Reports"
        let path = (folder.isEmpty ? "." : folder as NSString).appendingPathComponent("\(slug).certificate.json")
        guard OutputOptions.write(RecordFormat.pretty(certificate), to: path, console: console) else { return .failure }
        console.out("wrote \(path)")
        console.out(
            "Certificate: \(certificate.decision.rawValue.uppercased())"
                + (certificate.reasons.isEmpty ? "" : ": " + certificate.reasons.joined(separator: "; ")))
        console.out(
            "Level: \(certificate.level) rules"
                + (strict
                    ? " (--strict)"
                    : "; deviations from SHOULD rules are listed in it and not counted (--strict counts them)")
                + (certificate.deviations > 0 ? ": \(counted(certificate.deviations, "deviation")) listed" : "")
                + Self.deviationSources(golden: certificate.cases["deviations"] ?? 0, total: certificate.deviations))
        if !certificate.unresolved.isEmpty {
            // A level names what is vouched for: a rule the run could not judge is not, and says so beside it.
            console.out(
                "Not vouched for: \(counted(certificate.unresolved.count, "rule")) at that level unresolved ("
                    + certificate.unresolved.joined(separator: ", ")
                    + "): units blamed on them diverged and no case of their own was found")
        }
        if budget.runs < Self.defaultRuns {
            // Not refused (a quick certificate has its uses), but never mistaken for one at the full budget.
            console.out(
                "Budget: \(budget.runs) runs per suite, below certification's \(Self.defaultRuns): the certificate "
                    + "records it (runsPerSuite)")
        }
        if let reason = record.interrupted { return .stopped(by: reason) }
        return certificate.decision == .certified ? .success : .failure
    }

    /// Where the deviations come from, when both the golden cases and the suites' runs found some.
    static func deviationSources(golden: Int, total: Int) -> String {
        guard golden > 0, golden < total else { return "" }
        return " (\(counted(golden, "golden case")), \(counted(total - golden, "failure")) found by the suites)"
    }
}
