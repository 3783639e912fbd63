/// Text that came from an implementation (its name, its replies, its standard error), with control characters made
/// visible as `\u{1B}`: no escape sequence reaches a terminal, and no newline in a name can fake a report line.
package enum VisibleText {
    /// `text` with every control character written as `\u{XX}`, but newline and tab when `keepingLines` is set.
    package static func escapingControls(_ text: String, keepingLines: Bool = true) -> String {
        let isControl = { (scalar: Unicode.Scalar) -> Bool in
            let value = scalar.value
            if keepingLines && (scalar == "\n" || scalar == "\t") { return false }
            return value < 0x20 || (0x7F...0x9F).contains(value)
        }
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

    /// One line: every control character escaped, newlines included.
    package static func line(_ text: String) -> String { escapingControls(text, keepingLines: false) }
}
