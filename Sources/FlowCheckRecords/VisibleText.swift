/// Text that came from an implementation (its name, its replies, its standard error), with control characters made
/// visible as `\u{1B}`: no escape sequence reaches a terminal, and no newline in a name can fake a report line.
///
/// Format characters (general category Cf: bidirectional controls such as U+202E RIGHT-TO-LEFT OVERRIDE, zero-width
/// spaces and joiners, the soft hyphen, U+FEFF, tag characters), the blank Hangul fillers and the Unicode line and
/// paragraph separators are escaped too: they would reorder, hide or break what a reader sees (a name that shows as
/// another, a line that seems to be two) while the bytes say otherwise.
package enum VisibleText {
    /// Scalars that draw nothing but are not format characters: U+2028 and U+2029, and the Hangul fillers.
    static let invisible: Set<UInt32> = [0x2028, 0x2029, 0x115F, 0x1160, 0x3164, 0xFFA0]

    /// `text` with every control character written as `\u{XX}`, but newline and tab when `keepingLines` is set.
    package static func escapingControls(_ text: String, keepingLines: Bool = true) -> String {
        let isControl = { (scalar: Unicode.Scalar) -> Bool in
            let value = scalar.value
            if keepingLines && (scalar == "\n" || scalar == "\t") { return false }
            return value < 0x20 || (0x7F...0x9F).contains(value)
                || (value >= 0xAD && (scalar.properties.generalCategory == .format || invisible.contains(value)))
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
