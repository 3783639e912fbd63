package import JSON

/// Lays out JSON for people: a value that fits on its line stays on it, a longer one is broken one member per
/// line. Keys keep their order.
///
/// Client cases are read and reviewed by hand; one member per line everywhere would spread a three-input case over
/// hundreds of lines, and one line per value would hide what a step expects.
package enum CaseText {
    /// The widest line it aims for.
    package static let width = 110

    /// `value` laid out from column 0.
    package static func pretty(_ value: JSONValue) -> String { layout(value, indent: "", column: 0) }

    /// `value` on one line, with a space after each `:` and `,`.
    package static func inline(_ value: JSONValue) -> String {
        switch value {
        case .array(let items): return "[" + items.map(inline).joined(separator: ", ") + "]"
        case .object(let pairs):
            return "{"
                + pairs.map { JSONWriter.write(.string($0.key)) + ": " + inline($0.value) }
                .joined(separator: ", ") + "}"
        default: return JSONWriter.write(value)
        }
    }

    private static func layout(_ value: JSONValue, indent: String, column: Int) -> String {
        let line = inline(value)
        if column + line.count <= width { return line }
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            let lines = items.map { inner + layout($0, indent: inner, column: inner.count) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let pairs) where !pairs.isEmpty:
            let lines = pairs.map { pair in
                let key = inner + JSONWriter.write(.string(pair.key)) + ": "
                return key + layout(pair.value, indent: inner, column: key.count)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return line
        }
    }
}
