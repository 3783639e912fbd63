import FlowCheckRecords

/// Text from an implementation (its name, its replies, its standard error) made safe for a terminal: control
/// characters other than newline and tab are shown escaped (`\u{1B}`), so no escape sequence reaches the terminal.
package enum TerminalText {
    /// `text` with every control character but newline and tab written as `\u{XX}`.
    package static func sanitize(_ text: String) -> String { VisibleText.escapingControls(text) }
}
