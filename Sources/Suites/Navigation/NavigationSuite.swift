package import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
package import Foundation
import NavigationModel

/// The navigation suite: directives applied to a stack, judged by the NAV- rules.
package struct NavigationSuite: StackSuite {
    package var suite: Suite { .navigation }
    package var summary: String { "directives applied to a stack (NAV- rules)" }
    package var seedSalt: UInt64 { 1 }
    package var rules: [Rule] { NavigationRules.all.filter { $0.suite == .navigation } }
    /// Golden cases name features of their own beside the rules' (`answer`, `confirm`).
    package var features: [String] { NavigationFeature.all }
    package var optimistic: Bool { false }

    /// Creates the suite.
    package init() {}

    package func notCertified(_ capabilities: Capabilities) -> [String] { undeclared(capabilities) }

    package func uncertifiedRules(_ capabilities: Capabilities) -> [String] {
        let out = outOfScopeNavigationRules(capabilities)
        return rules.map(\.id).filter(out.contains)
    }

    package func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        CoverageLabel.requiredForNavigation(capabilities)
    }

    /// The navigation and session folders: one format, whose cases each name their suite.
    package func goldenCases(in corpus: URL) -> GoldenCases? { NavigationCorpus.goldenCases(in: corpus) }
}
