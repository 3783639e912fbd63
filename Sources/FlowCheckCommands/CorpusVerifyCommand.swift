import ArgumentParsing
import FlowCheckEngine
import FlowCheckSuites
import Foundation
import GoldenCorpus

/// `flowcheck corpus verify`: checks every golden case against the reference model.
struct CorpusVerifyCommand: Subcommand {
    static let corpus = TypedOption<String>.text(
        "corpus", value: "folder",
        help:
            "The corpus folder; by default ./Corpus, else the Corpus folder of the kit's checkout this flowcheck "
            + "was built in."
    )
    static let definition = CommandDefinition(
        "verify", abstract: "Check every golden case against the reference model.",
        options: [corpus.definition])

    var corpus: String
    /// Whether `--corpus` was given (else the corpus was looked for).
    var corpusGiven: Bool

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        let given = try parsed.value(Self.corpus)
        corpusGiven = given != nil
        corpus = CorpusLocation.resolve(given: given)
    }

    func run(_ console: Console) -> ExitCode {
        let folder = URL(fileURLWithPath: corpus, isDirectory: true)
        let formats = SuiteRegistry.goldenCases(in: folder)
        var passed = 0
        var failed = 0
        for format in formats {
            for error in format.errors { console.out("MALFORMED \(error)") }
            failed += format.errors.count
            for verified in format.verify() {
                for line in verified.lines { console.out(line) }
                if verified.held { passed += 1 } else { failed += 1 }
            }
        }
        if formats.allSatisfy(\.isEmpty) {
            console.err("error: " + CorpusLocation.noCases(under: folder, given: corpusGiven))
            return .failure
        }
        console.out("corpus verify: \(passed) passed, \(failed) failed")
        return failed == 0 ? .success : .failure
    }
}
