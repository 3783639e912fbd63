// Text is compared by its Unicode scalars, as the Runtime article says and as every language's plain string
// comparison does: Swift's own `==`, `contains` and `hasPrefix` treat canonically equivalent text (a precomposed
// `é` and an `e` with a combining accent) as equal, which no SDK in another language would.
extension String {
    /// Whether both strings have the same Unicode scalars.
    package func sameScalars(as other: String) -> Bool { unicodeScalars.elementsEqual(other.unicodeScalars) }

    /// Whether `part`'s scalars appear in a row among the string's.
    package func scalarsContain(_ part: String) -> Bool {
        Self.firstMatch(of: Array(part.unicodeScalars), in: Array(unicodeScalars)) != nil
    }

    /// Whether the string's scalars begin with `part`'s.
    package func scalarsHavePrefix(_ part: String) -> Bool { unicodeScalars.starts(with: part.unicodeScalars) }

    /// Whether the string's scalars end with `part`'s.
    package func scalarsHaveSuffix(_ part: String) -> Bool {
        unicodeScalars.reversed().starts(with: part.unicodeScalars.reversed())
    }

    /// Where `pattern` first occurs in `text`, in time linear in both (Knuth–Morris–Pratt).
    static func firstMatch(of pattern: [Unicode.Scalar], in text: [Unicode.Scalar]) -> Int? {
        guard !pattern.isEmpty else { return 0 }
        var failure = [0] + Array(repeating: 0, count: pattern.count - 1)
        var length = 0
        for index in pattern.indices.dropFirst() {
            while length > 0, pattern[index] != pattern[length] { length = failure[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            failure[index] = length
        }
        var matched = 0
        for (index, scalar) in text.enumerated() {
            while matched > 0, scalar != pattern[matched] { matched = failure[matched - 1] }
            if scalar == pattern[matched] { matched += 1 }
            if matched == pattern.count { return index - pattern.count + 1 }
        }
        return nil
    }
}
