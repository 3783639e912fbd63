/// One departure of a backend's answer from a rule: the rule, where in the answer (a JSON path), and what is wrong.
package struct ServerViolation: Hashable, Sendable, CustomStringConvertible {
    /// The rule's ID (`SRV-NAV-ID`).
    package var rule: String
    /// `$.screens.CART.components.total.payload.amount`, or `$` for the answer as a whole.
    package var path: String
    /// What is wrong there, in words.
    package var message: String

    /// Creates a violation.
    package init(_ rule: String, _ path: String, _ message: String) {
        self.rule = rule
        self.path = path
        self.message = message
    }

    package var description: String { "\(rule) at \(path): \(message)" }
}
