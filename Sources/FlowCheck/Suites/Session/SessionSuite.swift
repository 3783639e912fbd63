import ConformanceRules
import FlowCheckCore
import NavigationModel

/// The session suite: optimistic changes, and the server's answers that confirm, roll back or redirect them
/// (SES- rules, with the NAV- rules for every directive applied on the way).
public struct SessionSuite: StackSuite {
    public var suite: Suite { .session }
    public var summary: String { "optimistic navigation and the server's answers (SES- rules)" }
    public var seedSalt: UInt64 { 2 }
    public var rules: [Rule] { NavigationRules.all.filter { $0.suite == .session } }
    public var optimistic: Bool { true }

    /// Creates the suite.
    public init() {}

    public func notCertified(_ capabilities: Capabilities) -> [String] {
        // The navigation suite lists the undeclared modes and profiles; repeat them only when it does not run.
        capabilities.suites.contains(.navigation) ? [] : undeclared(capabilities)
    }

    public func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        CoverageLabel.requiredForSession(capabilities)
    }
}
