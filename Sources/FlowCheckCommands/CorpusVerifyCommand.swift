import ArgumentParsing
import FlowCheck
import FlowSchema
import FlowCheckClientSuite
import Foundation
import GoldenCorpus

/// `flowcheck corpus verify`: checks every golden case against the reference model.
struct CorpusVerifyCommand: Subcommand {
    static let corpus = TypedOption<String>.text(
        "corpus", value: "folder", help: "The corpus folder.", default: "Corpus")
    static let definition = CommandDefinition(
        "verify", abstract: "Check every golden case against the reference model.",
        options: [corpus.definition])

    var corpus: String

    init(_ parsed: ParsedArguments) throws(ArgumentError) { corpus = try parsed.value(Self.corpus, or: "Corpus") }

    func run(_ console: Console) -> ExitCode {
        let folder = URL(fileURLWithPath: corpus, isDirectory: true)
        let (cases, errors) = CorpusLoader.load(corpus: folder)
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
                    for mismatch in mismatches {
                        console.out("  " + mismatch.description.replacingOccurrences(of: "\n", with: "\n  "))
                    }
                }
            } catch {
                failed += 1
                console.out("FAIL \(loaded.file): \(error)")
            }
        }
        let (decodingCases, decodingErrors) = DecodingCase.load(corpus: folder)
        for error in decodingErrors { console.out("MALFORMED \(error)") }
        failed += decodingErrors.count
        for (file, c) in decodingCases {
            let decoded = FlowDecoder.decode(c.text)
            if c.expected.isMet(by: decoded) {
                passed += 1
                console.out("PASS \(file) [\(c.rules.joined(separator: ", "))]")
            } else {
                failed += 1
                console.out("FAIL \(file): \(c.description)")
                console.out("  the reference decoder differs from the case (- expected, + decoded):")
                let diff = DecodingAnalysis.diff(c.expected.outcome, decoded)
                console.out("  " + diff.replacingOccurrences(of: "\n", with: "\n  "))
            }
        }
        let (clientCases, clientErrors) = ClientGoldenCase.load(corpus: folder)
        for error in clientErrors { console.out("MALFORMED \(error)") }
        failed += clientErrors.count
        for (file, c) in clientCases {
            do {
                let mismatches = try ClientCaseVerifier.verify(c)
                if mismatches.isEmpty {
                    passed += 1
                    console.out("PASS \(file) [\(c.rules.joined(separator: ", "))]")
                } else {
                    failed += 1
                    console.out("FAIL \(file): \(c.description)")
                    for mismatch in mismatches {
                        console.out("  " + mismatch.description.replacingOccurrences(of: "\n", with: "\n  "))
                    }
                }
            } catch {
                failed += 1
                console.out("FAIL \(file): \(error)")
            }
        }
        if cases.isEmpty && errors.isEmpty && decodingCases.isEmpty && clientCases.isEmpty && clientErrors.isEmpty {
            console.err("error: no cases found under \(folder.path)")
            return .failure
        }
        console.out("corpus verify: \(passed) passed, \(failed) failed")
        return failed == 0 ? .success : .failure
    }
}
