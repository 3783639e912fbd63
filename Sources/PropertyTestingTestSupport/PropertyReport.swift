public import PropertyTesting

/// A check result the test helpers can judge: whether it passed, and the report to show when not.
public protocol PropertyReport: CustomStringConvertible {
    /// Whether the check passed.
    var passed: Bool { get }
}

extension CheckResult: PropertyReport {}
extension StatefulCheckResult: PropertyReport {}
