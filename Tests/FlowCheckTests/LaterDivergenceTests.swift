@testable import FlowCheckEngine
@testable import FlowCheckNavigationSuite
import NavigationModel
import PropertyTesting
import SampleImplementations
import Testing

/// Navigation runs compared past their first divergence, from the model's state (LaterDivergences).
@Suite("Later divergences")
struct LaterDivergenceTests {
    static let home = ScreenStack([StackEntry(screen: "HOME", flow: "MAIN", flowRoot: true, presentation: .root)])

    /// POP on the root alone, which the mutant ignores; a PUSH; then a RESET, which it gets wrong too.
    static func plan() throws -> RunPlan {
        try RunPlan(
            suite: .navigation, profile: .owned, initial: home,
            commands: [
                .navigate(NavigationDirective(mode: .pop)),
                .navigate(NavigationDirective(id: "n1", .push, "PRODUCT", flow: "MAIN", .keep)),
                .navigate(NavigationDirective(id: "n2", .reset, "CART", flow: "SHOP", .keep)),
            ])
    }

    @Test("The continuation starts from the model's stack past the divergence, with the commands left")
    func continuation() throws {
        let plan = try Self.plan()
        let next = try #require(LaterDivergences.continuation(plan, after: 0))
        #expect(next.initial == Self.home && next.commands == Array(plan.commands.dropFirst()))
        #expect(LaterDivergences.continuation(plan, after: 2) == nil)
    }

    @Test("A later divergence is found, blamed, and counted as compared; a run of one bug finds none")
    func laterFound() throws {
        let plan = try Self.plan()
        let both = SampleNavigator(bugs: [.popRootIgnored, .resetKeepsRoot])
        let falsification = try #require(
            StackFailure.falsification(
                plan, try StackFailure.replies(of: both, to: plan), reasons: true,
                implementation: both))
        #expect(falsification.unitTriggers == ["NAV-POP-ROOT"])
        #expect(falsification.later == [["NAV-RESET"]])
        #expect(falsification.comparedTriggers?["NAV-RESET"] == 1)
        let one = SampleNavigator(bug: .popRootIgnored)
        let alone = try #require(
            StackFailure.falsification(
                plan, try StackFailure.replies(of: one, to: plan), reasons: true,
                implementation: one))
        #expect(alone.later.isEmpty && alone.comparedTriggers?["NAV-RESET"] == 1)
    }
}
