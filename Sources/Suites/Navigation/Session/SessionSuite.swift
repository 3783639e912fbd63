package import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
import NavigationModel

/// The session suite: optimistic changes, and the server's answers that confirm, roll back or redirect them
/// (SES- rules, with the NAV- rules for every directive applied on the way).
package struct SessionSuite: StackSuite {
    package var suite: Suite { .session }
    package var summary: String { "optimistic navigation and the server's answers (SES- rules)" }
    package var seedSalt: UInt64 { 2 }
    package var rules: [Rule] { NavigationRules.all.filter { $0.suite == .session } }
    /// Golden cases name features of their own beside the rules' (`answer`, `confirm`).
    package var features: [String] { NavigationFeature.all }
    package var optimistic: Bool { true }

    /// Creates the suite.
    package init() {}

    package func notCertified(_ capabilities: Capabilities) -> [String] {
        // The navigation suite lists the undeclared modes and profiles; repeat them only when it does not run.
        capabilities.suites.contains(.navigation) ? [] : undeclared(capabilities)
    }

    package func uncertifiedRules(_ capabilities: Capabilities) -> [String] {
        let navigation = capabilities.navigation
        // Without an optimistic mode nothing is ever pending: no session rule can be exercised.
        guard NavigationMode.optimistic.contains(where: navigation.modes.contains) else { return rules.map(\.id) }
        var out: Set<String> = []
        if !navigation.modes.contains(.failed) { out.insert(.sesRollback) }
        if !navigation.modes.contains(where: { !NavigationMode.optimistic.contains($0) }) {
            out.insert(.sesNotOptimistic)
        }
        return rules.map(\.id).filter(out.contains)
    }

    package func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        CoverageLabel.requiredForSession(capabilities)
    }
}
