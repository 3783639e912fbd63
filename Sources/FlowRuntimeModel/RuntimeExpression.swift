/// The kit's FlowExpression language, which condition nodes, guards and assign nodes are written in (the docs say
/// only that it is "a safe subset"; the grammar and its meaning are the kit's decision, in <doc:Runtime>).
///
/// Literals (`12`, `2.5`, `'text'` or `"text"`, `true`, `false`), variable keys, `( )`, the functions `length`,
/// `lower`, `upper`, `contains`, `min`, `max`, `abs`, and the operators, from the loosest: `||`, `&&`, `==` `!=`,
/// `<` `<=` `>` `>=`, `+` `-`, `*` `/` `%`, prefix `!` and `-`. Every binary operator groups left to right.
/// An expression that does not parse, nests deeper than ``maxDepth``, names an unknown variable or function, or
/// applies an operator to the wrong types has no value.
public struct RuntimeExpression: Sendable {
    /// How deep parentheses, prefix operators and calls may nest (RUN-EXPR-DEPTH).
    public static let maxDepth = 32
    /// How many operators, parentheses and calls an expression may have (RUN-EXPR-DEPTH): evaluating a chain is as
    /// deep as it is long.
    public static let maxOperators = 1_000
    /// The longest text `+` may make, in Unicode scalars; a longer one has no value (RUN-EXPR-CONCAT).
    public static let maxTextLength = 10_000

    /// What evaluating found: the value and the rules it went through.
    public struct Evaluation: Sendable {
        /// The value, or `nil` for none.
        public var value: RuntimeValue?
        /// The rules evaluation exercised, in order, each once.
        public var rules: [String]
    }

    /// Evaluates `text` with `lookup` giving each variable's value (`nil`: no such variable).
    public static func evaluate(_ text: String, lookup: (String) -> RuntimeValue?) -> Evaluation {
        var parser = Parser(text: Array(text.unicodeScalars))
        var rules = RuleList()
        guard let tree = parser.parse() else {
            rules.add(parser.tooDeep ? .runExprDepth : .runExprNoValue)
            return Evaluation(value: nil, rules: rules.ids)
        }
        let value = tree.value(lookup: lookup, rules: &rules)
        if value == nil { rules.add(.runExprNoValue) }
        return Evaluation(value: value, rules: rules.ids)
    }

    indirect enum Node {
        case literal(RuntimeValue)
        case variable(String)
        case call(String, [Node])
        case prefix(String, Node)
        case binary(String, Node, Node)

        func value(lookup: (String) -> RuntimeValue?, rules: inout RuleList) -> RuntimeValue? {
            switch self {
            case .literal(let value): return value
            case .variable(let key): return lookup(key)
            case .call(let name, let arguments):
                rules.add(.runExprFunction)
                var values: [RuntimeValue] = []
                for argument in arguments {
                    guard let value = argument.value(lookup: lookup, rules: &rules) else { return nil }
                    values.append(value)
                }
                return RuntimeExpression.call(name, values)
            case .prefix(let op, let operand):
                guard let value = operand.value(lookup: lookup, rules: &rules) else { return nil }
                switch (op, value) {
                case ("!", .bool(let flag)): return .bool(!flag)
                case ("-", .number(let number)):
                    rules.add(.runExprArithmetic)
                    return .number(-number)
                default: return nil
                }
            case .binary(let op, let left, let right):
                return RuntimeExpression.binary(op, left, right, lookup: lookup, rules: &rules)
            }
        }
    }

