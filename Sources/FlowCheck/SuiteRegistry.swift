import ConformanceRules
import FlowCheckCore

/// Every suite the kit has, in the order a run takes them.
///
/// Adding a suite is one folder under `Sources/FlowCheck/Suites` and one line here.
public enum SuiteRegistry {
    /// The registered suites.
    public static let all: [any ConformanceSuite] = [
        NavigationSuite(),
        SessionSuite(),
        DecodingSuite(),
    ]

    /// The suite with this name, if the kit has it.
    public static func named(_ suite: Suite) -> (any ConformanceSuite)? { all.first { $0.suite == suite } }

    /// Every suite's name, in run order.
    public static var names: [Suite] { all.map(\.suite) }

    /// Every rule of every suite.
    public static var rules: [Rule] { all.flatMap(\.rules) }

    /// The rule with this ID, in any suite.
    public static func rule(_ id: String) -> Rule? { rules.first { $0.id == id } }
}
