/// A usage error, with a message that names the argument and the command.
package struct ArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of usage error this is.
    package struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's name, such as `unknownOption`.
        package var rawValue: String
        /// Creates a code from its name.
        package init(rawValue: String) { self.rawValue = rawValue }

        /// An option or flag the command does not define.
        package static let unknownOption = Code(rawValue: "unknownOption")
        /// An option given without its value.
        package static let missingValue = Code(rawValue: "missingValue")
        /// A non-repeatable option given twice.
        package static let repeatedOption = Code(rawValue: "repeatedOption")
        /// A subcommand the command does not define.
        package static let unknownSubcommand = Code(rawValue: "unknownSubcommand")
        /// A command that needs a subcommand got none.
        package static let missingSubcommand = Code(rawValue: "missingSubcommand")
        /// A positional argument the command does not take.
        package static let unexpectedArgument = Code(rawValue: "unexpectedArgument")
        /// A required positional argument is missing.
        package static let missingArgument = Code(rawValue: "missingArgument")
        /// A value that does not parse as what the option needs, such as a seed or a duration.
        package static let invalidValue = Code(rawValue: "invalidValue")
    }

    /// What kind of error this is.
    package var code: Code
    /// What is wrong, naming the argument.
    package var message: String
    /// The subcommand path the error belongs to, for the help to show with it.
    package var commandPath: [String]

    /// Creates a usage error.
    package init(code: Code, message: String, commandPath: [String]) {
        self.code = code
        self.message = message
        self.commandPath = commandPath
    }

    package var description: String { message }
}

/// The parsed command line.
package struct ParsedArguments: Hashable, Sendable {
    /// The subcommands chosen, such as `["corpus", "verify"]`.
    package var commandPath: [String]
    /// Option values by name, in the order given.
    package var options: [String: [String]]
    /// Flags given.
    package var flags: Set<String>
    /// Positional arguments, in order.
    package var positionals: [String]
    /// Whether `-h` or `--help` was given.
    package var helpRequested: Bool

    /// The last value of an option.
    package func value(_ name: String) -> String? { options[name]?.last }
    /// Every value of an option.
    package func values(_ name: String) -> [String] { options[name] ?? [] }
    /// Whether a flag was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }

    /// An integer option in `range`, or `nil` when absent.
    package func integer(_ name: String, in range: ClosedRange<Int> = 0...Int.max) throws(ArgumentError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw ArgumentError(
                code: .invalidValue,
                message:
                    "--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"",
                commandPath: commandPath)
        }
        return number
    }

    /// An unsigned 64-bit option (a seed), or `nil` when absent.
    package func unsigned(_ name: String) throws(ArgumentError) -> UInt64? {
        guard let text = value(name) else { return nil }
        guard let number = UInt64(text) else {
            throw ArgumentError(
                code: .invalidValue, message: "--\(name) takes a whole number from 0 to \(UInt64.max), not \"\(text)\"",
                commandPath: commandPath)
        }
        return number
    }

    /// A duration option such as `30s`, `500ms` or `2m`, or `nil` when absent.
    package func duration(_ name: String) throws(ArgumentError) -> Duration? {
        guard let text = value(name) else { return nil }
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let number = Double(text.dropLast(suffix.count)), number >= 0, number.isFinite {
                return .milliseconds(Int64((number * scale * 1000).rounded()))
            }
        }
        throw ArgumentError(
            code: .invalidValue, message: "--\(name) takes a duration such as 30s, 500ms or 2m, not \"\(text)\"",
            commandPath: commandPath)
    }
}

