import ArgumentParsing
import SampleImplementations

/// `flowcheck list-mutants`: the built-in mutants, realistic bugs the kit must catch.
struct ListMutantsCommand: Subcommand {
    static let definition = CommandDefinition(
        "list-mutants", abstract: "List the built-in mutants: realistic bugs the kit must catch.")

    init(_ parsed: ParsedArguments) {}

    func run(_ console: Console) -> ExitCode {
        for bug in SampleBug.allCases {
            console.out(
                "builtin:mutant:\(bug.rawValue)\n    \(bug.summary) (minimal counterexample: \(bug.minimalSteps) step\(bug.minimalSteps == 1 ? "" : "s"))"
            )
        }
        for bug in DecoderBug.allCases {
            console.out(
                "builtin:mutant:\(bug.rawValue)\n    \(bug.summary) (a decoding-only implementation; minimal counterexample: a document of at most 3 nodes)"
            )
        }
        return .success
    }
}
