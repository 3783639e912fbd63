/// Text that came from an implementation (its name, its replies, its standard error), with control characters made
/// visible as `\u{1B}`: no escape sequence reaches a terminal, and no newline in a name can fake a report line.
///
/// Bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE and its kin) and the Unicode line and paragraph separators
/// are escaped too: they would reorder or break what a reader sees (a name that shows as another, a line that seems
/// to be two) while the bytes say otherwise.
package enum VisibleText {
    /// The scalars escaped besides the C0 and C1 controls: every bidirectional control, and U+2028 and U+2029.
    static let invisible: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028,
        0x2029,
    ]

    /// `text` with every control character written as `\u{XX}`, but newline and tab when `keepingLines` is set.
    package static func escapingControls(_ text: String, keepingLines: Bool = true) -> String {
        let isControl = { (scalar: Unicode.Scalar) -> Bool in
            let value = scalar.value
            if keepingLines && (scalar == "\n" || scalar == "\t") { return false }
            return value < 0x20 || (0x7F...0x9F).contains(value) || (value >= 0x61C && invisible.contains(value))
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
