import Foundation
import GoldenCorpus
import NavigationModel

// `flowcheck`: the kit's command line. Exit codes: 0 conforming, 1 a failure, 2 a usage error.

let usage = """
    USAGE: flowcheck corpus verify [--corpus <folder>]

    SUBCOMMANDS:
      corpus verify   Check every golden case of the corpus against the reference model.

    OPTIONS:
      --corpus <folder>   The corpus folder (default: Corpus).
      -h, --help          Show this help.
    """

func fail(usage message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\n\(usage)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(arguments.isEmpty ? 2 : 0)
}
guard arguments.starts(with: ["corpus", "verify"]) else { fail(usage: "unknown subcommand \"\(arguments.joined(separator: " "))\"") }
arguments.removeFirst(2)
var corpusPath = "Corpus"
while let option = arguments.first {
    arguments.removeFirst()
    switch option {
    case "--corpus":
        guard let value = arguments.first else { fail(usage: "--corpus needs a folder") }
        corpusPath = value
        arguments.removeFirst()
    default:
        fail(usage: "unknown option \"\(option)\"")
    }
}

let corpus = URL(fileURLWithPath: corpusPath, isDirectory: true)
let (cases, errors) = CorpusLoader.load(corpus: corpus)
var passed = 0
var failed = errors.count
for error in errors {
    print("MALFORMED \(error)")
}
for loaded in cases {
    do {
        let mismatches = try CaseVerifier.verify(loaded.goldenCase)
        if mismatches.isEmpty {
            passed += 1
            print("PASS \(loaded.file) [\(loaded.goldenCase.rules.joined(separator: ", "))]")
        } else {
            failed += 1
            print("FAIL \(loaded.file): \(loaded.goldenCase.description)")
            for mismatch in mismatches { print("  " + mismatch.description.replacingOccurrences(of: "\n", with: "\n  ")) }
        }
    } catch {
        failed += 1
        print("FAIL \(loaded.file): \(error)")
    }
}
if cases.isEmpty && errors.isEmpty {
    print("no cases found under \(corpus.path)")
    exit(1)
}
print("corpus verify: \(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
