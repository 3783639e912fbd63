import FlowRuntimeModel
import PropertyTesting

/// Generates FlowExpression text over a flow's variables: every operator at every precedence, written with the
/// fewest parentheses (so that precedence decides) or with more, functions of every arity, literals of every type,
/// unknown names, and now and then an expression too deep or malformed.
struct ExpressionGenerator {
    /// The variables expressions may name (an unknown one is added at a small rate).
    let variables: [RuntimeVariable]

    /// Binding strength by operator, loosest first, as the grammar has it.
    static let levels: [String: Int] = [
        "||": 0, "&&": 1, "==": 2, "!=": 2, "<": 3, "<=": 3, ">": 3, ">=": 3, "+": 4, "-": 4, "*": 5, "/": 5, "%": 5,
    ]
    static let prefixLevel = 6
    static let primaryLevel = 7

    /// A boolean-looking expression, for conditions and guards.
    func condition(_ draw: RuntimeDraw) throws(ChoiceSource.Stop) -> String {
        if let rare = try rare(draw) { return rare }
        return render(try comparison(draw, depth: 0))
    }

    /// Any expression, for assignments.
    func value(_ draw: RuntimeDraw) throws(ChoiceSource.Stop) -> String {
        if let rare = try rare(draw) { return rare }
        return render(try term(draw, depth: 0))
    }

    /// An expression nested past the limit, or one that does not parse, at a small rate.
    func rare(_ draw: RuntimeDraw) throws(ChoiceSource.Stop) -> String? {
        guard try draw.chance(0.3) else { return nil }
        switch try draw.weighted([3, 2, 2, 1, 1, 2]) {
        case 0:
            let depth = RuntimeExpression.maxDepth + (try draw.int(-2...3))
            return String(repeating: "(", count: depth) + "true" + String(repeating: ")", count: depth)
        case 1, 2:
            let depth = RuntimeExpression.maxDepth + (try draw.int(-1...2))
            return String(repeating: "!", count: depth) + "false"
        case 3: return try draw.pick(["1 +", "(2 > 1", "'open", "1 = 1", "2 >> 1", "a..b == 1", "max(1,)"])
        case 4: return try draw.pick(["length('')", "abs(-0)", "min(3, 3)", "lower('')"])
        default:
            // A text function of text beyond ASCII, where languages count and map case apart.
            let (text, scalars) = try draw.pick([
                ("'\u{1F600}'", 1), ("'e\u{301}'", 2), ("'Stra\u{DF}e'", 6), ("'x\u{1F600}x'", 3),
            ])
            switch try draw.int(0...2) {
            case 0: return "length(\(text)) == \(scalars)"
            case 1: return "length(\(text))"
            default: return try draw.pick(["upper", "lower"]) + "(" + text + ")"
            }
        }
    }

    /// A tree: the text of each part and how tightly it binds.
    indirect enum Tree {
        case leaf(String)
        case prefix(String, Tree)
        case binary(String, Tree, Tree)
        case call(String, [Tree])
        case parenthesized(Tree)

        var level: Int {
            switch self {
            case .leaf, .call, .parenthesized: return ExpressionGenerator.primaryLevel
            case .prefix: return ExpressionGenerator.prefixLevel
            case .binary(let op, _, _): return ExpressionGenerator.levels[op]!
            }
        }
    }

    func render(_ tree: Tree) -> String {
        switch tree {
        case .leaf(let text): return text
        case .parenthesized(let inner): return "(" + render(inner) + ")"
        case .call(let name, let arguments): return name + "(" + arguments.map(render).joined(separator: ", ") + ")"
        case .prefix(let op, let operand):
            let inner = render(operand)
            return op + (operand.level < Self.prefixLevel ? "(" + inner + ")" : inner)
        case .binary(let op, let left, let right):
            let level = Self.levels[op]!
            // Every operator groups left to right: a right operand of the same level needs parentheses.
            let leftText = left.level < level ? "(" + render(left) + ")" : render(left)
            let rightText = right.level <= level ? "(" + render(right) + ")" : render(right)
            return leftText + " " + op + " " + rightText
        }
    }

