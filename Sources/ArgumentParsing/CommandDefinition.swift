/// What a command accepts: options, flags, positional arguments and subcommands.
package struct CommandDefinition: Sendable {
    /// An option that takes a value: `--seed 42` or `--seed=42`.
    package struct Option: Sendable {
        /// The long name, without `--`.
        package var name: String
        /// The one-letter name, without `-`.
        package var short: Character?
        /// What help calls the value, such as `seed` in `--seed <seed>`.
        package var valueName: String
        /// One line for the help page.
        package var help: String
        /// Shown in help as the default; the parser does not apply it.
        package var defaultDescription: String?
        /// Whether the option may be given more than once; its values are then collected in order.
        package var repeatable: Bool
        /// Whether the command cannot run without it; the usage line shows it without brackets.
        package var required: Bool

        /// Creates an option.
        package init(
            _ name: String, short: Character? = nil, value valueName: String, help: String,
            default defaultDescription: String? = nil, repeatable: Bool = false, required: Bool = false
        ) {
            self.name = name
            self.short = short
            self.valueName = valueName
            self.help = help
            self.defaultDescription = defaultDescription
            self.repeatable = repeatable
            self.required = required
        }
    }

    /// An option without a value: `--verbose`.
    package struct Flag: Sendable {
        /// The long name, without `--`.
        package var name: String
        /// The one-letter name, without `-`.
        package var short: Character?
        /// One line for the help page.
        package var help: String

        /// Creates a flag.
        package init(_ name: String, short: Character? = nil, help: String) {
            self.name = name
            self.short = short
            self.help = help
        }
    }

    /// A positional argument.
    package struct Positional: Sendable {
        /// What help calls the argument.
        package var name: String
        /// One line for the help page.
        package var help: String
        /// Whether it takes every remaining argument.
        package var variadic: Bool
        /// Whether the command runs without it.
        package var optional: Bool

        /// Creates a positional argument.
        package init(_ name: String, help: String, variadic: Bool = false, optional: Bool = false) {
            self.name = name
            self.help = help
            self.variadic = variadic
            self.optional = optional
        }
    }

    /// The command's name, as typed.
    package var name: String
    /// One line saying what the command does.
    package var abstract: String
    /// More text for the help page.
    package var discussion: String?
    /// The options it accepts.
    package var options: [Option]
    /// The flags it accepts.
    package var flags: [Flag]
    /// Its positional arguments, in order.
    package var positionals: [Positional]
    /// Its subcommands; a command with subcommands runs one of them.
    package var subcommands: [CommandDefinition]
    /// Options of which exactly one must be given (`--sut` or `--server`), by name; empty for none.
    package var oneOf: [String]

    /// Creates a command definition.
    package init(
        _ name: String, abstract: String, discussion: String? = nil, options: [Option] = [], flags: [Flag] = [],
        positionals: [Positional] = [], subcommands: [CommandDefinition] = [], oneOf: [String] = []
    ) {
        self.oneOf = oneOf
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.flags = flags
        self.positionals = positionals
        self.subcommands = subcommands
    }
}
