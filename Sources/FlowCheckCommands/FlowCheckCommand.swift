import ArgumentParsing
import FlowCheckCore

/// The `flowcheck` command line: every command is a ``Subcommand`` struct; this type parses and dispatches.
package enum FlowCheckCommand {
    /// Every command, by the path that names it.
    static var commands: [(path: [String], type: any Subcommand.Type)] {
        [
            (["run"], RunCommand.self),
            (["serve"], ServeCommand.self),
            (["compare"], CompareCommand.self),
            (["report"], ReportCommand.self),
            (["list-mutants"], ListMutantsCommand.self),
            (["certify"], CertifyCommand.self),
            (["lint"], LintCommand.self),
            (["corpus", "verify"], CorpusVerifyCommand.self),
            (["corpus", "run"], CorpusRunCommand.self),
        ]
    }

    static let root = CommandDefinition(
        "flowcheck", abstract: "A property-based conformance kit for server-driven navigation SDKs.",
        flags: [.init("version", help: "Print the kit's version.")],
        subcommands: [
            RunCommand.definition, ServeCommand.definition, CompareCommand.definition, ReportCommand.definition,
            ListMutantsCommand.definition,
            CertifyCommand.definition,
            LintCommand.definition,
            CommandDefinition(
                "corpus", abstract: "Work with the golden cases of Corpus/.",
                subcommands: [CorpusVerifyCommand.definition, CorpusRunCommand.definition]),
        ])

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    package static func main(_ arguments: [String], console: Console = .standard) -> ExitCode {
        // `flowcheck help run` is `flowcheck run --help`.
        if arguments.first == "help" { return main(Array(arguments.dropFirst()) + ["--help"], console: console) }
        do {
            let parsed = try ArgumentParser.parse(arguments, root: root)
            if parsed.commandPath.isEmpty && parsed.flag("version") {
                console.out("\(KitInfo.current.name) \(KitInfo.current.version)")
                return .success
            }
            if parsed.helpRequested {
                console.out(ArgumentParser.help(for: parsed.commandPath, root: root))
                return .success
            }
            guard let command = commands.first(where: { $0.path == parsed.commandPath })?.type else {
                console.out(ArgumentParser.help(for: parsed.commandPath, root: root))
                return .usage
            }
            return try command.init(parsed).run(console)
        } catch {
            console.err(ArgumentParser.usageError(error, root: root))
            return .usage
        }
    }

    /// The help page of every command, by path, for documentation and snapshot tests.
    package static var helpPages: [(path: [String], text: String)] {
        ([[]] + [["corpus"]] + commands.map(\.path)).map { ($0, ArgumentParser.help(for: $0, root: root)) }
    }
}
