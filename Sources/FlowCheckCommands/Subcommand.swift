import ArgumentParsing

/// One `flowcheck` command: its definition (options, flags, positionals), its typed arguments read from a
/// parsed command line, and what it does.
protocol Subcommand {
    /// What the command accepts, for the parser and the help page.
    static var definition: CommandDefinition { get }
    /// Reads the command's typed arguments; a value that does not parse is a usage error.
    init(_ parsed: ParsedArguments) throws(ArgumentError)
    /// Runs the command and returns its exit code.
    func run(_ console: Console) throws(ArgumentError) -> ExitCode
}
