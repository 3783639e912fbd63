/// A YAML node of the subset spec files use, with the position it starts at.
package indirect enum YAMLNode: Hashable, Sendable {
    /// A scalar's text; `quoted` when it was written in quotes (then it is always a string).
    case scalar(String, quoted: Bool, Position)
    /// Key–value pairs in document order; repeated keys are kept (a linter may want to see them).
    case mapping([Pair], Position)
    /// Items in document order.
    case sequence([YAMLNode], Position)

    /// A line and column, from 1.
    package struct Position: Hashable, Sendable, CustomStringConvertible {
        /// The line, from 1.
        package var line: Int
        /// The column, from 1.
        package var column: Int
        /// Creates a position.
        package init(line: Int, column: Int) { self.line = line; self.column = column }
        package var description: String { "line \(line), column \(column)" }
    }

    /// One key and its value in a mapping.
    package struct Pair: Hashable, Sendable {
        /// The key's text.
        package var key: String
        /// Where the key starts, for messages about the key itself.
        package var keyPosition: Position
        /// The value.
        package var value: YAMLNode
    }

    /// Where the node starts.
    package var position: Position {
        switch self {
        case .scalar(_, _, let p), .mapping(_, let p), .sequence(_, let p): return p
        }
    }

    /// The value of `key` in a mapping (the first one when repeated).
    package subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// A mapping's pairs, or `nil` for any other node.
    package var pairs: [Pair]? { if case .mapping(let p, _) = self { return p }; return nil }
    /// A sequence's items, or `nil` for any other node.
    package var items: [YAMLNode]? { if case .sequence(let i, _) = self { return i }; return nil }

    /// A scalar's text, or `nil`; `~`, `null` and an empty plain scalar are null.
    package var string: String? {
        guard case .scalar(let text, let quoted, _) = self else { return nil }
        if !quoted && ["", "~", "null", "Null", "NULL"].contains(text) { return nil }
        return text
    }

    /// Whether this is a null scalar.
    package var isNull: Bool {
        if case .scalar(let text, let quoted, _) = self {
            return !quoted && ["", "~", "null", "Null", "NULL"].contains(text)
        }
        return false
    }
}

/// Where and why YAML text is outside the supported subset or malformed.
package struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column, from 1.
    package var column: Int
    /// What is wrong.
    package var message: String
    /// Creates an error at a place in the text.
    package init(line: Int, column: Int, message: String) {
        self.line = line; self.column = column; self.message = message
    }
    package var description: String { "line \(line), column \(column): \(message)" }
}
