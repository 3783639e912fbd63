import ArgumentParsing
import FlowCheck
import Foundation
import GoldenCorpus
import ProcessProtocol
import PropertyTesting
import Reports

extension FlowCheckCommand {
    static let corpusRunCommand = CommandDefinition(
        "run", abstract: "Run every golden case of the corpus against an implementation.",
        discussion: "Exit codes: 0 every judged case passed; 1 a case failed, errored or is malformed (or, with --baseline, a new failure or a stale entry); 2 a usage error; 3 the implementation could not be run.",
        options: [
            .init("sut", value: "implementation", help: "builtin:sample, builtin:mutant:<name>, or a command line."),
            .init("corpus", value: "folder", help: "The corpus folder.", default: "Corpus"),
            .init("json", value: "file", help: "Write the JSON-lines record here."),
            .init("shard", value: "i/n", help: "Run only shard i of n of the cases."),
            .init("step-timeout", value: "duration", help: "How long a process implementation may take per step.", default: "5s"),
        ] + Gating.options + ReportOutputs.options,
        flags: [.init("no-html", help: "Do not write the HTML report.")] + Gating.flags)

    static let certifyCommand = CommandDefinition(
        "certify", abstract: "Run the corpus and every declared suite at a certification budget, and write a certificate.",
        discussion: "Writes the HTML report and, next to it, <name>.certificate.json. Exit codes: 0 certified; 1 not certified or refused (every step errored); 2 a usage error; 3 the implementation could not be run.",
        options: [
            .init("sut", value: "implementation", help: "builtin:sample, builtin:mutant:<name>, or a command line."),
            .init("corpus", value: "folder", help: "The corpus folder.", default: "Corpus"),
            .init("seed", value: "S", help: "The seed.", default: "random, printed"),
            .init("runs", value: "N", help: "Runs per suite.", default: "2000"),
            .init("max-steps", value: "K", help: "The most steps in one run.", default: "30"),
            .init("step-timeout", value: "duration", help: "How long a process implementation may take per step.", default: "5s"),
            .init("json", value: "file", help: "Write the JSON-lines record here."),
            Gating.options[0],
        ] + ReportOutputs.options,
        flags: [.init("no-html", help: "Do not write the HTML report.")])

    static func loadCorpus(_ parsed: ParsedArguments, console: Console) -> (cases: [CorpusLoader.LoadedCase], malformed: [CorpusError]) {
        let (cases, errors) = CorpusLoader.load(corpus: URL(fileURLWithPath: parsed.value("corpus") ?? "Corpus", isDirectory: true))
        for error in errors { console.out("MALFORMED \(error)") }
        return (cases, errors)
    }

    static func printCases(_ results: [CorpusRun.CaseResult], console: Console) {
        for r in results {
            switch r.status {
            case .passed: console.out("PASS \(r.file)")
            case .skipped: console.out("SKIP \(r.file): \(r.message ?? "")")
            case .errored: console.out("ERROR \(r.file): \(r.message ?? "")")
            case .failed:
                console.out("FAIL \(r.file) at step \(r.step ?? 0) [\(r.rules.joined(separator: ", "))]: \(r.description)")
                console.out(TextReportIndent.indent(r.diff ?? "", 4))
            }
        }
        let counts = Dictionary(grouping: results, by: \.status).mapValues(\.count)
        console.out("corpus run: \(counts[.passed] ?? 0) passed, \(counts[.failed] ?? 0) failed, \(counts[.errored] ?? 0) errored, \(counts[.skipped] ?? 0) skipped")
    }

    static func runCorpus(_ parsed: ParsedArguments, console: Console) throws(ArgumentError) -> ExitCode {
        guard let sut = parsed.value("sut") else {
            throw ArgumentError(code: .missingValue, message: "corpus run needs --sut", commandPath: ["corpus", "run"])
        }
        let gating = try Gating(parsed)
        let shard = try Gating.shard(parsed)
        guard let implementation = try Gating.implementation(sut, stepTimeout: try parsed.duration("step-timeout") ?? .seconds(5),
                                                             commandPath: ["corpus", "run"], console: console) else { return .notRunnable }
        defer { (implementation as? ProcessImplementation)?.stop() }
        let (cases, malformed) = loadCorpus(parsed, console: console)
        let results = CorpusRun.run(cases, on: implementation, skip: gating.skip, shard: shard.map { ($0.index, $0.count) })
        printCases(results, console: console)

        let empty = ConformanceResult(kit: .current, implementation: implementation.info, capabilities: implementation.capabilities,
                                      notCertified: implementation.capabilities.notCertified, seed: 0, suites: [])
        let text = JSONLinesReport.lines(empty, shard: shard?.description, corpusHash: CorpusRun.hash(cases), cases: results).joined(separator: "\n") + "\n"
        if let path = parsed.value("json"), !ReportOutputs.write(text, to: path, console: console) { return .failure }
        let outputs = ReportOutputs(parsed, defaultHTML: "Reports/\(ReportOutputs.slug(implementation.info.name))-corpus.html")
        guard let input = try? ReportInput.read([("corpus", text)]), outputs.write(input, console: console) else { return .failure }

        let failures = results.filter { $0.status == .failed || $0.status == .errored }.map { ($0.id, $0.features) }
            + malformed.map { ($0.file, [String]()) }
        return gating.exitCode(failures: failures, insufficientCoverage: false, errored: false, console: console)
    }