/// Parses command lines against a ``CommandDefinition`` and writes help pages.
package enum ArgumentParser {
    /// The name of `argument` when it is written as a long option (`--runs` or `--runs=10` give `runs`).
    static func optionName(_ argument: String) -> String? {
        guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
        let name = argument.dropFirst(2)
        return String(name.prefix { $0 != "=" })
    }

    /// Parses `arguments` (without the program name).
    package static func parse(_ arguments: [String], root: CommandDefinition) throws(ArgumentError) -> ParsedArguments {
        var command = root
        var result = ParsedArguments(commandPath: [], options: [:], flags: [], positionals: [], helpRequested: false)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                if !onlyPositionals, result.positionals.isEmpty,
                    let sub = command.subcommands.first(where: { $0.name == argument })
                {
                    command = sub
                    result.commandPath.append(argument)
                    continue
                }
                if !command.subcommands.isEmpty && result.positionals.isEmpty && command.positionals.isEmpty {
                    let names = command.subcommands.map(\.name)
                    let hint =
                        closest(argument, among: names).map { "; did you mean \"\($0)\"?" }
                        ?? "; expected one of: \(names.joined(separator: ", "))"
                    throw ArgumentError(
                        code: .unknownSubcommand, message: "unknown subcommand \"\(argument)\"" + hint,
                        commandPath: result.commandPath)
                }
                result.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "-h" || argument == "--help" { result.helpRequested = true; continue }
            var name: String
            var inline: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let short = argument.last,
                    let long = command.options.first(where: { $0.short == short })?.name
                        ?? command.flags.first(where: { $0.short == short })?.name
                else {
                    throw ArgumentError(
                        code: .unknownOption, message: "unknown option \"\(argument)\"", commandPath: result.commandPath
                    )
                }
                name = long
            }
            if let option = command.options.first(where: { $0.name == name }) {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < arguments.count else {
                        throw ArgumentError(
                            code: .missingValue, message: "--\(name) needs a value (\(option.valueName))",
                            commandPath: result.commandPath)
                    }
                    // The next argument is this command's own option (`--jobs --runs 10`): the value was left out,
                    // and taking the option as the value would blame the argument after it.
                    if let next = Self.optionName(arguments[index]),
                        next == "help" || command.options.contains(where: { $0.name == next })
                            || command.flags.contains(where: { $0.name == next })
                    {
                        throw ArgumentError(
                            code: .missingValue,
                            message: "--\(name) needs a value (\(option.valueName)) before \"\(arguments[index])\"",
                            commandPath: result.commandPath)
                    }
                    value = arguments[index]
                    index += 1
                }
                if !option.repeatable, result.options[name] != nil {
                    throw ArgumentError(
                        code: .repeatedOption, message: "--\(name) is given more than once",
                        commandPath: result.commandPath)
                }
                result.options[name, default: []].append(value)
            } else if command.flags.contains(where: { $0.name == name }), inline == nil {
                result.flags.insert(name)
            } else {
                throw ArgumentError(
                    code: .unknownOption, message: "unknown option \"--\(name)\"" + suggestion(name, command),
                    commandPath: result.commandPath)
            }
        }
        if result.helpRequested || result.flags.contains("version") { return result }
        if !command.subcommands.isEmpty && command.positionals.isEmpty && result.positionals.isEmpty {
            throw ArgumentError(
                code: .missingSubcommand,
                message:
                    "missing subcommand; expected one of: \(command.subcommands.map(\.name).joined(separator: ", "))",
                commandPath: result.commandPath)
        }
        let chosen = command.oneOf.filter { result.options[$0] != nil }
        if chosen.count > 1 {
            throw ArgumentError(
                code: .invalidValue,
                message: "give one of " + command.oneOf.map { "--" + $0 }.joined(separator: " or ") + ", not "
                    + chosen.map { "--" + $0 }.joined(separator: " and "),
                commandPath: result.commandPath)
        }
        if !command.oneOf.isEmpty && chosen.isEmpty {
            let spelled = command.oneOf.compactMap { name in command.options.first { $0.name == name } }
            throw ArgumentError(
                code: .missingValue,
                message: "missing " + spelled.map { "--\($0.name) <\($0.valueName)>" }.joined(separator: " or ") + ": "
                    + (spelled.first?.help ?? ""),
                commandPath: result.commandPath)
        }
        for option in command.options where option.required && result.options[option.name] == nil {
            throw ArgumentError(
                code: .missingValue, message: "missing --\(option.name) <\(option.valueName)>: \(option.help)",
                commandPath: result.commandPath)
        }
        let required = command.positionals.filter { !$0.optional }.count
        if result.positionals.count < required {
            let missing = command.positionals[result.positionals.count]
            throw ArgumentError(
                code: .missingArgument, message: "missing argument <\(missing.name)>", commandPath: result.commandPath)
        }
        if !(command.positionals.last?.variadic ?? false), result.positionals.count > command.positionals.count {
            throw ArgumentError(
                code: .unexpectedArgument,
                message: "unexpected argument \"\(result.positionals[command.positionals.count])\"",
                commandPath: result.commandPath)
        }
        return result
    }

    private static func suggestion(_ name: String, _ command: CommandDefinition) -> String {
        closest(name, among: command.options.map(\.name) + command.flags.map(\.name)).map { "; did you mean --\($0)?" }
            ?? ""
    }

    /// The name a typo most likely meant: within two edits, and closer than any other.
    package static func closest(_ typo: String, among names: [String]) -> String? {
        // Case aside (POP-TO for pop-to), then the one name the typo begins (nav for navigation), then the nearest
        // within two edits.
        let lower = typo.lowercased()
        if let same = names.first(where: { $0.lowercased() == lower }) { return same }
        let extending = names.filter { lower.count >= 3 && $0.lowercased().hasPrefix(lower) }
        if extending.count == 1 { return extending[0] }
        return names.map { ($0, editDistance($0.lowercased(), lower)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance, for suggesting the option a typo meant.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    /// What a usage error prints: the error, the command's one usage line, and where its help is.
    package static func usageError(_ error: ArgumentError, root: CommandDefinition) -> String {
        let (command, names) = resolve(error.commandPath, root: root)
        return "error: \(error.message)\n" + usage(command, names: names)
            + "\nSee '\(names.joined(separator: " ")) --help'."
    }

    /// The usage line: required options bare, positionals, and the optional ones in brackets, each by name
    /// when there are a few, as `[<options>]` when there are more than fit on one line.
    static func usage(_ command: CommandDefinition, names: [String]) -> String {
        var usage = "USAGE: " + names.joined(separator: " ")
        if !command.subcommands.isEmpty { usage += " <subcommand>" }
        for option in command.options where option.required { usage += " --\(option.name) <\(option.valueName)>" }
        let alternatives = command.oneOf.compactMap { name in command.options.first { $0.name == name } }
        if !alternatives.isEmpty {
            usage += " (" + alternatives.map { "--\($0.name) <\($0.valueName)>" }.joined(separator: " | ") + ")"
        }
        for positional in command.positionals {
            usage +=
                positional.optional
                ? " [<\(positional.name)>\(positional.variadic ? " ..." : "")]"
                : " <\(positional.name)>\(positional.variadic ? " ..." : "")"
        }
        let optional =
            command.options.filter { !$0.required && !command.oneOf.contains($0.name) }.map {
                "[--\($0.name) <\($0.valueName)>]"
            }
            + command.flags.map { "[--\($0.name)]" }
        let spelled = optional.isEmpty ? "" : " " + optional.joined(separator: " ")
        return usage + (usage.count + spelled.count <= 120 ? spelled : " [<options>]")
    }

    static func resolve(_ path: [String], root: CommandDefinition) -> (CommandDefinition, [String]) {
        var command = root
        var names = [root.name]
        for name in path {
            guard let sub = command.subcommands.first(where: { $0.name == name }) else { break }
            command = sub
            names.append(name)
        }
        return (command, names)
    }

    /// The help page of the command at `path`.
    package static func help(for path: [String], root: CommandDefinition) -> String {
        let (command, names) = resolve(path, root: root)
        var lines = ["OVERVIEW: \(command.abstract)", ""]
        lines.append(usage(command, names: names))
        if let discussion = command.discussion { lines += ["", discussion] }
        func row(_ left: String, _ right: String) -> String {
            let pad = max(2, 28 - left.count)
            return "  " + left + String(repeating: " ", count: pad) + right
        }
        if !command.positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for positional in command.positionals { lines.append(row("<\(positional.name)>", positional.help)) }
        }
        // Every page has OPTIONS, if only for -h: a reader looks for it in the same place.
        lines += ["", "OPTIONS:"]
        for option in command.options {
            let left = (option.short.map { "-\($0), " } ?? "") + "--\(option.name) <\(option.valueName)>"
            lines.append(row(left, option.help + (option.defaultDescription.map { " (default: \($0))" } ?? "")))
        }
        for flag in command.flags {
            lines.append(row((flag.short.map { "-\($0), " } ?? "") + "--\(flag.name)", flag.help))
        }
        lines.append(row("-h, --help", "Show help information."))
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            for sub in command.subcommands { lines.append(row(sub.name, sub.abstract)) }
        }
        return lines.joined(separator: "\n")
    }
}
