import ConformanceRules
import FlowCheckCore
import NavigationModel

/// The navigation suite: directives applied to a stack, judged by the NAV- rules.
public struct NavigationSuite: StackSuite {
    public var suite: Suite { .navigation }
    public var summary: String { "directives applied to a stack (NAV- rules)" }
    public var seedSalt: UInt64 { 1 }
    public var rules: [Rule] { NavigationRules.all.filter { $0.suite == .navigation } }
    public var optimistic: Bool { false }

    /// Creates the suite.
    public init() {}

    public func notCertified(_ capabilities: Capabilities) -> [String] { undeclared(capabilities) }

    public func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        CoverageLabel.requiredForNavigation(capabilities)
    }
}
