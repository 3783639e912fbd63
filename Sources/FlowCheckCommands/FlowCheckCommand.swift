import ArgumentParsing
import FlowCheck
import Foundation
import FlowSchema
import GoldenCorpus
import NavigationModel
import ProcessProtocol
import SampleImplementations

/// The `flowcheck` command line: `run`, `list-mutants` and `corpus verify`.
public enum FlowCheckCommand {
    static let runCommand = CommandDefinition(
        "run", abstract: "Check an implementation against the reference model.",
        discussion: """
            SUT is builtin:sample, builtin:mutant:<name> (see list-mutants), or a command line that speaks the
            JSON-lines process protocol. Same seed, same result: the seed is printed, and every failure comes
            with the command that replays it.

            EXIT CODES: 0 conforming; 1 a divergence, insufficient coverage, or a run that broke down;
            2 a usage error; 3 the implementation could not be run (it would not start, or broke the protocol at hello).
            """,
        options: [
            .init("sut", value: "implementation", help: "The implementation under test."),
            .init("suite", value: "names", help: "Suites to run, comma-separated: navigation, session.", default: "every declared suite", repeatable: true),
            .init("seed", value: "S", help: "The seed every random choice derives from.", default: "random, printed"),
            .init("runs", value: "N", help: "Runs per suite.", default: "400"),
            .init("max-steps", value: "K", help: "The most steps in one run.", default: "30"),
            .init("time-limit", value: "duration", help: "A wall-clock limit per suite, such as 30s."),
            .init("step-timeout", value: "duration", help: "How long a process implementation may take per step.", default: "5s"),
            .init("json", value: "file", help: "Write the JSON-lines record of the run to this file."),
            .init("shard", value: "i/n", help: "Run only shard i of n of every suite's runs; merge the shards' --json files with `flowcheck report`."),
            .init("save-failures", value: "folder", help: "Save each minimal counterexample as a golden case (such as Corpus)."),
            .init("spec", value: "file", help: "Generate sessions the way this app's server could: destinations from its actions' navigates_to."),
        ] + Gating.options + ReportOutputs.options,
        flags: [.init("no-html", help: "Do not write the HTML report.")] + Gating.flags)

    static let reportCommand = CommandDefinition(
        "report", abstract: "Render JSON-lines records (one run, or the shards of one run merged) as reports.",
        discussion: "Exit codes: 0 conforming; 1 not conforming; 2 a usage error or an unreadable input.",
        options: ReportOutputs.options,
        positionals: [.init("jsonl", help: "JSON-lines files written by run --json.", variadic: true)])

    static let root = CommandDefinition(
        "flowcheck", abstract: "A property-based conformance kit for server-driven navigation SDKs.",
        subcommands: [
            runCommand,
            reportCommand,
            CommandDefinition("list-mutants", abstract: "List the built-in mutants: realistic bugs the kit must catch."),
            certifyCommand,
            lintCommand,
            CommandDefinition("corpus", abstract: "Work with the golden cases of Corpus/.", subcommands: [
                CommandDefinition("verify", abstract: "Check every golden case against the reference model.",
                                  options: [.init("corpus", value: "folder", help: "The corpus folder.", default: "Corpus")]),
                corpusRunCommand,
            ]),
        ])

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String], console: Console = .standard) -> ExitCode {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, root: root)
        } catch {
            console.err("error: \(error.message)\n\n" + ArgumentParser.help(for: error.commandPath, root: root))
            return .usage
        }
        if parsed.helpRequested {
            console.out(ArgumentParser.help(for: parsed.commandPath, root: root))
            return .success
        }
        do {
            switch parsed.commandPath {
            case ["run"]: return try run(parsed, console: console)
            case ["report"]: return report(parsed, console: console)
            case ["list-mutants"]: return listMutants(console: console)
            case ["lint"]: return lint(parsed, console: console)
            case ["corpus", "verify"]: return verifyCorpus(parsed, console: console)
            case ["corpus", "run"]: return try runCorpus(parsed, console: console)
            case ["certify"]: return try certify(parsed, console: console)
            default:
                console.out(ArgumentParser.help(for: parsed.commandPath, root: root))
                return .usage
            }
        } catch {
            console.err("error: \(error.message)\n\n" + ArgumentParser.help(for: error.commandPath, root: root))
            return .usage
        }
    }

    static func listMutants(console: Console) -> ExitCode {
        for bug in SampleBug.allCases {
            console.out("builtin:mutant:\(bug.rawValue)\n    \(bug.summary) (minimal counterexample: \(bug.minimalSteps) step\(bug.minimalSteps == 1 ? "" : "s"))")
        }
        for bug in DecoderBug.allCases {
            console.out("builtin:mutant:\(bug.rawValue)\n    \(bug.summary) (decoding suite; minimal counterexample: a document of at most 3 nodes)")
        }
        return .success
    }

    static func verifyCorpus(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        let corpus = URL(fileURLWithPath: parsed.value("corpus") ?? "Corpus", isDirectory: true)
        let (cases, errors) = CorpusLoader.load(corpus: corpus)
        var passed = 0
        var failed = errors.count
        for error in errors { console.out("MALFORMED \(error)") }
        for loaded in cases {
            do {
                let mismatches = try CaseVerifier.verify(loaded.goldenCase)
                if mismatches.isEmpty {
                    passed += 1
                    console.out("PASS \(loaded.file) [\(loaded.goldenCase.rules.joined(separator: ", "))]")
                } else {
                    failed += 1
                    console.out("FAIL \(loaded.file): \(loaded.goldenCase.description)")
                    for mismatch in mismatches { console.out("  " + mismatch.description.replacingOccurrences(of: "\n", with: "\n  ")) }
                }
            } catch {
                failed += 1
                console.out("FAIL \(loaded.file): \(error)")
            }
        }
        let (decodingCases, decodingErrors) = DecodingCase.load(corpus: corpus)
        for error in decodingErrors { console.out("MALFORMED \(error)") }
        failed += decodingErrors.count
        for (file, c) in decodingCases {
            if c.expected.isMet(by: FlowDecoder.decode(c.text)) {
                passed += 1
                console.out("PASS \(file) [\(c.rules.joined(separator: ", "))]")
            } else {
                failed += 1
                console.out("FAIL \(file): \(c.description)\n  decoded: \(FlowDecoder.decode(c.text))")
            }
        }
        if cases.isEmpty && errors.isEmpty && decodingCases.isEmpty {
            console.err("error: no cases found under \(corpus.path)")
            return .failure
        }
        console.out("corpus verify: \(passed) passed, \(failed) failed")
        return failed == 0 ? .success : .failure
    }
}
