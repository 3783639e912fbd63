import ArgumentParsing
import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckGating
import FlowCheckRecords
import FlowCheckSuites
import Foundation
import GoldenCorpus
import JSON
import ProcessProtocol
import PropertyTesting

/// `flowcheck corpus run`: runs every golden case of the corpus against an implementation.
struct CorpusRunCommand: Subcommand {
    static let defaultHTML = "Reports/<implementation>-corpus.html"
    static let definition = CommandDefinition(
        "run", abstract: "Run every golden case of the corpus against an implementation.",
        discussion: """
            EXIT CODES: 0 every judged case passed; 1 a case failed, errored or is malformed, or none could be judged
            (or, with --baseline, a new failure or a stale entry); 2 a usage error; 3 the implementation could not be run;
            129, 130 or 143 stopped by SIGHUP, SIGINT or SIGTERM (the results so far are written, marked interrupted).
            """,
        options: ImplementationOptions.options + [
            CorpusVerifyCommand.corpus.definition, GatingOptions.shard.definition,
        ]
            + OutputOptions.options(defaultHTML: defaultHTML) + GatingOptions.options,
        flags: OutputOptions.flags + GatingOptions.flags)

    var implementation: ImplementationOptions
    var corpus: String
    /// Whether `--corpus` was given (else the corpus was looked for).
    var corpusGiven: Bool
    var shard: Shard?
    var outputs: OutputOptions
    var gating: GatingOptions

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        implementation = try ImplementationOptions(parsed)
        let given = try parsed.value(CorpusVerifyCommand.corpus)
        corpusGiven = given != nil
        corpus = CorpusLocation.resolve(given: given)
        shard = try parsed.value(GatingOptions.shard)
        outputs = try OutputOptions(parsed, defaultHTML: Self.defaultHTML)
        gating = try GatingOptions(parsed)
    }

    func run(_ console: Console) throws(ArgumentError) -> ExitCode {
        try Self.requireCases(corpus, given: corpusGiven, skip: gating.skipList, commandPath: ["corpus", "run"])
        guard let subject = try implementation.start(console, commandPath: ["corpus", "run"]) else {
            return console.stop?.reason.map(ExitCode.stopped) ?? .notRunnable
        }
        defer { (subject as? ProcessImplementation)?.stop() }
        let started = ContinuousClock.now
        let corpusRun = Self.runCases(corpus, on: subject, skip: gating.skipList, shard: shard, console: console)
        let elapsed = ContinuousClock.now - started
        let header = RunHeader(
            kit: .current, implementation: subject.info, capabilities: subject.capabilities.recorded, notCertified: [],
            seed: 0, suites: [], shard: shard?.description, corpusHash: corpusRun.hash)
        let (record, decision) = gating.gated(
            RunRecord(
                header: header, suites: [], failures: [], errors: [], cases: corpusRun.cases,
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                interrupted: console.stop?.reason))
        console.out("Verdict: \(record.verdict.sentence)")
        guard outputs.write(record, console: console) else { return .failure }
        if let reason = record.interrupted { return .stopped(by: reason) }
        return gating.exitCode(record, decision: decision, console: console)
    }

    /// A corpus folder without a single case is a usage error (a wrong `--corpus`, or a run outside the checkout),
    /// never a run that judged nothing.
    /// So is a skip list naming a case the corpus does not hold (a misspelt or stale entry would skip nothing).
    static func requireCases(
        _ corpus: String, given: Bool, skip: SkipList, commandPath: [String]
    ) throws(ArgumentError) {
        let folder = URL(fileURLWithPath: corpus, isDirectory: true)
        let formats = SuiteRegistry.goldenCases(in: folder)
        if formats.allSatisfy(\.isEmpty) {
            throw ArgumentError(
                code: .invalidValue,
                message: CorpusLocation.noCases(under: folder, given: given),
                commandPath: commandPath)
        }
        let ids = Set(formats.flatMap(\.ids))
        if let unknown = skip.unknownCases(among: ids).first {
            throw ArgumentError(
                code: .invalidValue,
                message:
                    "--skip: \(unknown.jsonPath) names \"\(unknown.id)\", which is no golden case under \(folder.path) "
                    + "and no counterexample id",
                commandPath: commandPath)
        }
    }

    /// Loads the corpus and runs its cases (or this shard's); malformed files become errored cases, so every
    /// report counts them.
    static func runCases(
        _ corpus: String, on implementation: any Implementation, skip: SkipList, shard: Shard?, strict: Bool = false,
        quiet: Bool = false, console: Console
    ) -> (cases: [CaseRecord], hash: String) {
        let folder = URL(fileURLWithPath: corpus, isDirectory: true)
        let formats = SuiteRegistry.goldenCases(in: folder)
        var results = formats.flatMap {
            $0.run(
                implementation, { skip.reason(id: $0, features: $1) }, shard.map { ($0.index, $0.count) }, console.stop)
        }
        for error in formats.flatMap(\.errors) {
            var record = CaseRecord(
                id: error.file, file: error.file, suite: CaseRecord.unreadableFile,
                description: "a golden case file that could not be read",
                features: [], rules: [], level: .must, status: .errored)
            record.message = "\(error)"
            results.append(record)
        }
        print(results, strict: strict, quiet: quiet, console: console)
        return (results, CorpusRun.hash(formats))
    }

    /// One line per case, `DEVIATION` for a failed case about SHOULD rules only (unless `strict`), and the tally;
    /// `quiet` leaves out the passed and skipped cases (certify's tally says how many).
    static func print(_ results: [CaseRecord], strict: Bool, quiet: Bool = false, console: Console) {
        for r in results where !quiet || (r.status != .passed && r.status != .skipped) {
            // A case run under another profile than its own is named `file@profile`, a file's vector `file#n`.
            let name =
                r.file + (r.id.split(separator: "@").dropFirst().first.map { "@\($0)" } ?? "")
                + (r.id.split(separator: "#").dropFirst().last.map { "#\($0)" } ?? "")
            switch r.status {
            case .passed: console.out("PASS \(name)")
            case .skipped: console.out("SKIP \(name): \(r.message ?? "")")
            case .errored:
                console.out("ERROR \(name): \(r.message ?? "")")
                if let diff = r.diff { console.out(TextReport.indent(diff, 4)) }
            case .failed:
                let broken = r.broken.map {
                    " broke \($0.joined(separator: ", ")) (the case is about \(r.rules.joined(separator: ", ")))"
                }
                // A case about SHOULD rules only is a deviation unless the run is strict: said, not hidden.
                let deviation = r.level == .should && !strict
                console.out(
                    (deviation
                        ? "DEVIATION \(name) (SHOULD rules only: fails nothing without --strict)" : "FAIL \(name)")
                        + "\(r.step.map { " at step \($0)" } ?? "")"
                        + (broken ?? " [\(r.rules.joined(separator: ", "))]") + ": \(r.description)"
                        + (r.message.map { " (\($0))" } ?? ""))
                console.out(TextReport.indent(r.diff ?? "", 4))
            }
        }
        let counts = Dictionary(grouping: results, by: \.status).mapValues(\.count)
        let deviations = strict ? 0 : results.filter { $0.status == .failed && $0.level == .should }.count
        console.out(
            "corpus run: \(counts[.passed] ?? 0) passed, \((counts[.failed] ?? 0) - deviations) failed, "
                + (deviations > 0
                    ? "\(deviations) \(deviations == 1 ? "deviation" : "deviations") from SHOULD rules, " : "")
                + "\(counts[.errored] ?? 0) errored, \(counts[.skipped] ?? 0) skipped")
    }
}
