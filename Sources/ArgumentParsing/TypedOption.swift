/// An option with its type and its default stated once: the help page shows the default, and reading the
/// option applies it, so the two cannot drift apart.
package struct TypedOption<Value: Sendable>: Sendable {
    /// The option as the parser and the help page see it.
    package let definition: CommandDefinition.Option
    /// The value when the option is absent; `nil` when absent means absent.
    package let defaultValue: Value?
    /// What a valid value looks like, for error messages: `a whole number from 1 to 10000`.
    package let expectation: String
    /// The words a value is made of (comma-separated), when they are names from a list: a misspelt one is answered
    /// with the closest.
    package let choices: [String]
    private let convert: @Sendable (String) -> Value?

    /// Creates a typed option; `convert` returns `nil` for a value that does not parse.
    package init(
        _ name: String, value valueName: String, help: String, default defaultValue: Value? = nil,
        defaultText: String? = nil,
        required: Bool = false, repeatable: Bool = false, expects expectation: String, choices: [String] = [],
        convert: @escaping @Sendable (String) -> Value?
    ) {
        self.choices = choices
        self.definition = CommandDefinition.Option(
            name, value: valueName, help: help, default: defaultText ?? defaultValue.map { "\($0)" },
            repeatable: repeatable, required: required)
        self.defaultValue = defaultValue
        self.expectation = expectation
        self.convert = convert
    }

    /// The value given on the command line, converted, or the default.
    func read(_ parsed: ParsedArguments) throws(ArgumentError) -> Value? {
        guard let text = parsed.value(definition.name) else { return defaultValue }
        return try converted(text, parsed)
    }

    /// Every value given for a repeatable option, converted, in order.
    func readAll(_ parsed: ParsedArguments) throws(ArgumentError) -> [Value] {
        var values: [Value] = []
        for text in parsed.values(definition.name) { values.append(try converted(text, parsed)) }
        return values
    }

    private func converted(_ text: String, _ parsed: ParsedArguments) throws(ArgumentError) -> Value {
        guard let value = convert(text) else {
            let words = text.split(separator: ",").map { String($0.filter { $0 != " " }) }
            let guess = words.lazy.filter { !choices.contains($0) }.compactMap {
                ArgumentParser.closest($0, among: choices)
            }.first
            throw ArgumentError(
                code: .invalidValue,
                message: "--\(definition.name) takes \(expectation), not \"\(text)\""
                    + (guess.map { "; did you mean \"\($0)\"?" } ?? ""),
                commandPath: parsed.commandPath)
        }
        return value
    }
}

extension TypedOption where Value == String {
    /// A text option, such as a file path or a command line.
    package static func text(
        _ name: String, value: String, help: String, default defaultValue: String? = nil,
        required: Bool = false
    ) -> TypedOption {
        TypedOption(
            name, value: value, help: help, default: defaultValue, required: required, expects: "a non-empty value"
        ) {
            $0.isEmpty ? nil : $0
        }
    }
}

extension TypedOption where Value == Int {
    /// A whole number in `range`.
    package static func integer(
        _ name: String, value: String, help: String, in range: ClosedRange<Int>,
        default defaultValue: Int? = nil, defaultText: String? = nil
    ) -> TypedOption {
        TypedOption(
            name, value: value, help: help, default: defaultValue, defaultText: defaultText,
            expects: "a whole number from \(range.lowerBound) to \(range.upperBound)"
        ) { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension TypedOption where Value == UInt64 {
    /// An unsigned 64-bit number, such as a seed.
    package static func unsigned(_ name: String, value: String, help: String, defaultText: String? = nil) -> TypedOption
    {
        TypedOption(
            name, value: value, help: help, defaultText: defaultText, expects: "a whole number from 0 to \(UInt64.max)"
        ) { UInt64($0) }
    }
}

extension TypedOption where Value == Duration {
    /// A positive duration such as `30s`, `500ms`, `2m` or `1h`.
    package static func duration(
        _ name: String, value: String, help: String, default defaultValue: Duration? = nil,
        defaultText: String? = nil
    ) -> TypedOption {
        TypedOption(
            name, value: value, help: help, default: defaultValue, defaultText: defaultText,
            expects: "a positive duration such as 30s, 500ms or 2m"
        ) { text in
            let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
            for (suffix, scale) in units where text.hasSuffix(suffix) {
                if let number = Double(text.dropLast(suffix.count)), number > 0, number.isFinite {
                    let milliseconds = (number * scale * 1000).rounded()
                    return milliseconds >= 1 && milliseconds < 1e15 ? .milliseconds(Int64(milliseconds)) : nil
                }
            }
            return nil
        }
    }
}

extension ParsedArguments {
    /// A typed option's value, converted, or its default; `nil` when it is absent and has no default.
    package func value<Value>(_ option: TypedOption<Value>) throws(ArgumentError) -> Value? { try option.read(self) }

    /// Every value of a repeatable typed option, converted, in the order given.
    package func values<Value>(_ option: TypedOption<Value>) throws(ArgumentError) -> [Value] {
        try option.readAll(self)
    }

    /// A typed option's value or its default, for options that have one.
    package func value<Value>(_ option: TypedOption<Value>, or fallback: Value) throws(ArgumentError) -> Value {
        try option.read(self) ?? fallback
    }
}
