import FlowRuntimeModel

/// The sample runtime's own evaluator of FlowExpression text: tokens first, then precedence climbing, written apart
/// from the kit's reference parser so that their agreement means something.
struct SampleExpression {
    let bugs: Set<RuntimeBug>
    let variables: [String: RuntimeValue]

    enum Token: Equatable {
        case number(Double), text(String), name(String), symbol(String)
    }

    /// The value of `source`, or `nil` for none.
    func evaluate(_ source: String) -> RuntimeValue? {
        guard let tokens = Self.tokens(source) else { return nil }
        var cursor = Cursor(tokens: tokens)
        guard let tree = parse(&cursor, minimum: 0, depth: 0), cursor.index == tokens.count else { return nil }
        return tree()
    }

    struct Cursor {
        let tokens: [Token]
        var index = 0
        var next: Token? { index < tokens.count ? tokens[index] : nil }
    }

    static let binding: [String: Int] = [
        "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
    ]

    /// A lazily evaluated value, so that `&&` and `||` can leave their right side alone.
    typealias Thunk = () -> RuntimeValue?

    func parse(_ cursor: inout Cursor, minimum: Int, depth: Int) -> Thunk? {
        guard var left = unary(&cursor, depth: depth) else { return nil }
        while case .symbol(let op)? = cursor.next, let power = Self.binding[op] {
            let effective = bugs.contains(.leftToRight) ? 1 : power
            guard effective >= minimum else { break }
            cursor.index += 1
            let nextMinimum: Int
            if bugs.contains(.leftToRight) {
                nextMinimum = 2
            } else if bugs.contains(.rightToLeft) {
                nextMinimum = power
            } else {
                nextMinimum = power + 1
            }
            guard
                let right = bugs.contains(.leftToRight)
                    ? unary(&cursor, depth: depth) : parse(&cursor, minimum: nextMinimum, depth: depth)
            else { return nil }
            let before = left
            left = { combine(op, before, right) }
        }
        return left
    }

    func unary(_ cursor: inout Cursor, depth: Int) -> Thunk? {
        if !bugs.contains(.noDepthLimit), depth > RuntimeExpression.maxDepth { return nil }
        guard let token = cursor.next else { return nil }
        cursor.index += 1
        switch token {
        case .number(let number): return { .number(number) }
        case .text(let text): return { .string(text) }
        case .symbol("!"):
            guard let operand = unary(&cursor, depth: depth + 1) else { return nil }
            return { if case .bool(let flag)? = operand() { return .bool(!flag) } else { return nil } }
        case .symbol("-"):
            guard let operand = unary(&cursor, depth: depth + 1) else { return nil }
            return { if case .number(let number)? = operand() { return .number(-number) } else { return nil } }
        case .symbol("("):
            guard let inner = parse(&cursor, minimum: 0, depth: depth + 1), cursor.next == .symbol(")") else {
                return nil
            }
            cursor.index += 1
            return inner
        case .name("true"): return { .bool(true) }
        case .name("false"): return { .bool(false) }
        case .name(let name):
            guard cursor.next == .symbol("(") else {
                let value = variables[name]
                return { value }
            }
            cursor.index += 1
            var arguments: [Thunk] = []
            if cursor.next == .symbol(")") {
                cursor.index += 1
            } else {
                while true {
                    guard let argument = parse(&cursor, minimum: 0, depth: depth + 1) else { return nil }
                    arguments.append(argument)
                    if cursor.next == .symbol(",") {
                        cursor.index += 1
                        continue
                    }
                    guard cursor.next == .symbol(")") else { return nil }
                    cursor.index += 1
                    break
                }
            }
            return { call(name, arguments.map { $0() }) }
        default: return nil
        }
    }

