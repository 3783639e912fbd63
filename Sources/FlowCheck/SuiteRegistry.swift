import ConformanceRules
import FlowCheckCore

/// Every suite the kit has, in the order a run takes them.
///
/// Adding a suite is one folder under `Sources/FlowCheck/Suites` and one line here.
package enum SuiteRegistry {
    /// The registered suites.
    package static let all: [any ConformanceSuite] = [
        NavigationSuite(),
        SessionSuite(),
        DecodingSuite(),
        ClientSuite(),
    ]

    /// The suite with this name, if the kit has it.
    package static func named(_ suite: Suite) -> (any ConformanceSuite)? { all.first { $0.suite == suite } }

    /// Every suite's name, in run order.
    package static var names: [Suite] { all.map(\.suite) }

    /// Every rule of every suite.
    package static var rules: [Rule] { all.flatMap(\.rules) }

    /// The rule with this ID, in any suite.
    package static func rule(_ id: String) -> Rule? { rules.first { $0.id == id } }
}