    static func binary(
        _ op: String, _ leftNode: Node, _ rightNode: Node, lookup: (String) -> RuntimeValue?, rules: inout RuleList
    ) -> RuntimeValue? {
        guard let left = leftNode.value(lookup: lookup, rules: &rules) else { return nil }
        // `&&` and `||` look at their right side only when the left does not decide.
        if op == "&&" || op == "||" {
            guard case .bool(let first) = left else { return nil }
            rules.add(.runExprLogic)
            if op == "&&" && !first || op == "||" && first { return .bool(first) }
            guard case .bool(let second)? = rightNode.value(lookup: lookup, rules: &rules) else { return nil }
            return .bool(second)
        }
        guard let right = rightNode.value(lookup: lookup, rules: &rules) else { return nil }
        switch op {
        case "==", "!=":
            rules.add(.runExprCompare)
            return .bool((left == right) == (op == "=="))
        case "<", "<=", ">", ">=":
            rules.add(.runExprCompare)
            switch (left, right) {
            case (.number(let a), .number(let b)): return .bool(compare(op, a < b, a == b))
            case (.string(let a), .string(let b)):
                let scalarsA = Array(a.unicodeScalars.map(\.value)), scalarsB = Array(b.unicodeScalars.map(\.value))
                return .bool(compare(op, scalarsA.lexicographicallyPrecedes(scalarsB), scalarsA == scalarsB))
            default: return nil
            }
        case "+":
            switch (left, right) {
            case (.number(let a), .number(let b)):
                rules.add(.runExprArithmetic)
                return .number(a + b)
            case (.string, .list), (.list, .string), (.list, .list): return nil
            case (.string, _), (_, .string):
                rules.add(.runExprConcat)
                let joined = left.displayString + right.displayString
                // A text that doubles at every visit of a loop would outgrow any memory within the cycle bound.
                guard joined.unicodeScalars.count <= RuntimeExpression.maxTextLength else {
                    rules.add(.runExprNoValue)
                    return nil
                }
                return .string(joined)
            default: return nil
            }
        default:
            guard case .number(let a) = left, case .number(let b) = right else { return nil }
            rules.add(.runExprArithmetic)
            switch op {
            case "-": return .number(a - b)
            case "*": return .number(a * b)
            case "/": return b == 0 ? nil : .number(a / b)
            default: return b == 0 ? nil : .number(a.truncatingRemainder(dividingBy: b))
            }
        }
    }

    static func compare(_ op: String, _ less: Bool, _ equal: Bool) -> Bool {
        switch op {
        case "<": return less
        case "<=": return less || equal
        case ">": return !less && !equal
        default: return !less
        }
    }

    /// The functions: each takes a fixed number of arguments of fixed types; anything else has no value.
    static func call(_ name: String, _ arguments: [RuntimeValue]) -> RuntimeValue? {
        switch (name, arguments.count) {
        case ("length", 1):
            switch arguments[0] {
            case .string(let text): return .number(Double(text.unicodeScalars.count))
            case .list(let items): return .number(Double(items.count))
            default: return nil
            }
        case ("lower", 1):
            guard case .string(let text) = arguments[0] else { return nil }
            return .string(text.lowercased())
        case ("upper", 1):
            guard case .string(let text) = arguments[0] else { return nil }
            return .string(text.uppercased())
        case ("contains", 2):
            switch (arguments[0], arguments[1]) {
            case (.string(let text), .string(let part)): return .bool(text.scalarsContain(part))
            case (.list(let items), let item): return .bool(items.contains(item))
            default: return nil
            }
        case ("min", 2), ("max", 2):
            guard case .number(let a) = arguments[0], case .number(let b) = arguments[1] else { return nil }
            return .number(name == "min" ? Swift.min(a, b) : Swift.max(a, b))
        case ("abs", 1):
            guard case .number(let a) = arguments[0] else { return nil }
            return .number(Swift.abs(a))
        default: return nil
        }
    }
}

/// Rule IDs in the order first added, each once.
struct RuleList {
    private(set) var ids: [String] = []
    mutating func add(_ id: String) { if !ids.contains(id) { ids.append(id) } }
    mutating func add(_ more: [String]) { for id in more { add(id) } }
}

