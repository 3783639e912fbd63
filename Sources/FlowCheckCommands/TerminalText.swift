/// Text from an implementation (its name, its replies, its standard error) made safe for a terminal: control
/// characters other than newline and tab are shown escaped (`\u{1B}`), so no escape sequence reaches the terminal.
package enum TerminalText {
    /// `text` with every control character but newline and tab written as `\u{XX}`.
    package static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(value)
    }
}