    func combine(_ op: String, _ left: Thunk, _ right: Thunk) -> RuntimeValue? {
        if op == "&&" || op == "||" {
            let rightValue = bugs.contains(.noShortCircuit) ? right() : nil
            guard case .bool(let first)? = left() else { return nil }
            if bugs.contains(.noShortCircuit), rightValue == nil { return nil }
            if (op == "&&") != first { return .bool(first) }
            guard case .bool(let second)? = rightValue ?? right() else { return nil }
            return .bool(second)
        }
        guard let a = left(), let b = right() else { return nil }
        switch (op, a, b) {
        case ("==", _, _): return .bool(a == b)
        case ("!=", _, _): return .bool(a != b)
        case (_, .number(let x), .number(let y)):
            switch op {
            case "+": return .number(x + y)
            case "-": return .number(x - y)
            case "*": return .number(x * y)
            case "/", "%":
                if y == 0 { return bugs.contains(.divisionByZeroWritesZero) ? .number(0) : nil }
                return .number(op == "/" ? x / y : x.truncatingRemainder(dividingBy: y))
            case "<": return .bool(x < y)
            case "<=": return .bool(x <= y)
            case ">": return .bool(x > y)
            default: return .bool(x >= y)
            }
        case ("+", .string(let x), .string(let y)): return Self.bounded(x + y)
        case ("+", .string(let x), .number), ("+", .string(let x), .bool):
            return bugs.contains(.noConcatenation) ? nil : Self.bounded(x + SampleFlowRunner.display(b))
        case ("+", .number, .string(let y)), ("+", .bool, .string(let y)):
            return bugs.contains(.noConcatenation) ? nil : Self.bounded(SampleFlowRunner.display(a) + y)
        case ("<", .string(let x), .string(let y)): return .bool(Self.less(x, y))
        case ("<=", .string(let x), .string(let y)): return .bool(!Self.less(y, x))
        case (">", .string(let x), .string(let y)): return .bool(Self.less(y, x))
        case (">=", .string(let x), .string(let y)): return .bool(!Self.less(x, y))
        default: return nil
        }
    }

    static func less(_ x: String, _ y: String) -> Bool {
        x.unicodeScalars.map(\.value).lexicographicallyPrecedes(y.unicodeScalars.map(\.value))
    }

    func call(_ name: String, _ values: [RuntimeValue?]) -> RuntimeValue? {
        let arguments = values.compactMap { $0 }
        guard arguments.count == values.count else { return nil }
        switch (name, arguments.first, arguments.count) {
        case ("length", .string(let text)?, 1):
            return .number(Double(bugs.contains(.lengthCountsUTF16) ? text.utf16.count : text.unicodeScalars.count))
        case ("length", .list(let items)?, 1): return .number(Double(items.count))
        case ("lower", .string(let text)?, 1): return .string(text.lowercased())
        case ("upper", .string(let text)?, 1): return .string(text.uppercased())
        case ("abs", .number(let number)?, 1): return .number(number < 0 ? -number : number)
        case ("contains", .string(let text)?, 2):
            guard case .string(let part) = arguments[1] else { return nil }
            return .bool(text.scalarsContain(part))
        case ("contains", .list(let items)?, 2): return .bool(items.contains(arguments[1]))
        case ("min", .number(let x)?, 2), ("max", .number(let x)?, 2):
            guard case .number(let y) = arguments[1] else { return nil }
            return .number(name == "min" ? (x < y ? x : y) : (x > y ? x : y))
        default: return nil
        }
    }

    /// A joined text, or no value past 10,000 scalars.
    static func bounded(_ text: String) -> RuntimeValue? {
        text.unicodeScalars.count <= 10_000 ? .string(text) : nil
    }

    /// The tokens of `source`, or `nil` when a character fits none.
    static func tokens(_ source: String) -> [Token]? {
        let scalars = Array(source.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
        func isLetter(_ s: Unicode.Scalar) -> Bool {
            s == "_" || (s.value >= 65 && s.value <= 90) || (s.value >= 97 && s.value <= 122)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" || scalar == "\n" {
                index += 1
            } else if isDigit(scalar) {
                var text = ""
                while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "." {
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard text.filter({ $0 == "." }).count <= 1, text.last != ".", let number = Double(text) else {
                    return nil
                }
                tokens.append(.number(number))
            } else if isLetter(scalar) {
                var text = ""
                while index < scalars.count,
                    isLetter(scalars[index]) || isDigit(scalars[index]) || scalars[index] == "."
                {
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(.name(text))
            } else if scalar == "'" || scalar == "\"" {
                index += 1
                var text = ""
                var closed = false
                while index < scalars.count {
                    let next = scalars[index]
                    index += 1
                    if next == scalar {
                        closed = true
                        break
                    }
                    if next == "\\" {
                        guard index < scalars.count else { return nil }
                        let escaped = scalars[index]
                        index += 1
                        switch escaped {
                        case "n": text += "\n"
                        case "\\", "'", "\"": text.unicodeScalars.append(escaped)
                        default: return nil
                        }
                    } else {
                        text.unicodeScalars.append(next)
                    }
                }
                guard closed else { return nil }
                tokens.append(.text(text))
            } else {
                let pair = index + 1 < scalars.count ? String(scalars[index]) + String(scalars[index + 1]) : ""
                if ["||", "&&", "==", "!=", "<=", ">="].contains(pair) {
                    tokens.append(.symbol(pair))
                    index += 2
                } else if "+-*/%<>!(),".unicodeScalars.contains(scalar) {
                    tokens.append(.symbol(String(scalar)))
                    index += 1
                } else {
                    return nil
                }
            }
        }
        return tokens
    }
}