extension RuntimeExpression {
    /// Every part of the expression `text`, innermost first, each written with full parentheses so that it means the
    /// same to any reader of the grammar; `nil` when `text` does not parse. The suite evaluates the parts on an
    /// implementation to find the operator it evaluates otherwise.
    package static func parts(of text: String) -> [String]? {
        var parser = Parser(text: Array(text.unicodeScalars))
        guard let tree = parser.parse() else { return nil }
        var parts: [String] = []
        _ = tree.written(into: &parts)
        return parts
    }
}

extension RuntimeExpression.Node {
    /// The node written with full parentheses, its parts appended to `parts` first.
    func written(into parts: inout [String]) -> String {
        let text: String
        switch self {
        case .literal(.string(let value)):
            text =
                "'"
                + value.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'")
                .replacingEvery("\n", with: "\\n") + "'"
        case .literal(let value): text = value.displayString
        case .variable(let key): text = key
        case .call(let name, let arguments):
            text = name + "(" + arguments.map { $0.written(into: &parts) }.joined(separator: ", ") + ")"
        case .prefix(let op, let operand): text = op + "(" + operand.written(into: &parts) + ")"
        case .binary(let op, let left, let right):
            text = "(" + left.written(into: &parts) + " " + op + " " + right.written(into: &parts) + ")"
        }
        parts.append(text)
        return text
    }
}

extension RuntimeExpression {
    /// Every operation of `text` on other operations, innermost first, each written with only the parentheses the
    /// grammar needs (`10 / 3 + 4 - 4`), so that its value depends on precedence and grouping; `nil` when `text`
    /// does not parse. Where the fully parenthesized parts (``parts(of:)``) agree and one of these does not, the
    /// implementation groups otherwise (RUN-EXPR-ARITHMETIC).
    package static func groupings(of text: String) -> [String]? {
        var parser = Parser(text: Array(text.unicodeScalars))
        guard let tree = parser.parse() else { return nil }
        var groupings: [String] = []
        _ = tree.minimal(into: &groupings)
        return groupings
    }
}

extension RuntimeExpression.Node {
    static let levels: [String: Int] = [
        "||": 0, "&&": 1, "==": 2, "!=": 2, "<": 3, "<=": 3, ">": 3, ">=": 3, "+": 4, "-": 4, "*": 5, "/": 5, "%": 5,
    ]

    /// How tightly the node binds: a binary operator's level, 6 for a prefix operator, 7 for the rest.
    var level: Int {
        switch self {
        case .binary(let op, _, _): return Self.levels[op] ?? 0
        case .prefix: return 6
        default: return 7
        }
    }

    /// The node written with only the parentheses the grammar needs; every binary operation with a binary
    /// operand appended to `groupings` first.
    func minimal(into groupings: inout [String]) -> String {
        switch self {
        case .call(let name, let arguments):
            return name + "(" + arguments.map { $0.minimal(into: &groupings) }.joined(separator: ", ") + ")"
        case .prefix(let op, let operand):
            let inner = operand.minimal(into: &groupings)
            return op + (operand.level < 6 ? "(" + inner + ")" : inner)
        case .binary(let op, let left, let right):
            let (leftText, rightText) = (left.minimal(into: &groupings), right.minimal(into: &groupings))
            // Left to right: a left operand as loose as the operator needs none, a right one does.
            let text =
                (left.level < level ? "(" + leftText + ")" : leftText) + " " + op + " "
                + (right.level <= level ? "(" + rightText + ")" : rightText)
            if case .binary = left { groupings.append(text) } else if case .binary = right { groupings.append(text) }
            return text
        default:
            var ignored: [String] = []
            return written(into: &ignored)
        }
    }
}

extension String {
    /// The string with every `target` replaced by `replacement`.
    func replacingEvery(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension RuntimeExpression {
    /// The operator at the top of `text` (`call` for a function call), or `nil` for a literal, a name, or text that
    /// does not parse.
    package static func topOperator(of text: String) -> String? {
        var parser = Parser(text: Array(text.unicodeScalars))
        switch parser.parse() {
        case .binary(let op, _, _)?, .prefix(let op, _)?: return op
        case .call?: return "call"
        default: return nil
        }
    }
}
