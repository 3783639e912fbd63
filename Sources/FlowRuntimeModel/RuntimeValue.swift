/// A variable's value while a flow runs: a string, a number, a boolean or a list of them.
public enum RuntimeValue: Hashable, Sendable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A number (the SDKs keep a double).
    case number(Double)
    /// A boolean.
    case bool(Bool)
    /// A list of values of the variable's item type.
    case list([RuntimeValue])

    /// The type's name, as a flow document writes it.
    public var type: RuntimeValueType {
        switch self {
        case .string: return .string
        case .number: return .number
        case .bool: return .boolean
        case .list: return .list
        }
    }

    /// How `{{key}}` shows the value (the iOS SDK's `displayString`): a whole number without a fraction (`3`),
    /// another number in its shortest form (`9.99`), `true`/`false`, a list's items joined by `, `.
    public var displayString: String {
        switch self {
        case .string(let text): return text
        case .number(let number): return Self.display(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .list(let items): return items.map(\.displayString).joined(separator: ", ")
        }
    }

    /// A number as `displayString` writes it.
    public static func display(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    public var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        default: return displayString
        }
    }
}

/// A variable's declared type.
public enum RuntimeValueType: String, Hashable, Sendable, CaseIterable {
    case string, number, boolean, list

    /// The value a variable of this type has when nothing else gives it one: `""`, `0`, `false`, `[]`.
    public var zero: RuntimeValue {
        switch self {
        case .string: return .string("")
        case .number: return .number(0)
        case .boolean: return .bool(false)
        case .list: return .list([])
        }
    }
}

extension RuntimeValue {
    /// The value converted to `type` (and a list's items to `itemType`), or `nil` when it does not convert
    /// (RUN-VAR-COERCE): a number from a numeric string, a boolean from `true`/`false`, `1`/`0`, `yes`/`no` or a
    /// number (non-zero is true), a string from any scalar's display string.
    public func converted(to type: RuntimeValueType, itemType: RuntimeValueType? = nil) -> RuntimeValue? {
        switch (type, self) {
        case (.string, .list): return nil
        case (.string, _): return .string(displayString)
        case (.number, .number): return self
        case (.number, .string(let text)): return Self.number(text).map(RuntimeValue.number)
        case (.number, _): return nil
        case (.boolean, .bool): return self
        case (.boolean, .number(let number)): return .bool(number != 0)
        case (.boolean, .string(let text)):
            switch text.lowercased() {
            case "true", "1", "yes": return .bool(true)
            case "false", "0", "no": return .bool(false)
            default: return nil
            }
        case (.boolean, .list): return nil
        case (.list, .list(let items)):
            guard let itemType else { return self }
            var converted: [RuntimeValue] = []
            for item in items {
                guard let value = item.converted(to: itemType) else { return nil }
                converted.append(value)
            }
            return .list(converted)
        case (.list, _): return nil
        }
    }

    /// A decimal number written plainly: an optional sign, digits, an optional fraction; nothing else (no spaces,
    /// exponents, `inf` or `nan`), so that every language reads the same strings as numbers.
    static func number(_ text: String) -> Double? {
        var digits = 0, dots = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            switch scalar {
            case "-" where index == 0: continue
            case ".": dots += 1
            case "0"..."9": digits += 1
            default: return nil
            }
        }
        guard digits > 0, dots <= 1, text.last != ".", !text.hasPrefix("."), !text.hasPrefix("-.") else { return nil }
        return Double(text)
    }
}

extension RuntimeValue {
    /// Equal values of the same type; strings are equal when their Unicode scalars are (not merely canonically
    /// equivalent, as Swift's strings are).
    public static func == (a: RuntimeValue, b: RuntimeValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x.sameScalars(as: y)
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.list(let x), .list(let y)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text):
            hasher.combine(0)
            for scalar in text.unicodeScalars { hasher.combine(scalar.value) }
        case .number(let number):
            hasher.combine(1)
            hasher.combine(number)
        case .bool(let flag):
            hasher.combine(2)
            hasher.combine(flag)
        case .list(let items):
            hasher.combine(3)
            hasher.combine(items)
        }
    }
}
