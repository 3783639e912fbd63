import ArgumentParsing
import SampleImplementations

/// `flowcheck list-mutants`: the built-in mutants, realistic bugs the kit must catch.
struct ListMutantsCommand: Subcommand {
    static let definition = CommandDefinition(
        "list-mutants", abstract: "List the built-in mutants: realistic bugs the kit must catch.")

    init(_ parsed: ParsedArguments) {}

    func run(_ console: Console) -> ExitCode {
        for bug in SampleBug.allCases {
            let steps = "\(bug.minimalSteps) step\(bug.minimalSteps == 1 ? "" : "s")"
            let depth = bug.minimalDepth.map { " from a stack of about \($0) screens" } ?? ""
            console.out("builtin:mutant:\(bug.rawValue)\n    \(bug.summary) (minimal counterexample: \(steps)\(depth))")
        }
        for bug in DecoderBug.allCases {
            let nodes = "\(bug.minimalNodes) node\(bug.minimalNodes == 1 ? "" : "s")"
            let minimal = "a decoding-only implementation; minimal counterexample: a document of \(nodes)"
            console.out("builtin:mutant:\(bug.rawValue)\n    \(bug.summary) (\(minimal))")
        }
        for bug in ClientBug.allCases {
            let inputs = "\(bug.minimalRun) input\(bug.minimalRun == 1 ? "" : "s"), the session create included"
            console.out(
                "builtin:mutant:\(bug.rawValue)\n    \(bug.summary) (a RUF client bug, \(bug.rule); minimal counterexample: "
                    + "\(inputs))")
        }
        for many in ManyBugMutant.allCases {
            // A rejected document is blamed on every rule it falls under: a decoder's bug may show only beside another.
            let named =
                many.decoderBugs.isEmpty
                ? "each is named by a failure of its own"
                : "each is named by a failure of its own, or its rule left unresolved (never held) on a seed where "
                    + "every document showing it is rejected for another bug too"
            console.out("builtin:mutant:\(many.rawValue)\n    \(many.summary) (several bugs: \(named))")
        }
        return .success
    }
}
