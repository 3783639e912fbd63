/// Parses one type written as text (`string`, `ProductItem[]`, `'ios' | 'android'`, `Record<string, number>`).
///
/// Objects are YAML mappings and never reach this parser. Input is read once, left to right, and nesting is
/// bounded by ``maxDepth``, so a hostile type costs linear time and never overflows the stack.
package enum TypeSyntax {
    /// Why a type's text does not parse, with the column (from 1, within the text) where it went wrong.
    package struct Failure: Error, Hashable, Sendable {
        /// What is wrong, in plain words.
        package var message: String
        /// The column within the type's text, from 1.
        package var column: Int
    }

    /// The deepest nesting of `Record<…>` and parentheses accepted.
    package static let maxDepth = 32

    /// The type `text` denotes.
    package static func parse(_ text: String) throws(Failure) -> SpecType {
        var parser = Parser(Array(text.unicodeScalars))
        parser.skipSpaces()
        guard !parser.atEnd else { throw Failure(message: "the type is empty", column: 1) }
        let type = try parser.union(depth: 0)
        parser.skipSpaces()
        if !parser.atEnd {
            throw parser.failure("unexpected \"\(parser.rest)\" after the type \(type.syntax)")
        }
        return type
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var offset = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { offset >= scalars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : scalars[offset] }
        var rest: String { String(String.UnicodeScalarView(scalars[offset...].prefix(24))) }

        func failure(_ message: String) -> Failure { Failure(message: message, column: offset + 1) }

        mutating func skipSpaces() { while peek == " " || peek == "\t" { offset += 1 } }

        mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(Failure) {
            skipSpaces()
            guard peek == scalar else {
                throw failure("expected \"\(scalar)\" \(what)" + (atEnd ? " before the end" : ", found \"\(rest)\""))
            }
            offset += 1
        }

        /// `a | b | …`: the syntax has unions of string literals only.
        mutating func union(depth: Int) throws(Failure) -> SpecType {
            skipSpaces()
            let start = offset
            let first = try postfix(depth: depth)
            skipSpaces()
            guard peek == "|" else { return first }
            var literals: [String] = []
            var member = first
            var memberStart = start
            while true {
                guard case .literals(let values) = member else {
                    throw Failure(
                        message: "\(member.syntax) in a union: the type syntax has unions of string literals only, "
                            + "such as 'ios' | 'android'",
                        column: memberStart + 1)
                }
                for value in values where !literals.contains(value) { literals.append(value) }
                skipSpaces()
                guard peek == "|" else { break }
                offset += 1
                skipSpaces()
                memberStart = offset
                member = try postfix(depth: depth)
            }
            return .literals(literals)
        }

        /// A primary type followed by any number of `[]`.
        mutating func postfix(depth: Int) throws(Failure) -> SpecType {
            var type = try primary(depth: depth)
            while true {
                skipSpaces()
                guard peek == "[" else { return type }
                offset += 1
                try expect("]", "to close \"[\" (an array is written T[])")
                type = .array(type)
            }
        }

        mutating func primary(depth: Int) throws(Failure) -> SpecType {
            guard depth < TypeSyntax.maxDepth else {
                throw failure("the type nests deeper than \(TypeSyntax.maxDepth) levels")
            }
            skipSpaces()
            guard let scalar = peek else { throw failure("a type is missing at the end") }
            if scalar == "'" || scalar == "\"" { return .literals([try literal(quote: scalar)]) }
            if scalar == "(" {
                offset += 1
                let inner = try union(depth: depth + 1)
                try expect(")", "to close \"(\"")
                return inner
            }
            guard Self.isIdentifierStart(scalar) else { throw failure("expected a type, found \"\(rest)\"") }
            let start = offset
            while let next = peek, Self.isIdentifierStart(next) || ("0"..."9").contains(next) { offset += 1 }
            let name = String(String.UnicodeScalarView(scalars[start..<offset]))
            switch name {
            case "string": return .string
            case "number": return .number
            case "boolean": return .boolean
            case "Record":
                try expect("<", "after Record (a map is written Record<string, T>)")
                skipSpaces()
                let keyStart = offset
                let key = try union(depth: depth + 1)
                guard key == .string else {
                    offset = keyStart
                    throw failure("a Record's keys are strings: Record<string, T>, not Record<\(key.syntax), …>")
                }
                try expect(",", "between a Record's key and value types")
                let value = try union(depth: depth + 1)
                try expect(">", "to close Record<")
                return .record(value)
            default:
                guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else {
                    offset = start
                    throw failure(
                        "\"\(name)\" is not a type: the primitives are string, number and boolean, and a named type "
                            + "starts with a capital letter")
                }
                return .named(name)
            }
        }

        mutating func literal(quote: Unicode.Scalar) throws(Failure) -> String {
            let start = offset
            offset += 1
            var text = String.UnicodeScalarView()
            while let scalar = peek, scalar != quote {
                text.append(scalar)
                offset += 1
            }
            guard peek == quote else {
                offset = start
                throw failure("a string literal is not closed with \(quote)")
            }
            offset += 1
            return String(text)
        }

        static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
        }
    }
}
