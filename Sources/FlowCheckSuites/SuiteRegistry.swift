package import ConformanceRules
import FlowCheckClientSuite
public import FlowCheckCore
import FlowCheckDecodingSuite
public import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRuntimeSuite
import FlowCheckServerSuite
package import Foundation

/// Every suite the kit has, in the order a run takes them.
///
/// Adding a suite is its module under `Sources/Suites` and one line here.
package enum SuiteRegistry {
    /// The registered suites.
    package static let all: [any ConformanceSuite] = [
        NavigationSuite(),
        SessionSuite(),
        DecodingSuite(),
        ClientSuite(),
        RuntimeSuite(),
        ServerSuite(),
    ]

    /// The suite with this name, if the kit has it.
    package static func named(_ suite: Suite) -> (any ConformanceSuite)? { all.first { $0.suite == suite } }

    /// Every suite's name, in run order.
    package static var names: [Suite] { all.map(\.suite) }

    /// Every rule of every suite.
    package static var rules: [Rule] { all.flatMap(\.rules) }

    /// Every suite's golden cases in a corpus folder, in run order.
    package static func goldenCases(in corpus: URL) -> [GoldenCases] { all.compactMap { $0.goldenCases(in: corpus) } }

    /// The rule with this ID, in any suite.
    package static func rule(_ id: String) -> Rule? { rules.first { $0.id == id } }
}

extension ConformanceRunner {
    /// Creates a runner for an implementation, with every suite the kit has.
    public init(implementation: any Implementation, options: Options) {
        self.init(implementation: implementation, options: options, registry: SuiteRegistry.all)
    }
}

extension Capabilities {
    /// The capabilities as a record keeps them: each declared suite's own fields written whole, with their defaults.
    package var recorded: Capabilities { recorded(by: SuiteRegistry.all) }
}
