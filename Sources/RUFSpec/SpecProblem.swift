/// A finding about a spec: a rule ID, a severity, a place, the path in the spec, and a sentence.
package struct SpecProblem: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Errors fail `flowcheck lint`; warnings do not.
    package enum Severity: String, Hashable, Sendable {
        /// The spec breaks the reference: a required field is missing, a value is outside its set, or it cannot be
        /// read.
        case error
        /// The spec is probably not what its author meant, or holds something the reference does not define.
        case warning
    }

    /// The rule ID, such as `SPEC-BEHAVIOR`.
    package var rule: String
    /// Whether the problem fails `flowcheck lint`.
    package var severity: Severity
    /// Where the problem stands.
    package var location: SpecLocation
    /// The path from the spec's root, such as `screens.CART.actions[0].navigates_to[1].flow.behavior`; empty for a
    /// problem with a whole file.
    package var path: String
    /// What is wrong, in one sentence.
    package var message: String

    /// Creates a problem.
    package init(rule: String, severity: Severity, location: SpecLocation, path: String = "", message: String) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.path = path
        self.message = message
    }

    package var description: String {
        "\(location): \(severity.rawValue): \(path.isEmpty ? "" : path + ": ")\(message) [\(rule)]"
    }
    package static func < (a: SpecProblem, b: SpecProblem) -> Bool {
        (a.location, a.rule, a.path, a.message) < (b.location, b.rule, b.path, b.message)
    }
}
