extension RuntimeExpression {
    /// A recursive-descent parser over the expression's scalars: one pass, with recursion only through parentheses,
    /// prefix operators and calls, each of which counts toward ``RuntimeExpression/maxDepth``.
    struct Parser {
        let text: [Unicode.Scalar]
        var position = 0
        var depth = 0
        /// How many operators and calls the expression has so far (RuntimeExpression.maxOperators).
        var operators = 0
        /// Whether parsing stopped at the depth limit (rather than at a syntax error).
        var tooDeep = false

        init(text: [Unicode.Scalar]) { self.text = text }

        /// The tree of the whole text, or `nil` when it does not parse or nests too deep.
        mutating func parse() -> Node? {
            guard let tree = binary(level: 0) else { return nil }
            skipSpaces()
            return position == text.count ? tree : nil
        }

        /// Operators by level, loosest first.
        static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"],
        ]

        mutating func binary(level: Int) -> Node? {
            guard level < Self.levels.count else { return prefix() }
            guard var left = binary(level: level + 1) else { return nil }
            while let op = match(Self.levels[level]) {
                guard count(), let right = binary(level: level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        mutating func prefix() -> Node? {
            skipSpaces()
            guard position < text.count, text[position] == "!" || text[position] == "-" else { return primary() }
            // `!=` is not a prefix.
            if text[position] == "!", position + 1 < text.count, text[position + 1] == "=" { return nil }
            let op = String(text[position])
            position += 1
            guard enter() else { return nil }
            defer { depth -= 1 }
            return prefix().map { .prefix(op, $0) }
        }

        mutating func primary() -> Node? {
            skipSpaces()
            guard position < text.count else { return nil }
            let scalar = text[position]
            switch scalar {
            case "(":
                position += 1
                guard enter() else { return nil }
                defer { depth -= 1 }
                guard let inner = binary(level: 0), match([")"]) != nil else { return nil }
                return inner
            case "'", "\"": return string(quote: scalar).map { .literal(.string($0)) }
            case "0"..."9": return number().map { .literal(.number($0)) }
            default:
                guard Self.startsName(scalar) else { return nil }
                let name = identifier()
                if name == "true" { return .literal(.bool(true)) }
                if name == "false" { return .literal(.bool(false)) }
                guard match(["("]) != nil else { return .variable(name) }
                guard enter() else { return nil }
                defer { depth -= 1 }
                var arguments: [Node] = []
                if match([")"]) != nil { return .call(name, arguments) }
                repeat {
                    guard let argument = binary(level: 0) else { return nil }
                    arguments.append(argument)
                } while match([","]) != nil
                return match([")"]) != nil ? .call(name, arguments) : nil
            }
        }

        /// Counts one operator or call, or fails past the limit: a long chain is a deep tree to evaluate.
        mutating func count() -> Bool {
            operators += 1
            if operators > RuntimeExpression.maxOperators {
                tooDeep = true
                return false
            }
            return true
        }

        /// Goes one level deeper, or fails at the limit.
        mutating func enter() -> Bool {
            guard count() else { return false }
            depth += 1
            if depth > RuntimeExpression.maxDepth {
                tooDeep = true
                return false
            }
            return true
        }

        static func startsName(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }

        /// A variable key or function name: a letter or `_`, then letters, digits, `_` and `.`.
        mutating func identifier() -> String {
            var name = ""
            while position < text.count {
                let scalar = text[position]
                guard Self.startsName(scalar) || ("0"..."9").contains(scalar) || scalar == "." else { break }
                name.unicodeScalars.append(scalar)
                position += 1
            }
            return name
        }

        /// Digits with an optional fraction.
        mutating func number() -> Double? {
            var literal = ""
            while position < text.count, ("0"..."9").contains(text[position]) || text[position] == "." {
                literal.unicodeScalars.append(text[position])
                position += 1
            }
            return RuntimeValue.number(literal)
        }

        /// A quoted string, with `\\`, `\'`, `\"` and `\n` escapes.
        mutating func string(quote: Unicode.Scalar) -> String? {
            position += 1
            var value = ""
            while position < text.count {
                let scalar = text[position]
                position += 1
                if scalar == quote { return value }
                guard scalar == "\\" else {
                    value.unicodeScalars.append(scalar)
                    continue
                }
                guard position < text.count else { return nil }
                let escaped = text[position]
                position += 1
                switch escaped {
                case "n": value.unicodeScalars.append("\n")
                case "\\", "'", "\"": value.unicodeScalars.append(escaped)
                default: return nil
                }
            }
            return nil
        }

        /// The first of `options` at the position (after spaces), consumed.
        mutating func match(_ options: [String]) -> String? {
            skipSpaces()
            for option in options {
                let scalars = Array(option.unicodeScalars)
                guard position + scalars.count <= text.count,
                    Array(text[position..<(position + scalars.count)]) == scalars
                else { continue }
                // `<` is not the start of `<=`, nor `=` of `==` (the longer ones are listed first).
                position += scalars.count
                return option
            }
            return nil
        }

        mutating func skipSpaces() {
            while position < text.count, text[position] == " " || text[position] == "\t" || text[position] == "\n" {
                position += 1
            }
        }
    }
}