    func comparison(_ draw: RuntimeDraw, depth: Int) throws(ChoiceSource.Stop) -> Tree {
        switch try draw.weighted([3, 6, 1, 1]) {
        case 0:
            let op = try draw.pick(["==", "!=", "<", "<=", ">", ">="])
            return .binary(op, try term(draw, depth: depth + 1), try term(draw, depth: depth + 1))
        case 1 where depth < 3:
            let op = try draw.pick(["&&", "||"])
            return .binary(op, try operand(draw, depth: depth + 1), try operand(draw, depth: depth + 1))
        case 2 where depth < 3: return .prefix("!", try comparison(draw, depth: depth + 1))
        default: return try leaf(draw)
        }
    }

    /// A side of `&&` or `||`: a comparison, or a boolean outright (most comparisons of random terms have no
    /// value, and neither side would then be looked at).
    func operand(_ draw: RuntimeDraw, depth: Int) throws(ChoiceSource.Stop) -> Tree {
        try draw.chance(0.4) ? .leaf(try draw.pick(["true", "false"])) : try comparison(draw, depth: depth)
    }

    func term(_ draw: RuntimeDraw, depth: Int) throws(ChoiceSource.Stop) -> Tree {
        guard depth < 4 else { return try leaf(draw) }
        switch try draw.weighted([4, 4, 2, 1, 2, 2]) {
        case 0: return try leaf(draw)
        case 1:
            let op = try draw.pick(["+", "-", "*", "/", "%", "+", "*", "+"])
            return .binary(op, try term(draw, depth: depth + 1), try term(draw, depth: depth + 1))
        case 2: return try call(draw, depth: depth)
        case 3: return .prefix("-", try term(draw, depth: depth + 1))
        case 4:
            // A chain of numbers, where precedence and grouping decide the value: `10 - 4 - 3`, `1 + 2 * 3`, `8 / 0`.
            var chain = Tree.leaf(try draw.pick(["10", "1", "8", "2"]))
            for _ in 0..<(try draw.int(2...3)) {
                let op = try draw.pick(["-", "*", "+", "/", "-", "%"])
                let next = Tree.leaf(try draw.pick(["4", "3", "2", "0", "5"]))
                if case .binary(let previous, let left, let right) = chain, Self.levels[op]! > Self.levels[previous]! {
                    chain = .binary(previous, left, .binary(op, right, next))
                } else {
                    chain = .binary(op, chain, next)
                }
            }
            return try draw.chance(0.8) ? chain : .parenthesized(chain)
        default:
            // Text joined with anything: a number, a boolean, another text.
            let text = Tree.leaf(try draw.pick(["'n='", "'Hi '", "''"]))
            let other = try term(draw, depth: depth + 1)
            return try draw.chance(0.5) ? .binary("+", text, other) : .binary("+", other, text)
        }
    }

    func call(_ draw: RuntimeDraw, depth: Int) throws(ChoiceSource.Stop) -> Tree {
        let (name, arity) = try draw.pick([
            ("length", 1), ("lower", 1), ("upper", 1), ("contains", 2), ("min", 2), ("max", 2), ("abs", 1),
            ("sqrt", 1), ("length", 2),
        ])
        var arguments: [Tree] = []
        for _ in 0..<arity { arguments.append(try term(draw, depth: depth + 2)) }
        // The text functions are given text beyond ASCII often: that is where languages count and map case apart.
        if ["length", "lower", "upper"].contains(name), arity == 1, try draw.chance(0.6) {
            arguments = [.leaf(try draw.pick(["'\u{1F600}'", "'e\u{301}'", "'Stra\u{DF}e'", "'x\u{1F600}x'"]))]
        }
        return .call(name, arguments)
    }

    func leaf(_ draw: RuntimeDraw) throws(ChoiceSource.Stop) -> Tree {
        switch try draw.weighted([5, 4, 3, 1]) {
        case 0: return .leaf(try draw.pick(["1", "0", "2", "3", "10", "2.5", "9.99", "100"]))
        case 1 where !variables.isEmpty:
            return .leaf(try draw.chance(0.05) ? "ghost" : try draw.pick(variables).key)
        // Text beyond ASCII: a scalar outside the BMP (two UTF-16 units) and a letter with a combining accent (two
        // scalars, one character), where counting and case mapping differ between languages.
        case 2:
            return .leaf(
                try draw.pick(["'pro'", "''", "\"free\"", "'Ada'", "'a'", "'it\\'s'", "'\u{1F600}'", "'e\u{301}'"]))
        default: return .leaf(try draw.pick(["true", "false"]))
        }
    }
}
