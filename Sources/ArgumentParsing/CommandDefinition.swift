/// What a command accepts: options, flags, positional arguments and subcommands.
public struct CommandDefinition: Sendable {
    /// An option that takes a value: `--seed 42` or `--seed=42`.
    public struct Option: Sendable {
        public var name: String
        public var short: Character?
        public var valueName: String
        public var help: String
        /// Shown in help as the default; the parser does not apply it.
        public var defaultDescription: String?
        public var repeatable: Bool

        public init(_ name: String, short: Character? = nil, value valueName: String, help: String,
                    default defaultDescription: String? = nil, repeatable: Bool = false) {
            self.name = name
            self.short = short
            self.valueName = valueName
            self.help = help
            self.defaultDescription = defaultDescription
            self.repeatable = repeatable
        }
    }

    /// An option without a value: `--verbose`.
    public struct Flag: Sendable {
        public var name: String
        public var short: Character?
        public var help: String

        public init(_ name: String, short: Character? = nil, help: String) {
            self.name = name
            self.short = short
            self.help = help
        }
    }

    /// A positional argument.
    public struct Positional: Sendable {
        public var name: String
        public var help: String
        /// Whether it takes every remaining argument.
        public var variadic: Bool
        public var optional: Bool

        public init(_ name: String, help: String, variadic: Bool = false, optional: Bool = false) {
            self.name = name
            self.help = help
            self.variadic = variadic
            self.optional = optional
        }
    }

    public var name: String
    /// One line saying what the command does.
    public var abstract: String
    /// More text for the help page.
    public var discussion: String?
    public var options: [Option]
    public var flags: [Flag]
    public var positionals: [Positional]
    public var subcommands: [CommandDefinition]

    public init(_ name: String, abstract: String, discussion: String? = nil, options: [Option] = [], flags: [Flag] = [],
                positionals: [Positional] = [], subcommands: [CommandDefinition] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.flags = flags
        self.positionals = positionals
        self.subcommands = subcommands
    }
}