    /// The certificate: what was certified, against which corpus and kit, with which seeds, and the verdict.
    struct Certificate: Encodable {
        var kit: KitInfo
        var corpusHash: String
        var implementation: ImplementationInfo
        var capabilities: Capabilities
        var notCertified: [String]
        var seed: UInt64
        var suiteSeeds: [String: UInt64]
        var runsPerSuite: Int
        var runs: Int
        var steps: Int
        var cases: [String: Int]
        var verdict: String
        var reasons: [String]
    }

    static func certify(_ parsed: ParsedArguments, console: Console) throws(ArgumentError) -> ExitCode {
        guard let sut = parsed.value("sut") else {
            throw ArgumentError(code: .missingValue, message: "certify needs --sut", commandPath: ["certify"])
        }
        let gating = try Gating(parsed)
        var generator = SystemRandomNumberGenerator()
        let options = ConformanceRunner.Options(
            seed: try parsed.unsigned("seed") ?? generator.next(), runs: try parsed.integer("runs", in: 1...10_000_000) ?? 2000,
            maxSteps: try parsed.integer("max-steps", in: 1...10_000) ?? 30, sut: sut)
        guard let implementation = try Gating.implementation(sut, stepTimeout: try parsed.duration("step-timeout") ?? .seconds(5),
                                                             commandPath: ["certify"], console: console) else { return .notRunnable }
        defer { (implementation as? ProcessImplementation)?.stop() }

        let (cases, malformed) = loadCorpus(parsed, console: console)
        let caseResults = CorpusRun.run(cases, on: implementation, skip: gating.skip)
        printCases(caseResults, console: console)
        let result = ConformanceRunner(implementation: implementation, options: options).run()
        console.out(TextReport.render(result))
        let corpusHash = CorpusRun.hash(cases)
        let text = JSONLinesReport.lines(result, corpusHash: corpusHash, cases: caseResults).joined(separator: "\n") + "\n"
        if let path = parsed.value("json"), !ReportOutputs.write(text, to: path, console: console) { return .failure }
        let slug = ReportOutputs.slug(implementation.info.name)
        let outputs = ReportOutputs(parsed, defaultHTML: "Reports/\(slug).html")
        guard let input = try? ReportInput.read([("certify", text)]), outputs.write(input, console: console) else { return .failure }

        let counts = Dictionary(grouping: caseResults, by: \.status).mapValues(\.count)
        var reasons: [String] = []
        let verdict: String
        if result.suites.allSatisfy({ $0.verdict == .errored }) && (counts[.passed] ?? 0) == 0 {
            verdict = "refused"
            reasons.append("every step errored: there is nothing to certify")
        } else {
            if result.verdict != .conforming { reasons.append("the suites are \(result.verdict.rawValue)") }
            if let failed = counts[.failed], failed > 0 { reasons.append("\(failed) golden case\(failed == 1 ? "" : "s") failed") }
            if let errored = counts[.errored], errored > 0 { reasons.append("\(errored) golden case\(errored == 1 ? "" : "s") errored") }
            if !malformed.isEmpty { reasons.append("\(malformed.count) malformed corpus file\(malformed.count == 1 ? "" : "s")") }
            verdict = reasons.isEmpty ? "certified" : "not certified"
        }
        let certificate = Certificate(
            kit: .current, corpusHash: corpusHash, implementation: implementation.info, capabilities: implementation.capabilities,
            notCertified: result.notCertified, seed: options.seed,
            suiteSeeds: Dictionary(uniqueKeysWithValues: result.suites.map { ($0.suite.rawValue, $0.seed) }),
            runsPerSuite: options.runs, runs: result.runs, steps: result.steps,
            cases: Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }), verdict: verdict, reasons: reasons)
        let folder = outputs.html.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? "Reports"
        let path = folder + "/\(slug).certificate.json"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(certificate),
              ReportOutputs.write(String(decoding: data, as: UTF8.self) + "\n", to: path, console: console) else { return .failure }
        console.out("wrote \(path)")
        console.out("Certificate: \(verdict.uppercased())" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")))
        return verdict == "certified" ? .success : .failure
    }
}

/// Indents multi-line text for the terminal.
enum TextReportIndent {
    static func indent(_ text: String, _ spaces: Int) -> String {
        let prefix = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}
