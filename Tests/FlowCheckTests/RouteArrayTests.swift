import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import NavigationModel
import SampleImplementations
import Testing

/// A route-array library: screens in an array, no flows, no modal layers (FlowStacks' routes, roughly).
final class RouteArray: NavigationImplementation {
    var routes: [String] = []
    var directives: [NavigationDirective] = []
    var initialFlows: Set<String> = []
    let dropsOnReplace: Bool

    init(dropsOnReplace: Bool = false) { self.dropsOnReplace = dropsOnReplace }

    var info: ImplementationInfo { ImplementationInfo(name: "route-array", version: "0", language: "Swift") }
    var capabilities: Capabilities {
        Capabilities(
            suites: [.navigation], modes: [.push, .replace, .reset, .pop, .popTo, .popToRoot], nesting: [.owned],
            reasons: false, flows: false, modals: false)
    }

    func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
        routes = stack.map(\.screen)
        initialFlows.formUnion(stack.compactMap(\.flow))
    }

    func perform(_ command: NavigationCommand) throws -> NavigationReply {
        guard let directive = command.directive else { return reply(false) }
        directives.append(directive)
        let screen = directive.screen ?? ""
        switch directive.mode {
        case .push? where !screen.isEmpty: routes.append(screen)
        case .replace? where !screen.isEmpty:
            routes.removeLast()
            routes.append(screen)
            // The planted bug: a REPLACE on the root screen loses it.
            if dropsOnReplace && routes.count == 1 { routes.append(screen) }
        case .reset? where !screen.isEmpty: routes = [screen]
        case .pop?:
            guard routes.count > 1 else { return reply(false) }
            routes.removeLast()
        case .popTo? where !screen.isEmpty:
            guard let index = routes.lastIndex(of: screen) else { return reply(false) }
            routes.removeSubrange((index + 1)...)
        case .popToRoot?: routes.removeSubrange(1...)
        default: return reply(false)
        }
        return reply(true)
    }

    private func reply(_ applied: Bool) -> NavigationReply {
        let entries = routes.enumerated().map {
            StackEntry(screen: $1, flow: nil, flowRoot: false, presentation: $0 == 0 ? .root : .push)
        }
        return NavigationReply(
            outcome: applied ? .applied : .rejected(nil), state: SessionState(stack: ScreenStack(entries)))
    }
}

@Suite("Implementations without flows or modal layers")
struct RouteArrayTests {
    @Test(
        "A route array conforms: no flow object is generated, no flow is on any stack, the flow rules are not certified"
    )
    func routeArrayConforms() throws {
        let implementation = RouteArray()
        let result = try ConformanceRunner(implementation: implementation, options: .init(seed: 5)).run()
        #expect(result.verdict.passed, "\(TextReport.render(result))")
        #expect(implementation.directives.allSatisfy { $0.flow == nil })
        #expect(implementation.initialFlows.isEmpty)
        #expect(!implementation.directives.contains { $0.mode == .present || $0.mode == .dismiss })
        let notCertified = result.header.notCertified.joined(separator: "\n")
        #expect(notCertified.contains("flows (not declared") && notCertified.contains("NAV-FLOW-ROOT"))
        #expect(notCertified.contains("modal layers (not declared"))
        #expect(!notCertified.contains("behavior KEEP"), "behaviors mean nothing without flows")
        let outOfScope = Set(try #require(result.suites.first).uncertifiedRules)
        #expect(
            outOfScope.isSuperset(of: [
                "NAV-FLOW-ROOT", "NAV-PUSH-START-NEW", "NAV-PRESENT", "NAV-DISMISS", "NAV-FAILED-IDLE",
            ]))
        #expect(
            !outOfScope.contains("NAV-FLOWLESS") && !outOfScope.contains("NAV-POP")
                && !outOfScope.contains("NAV-REPLACE"))
        let withFlows = try ConformanceRunner(
            implementation: SampleNavigator(), options: .init(seed: 1, runs: 5, suites: [.navigation])
        ).run()
        #expect(
            withFlows.suites.first?.uncertifiedRules == ["NAV-FLOWLESS"],
            "with flows, only the flowless rule is out of scope")
    }

    @Test("A route array's bug is caught and named without flows in the counterexample")
    func routeArrayBugCaught() throws {
        let result = try ConformanceRunner(implementation: RouteArray(dropsOnReplace: true), options: .init(seed: 5))
            .run()
        #expect(result.verdict.overall == .divergent)
        let failure = try #require(result.failures.first)
        #expect(
            failure.ruleIDs.contains("NAV-REPLACE") || failure.ruleIDs.contains("NAV-FLOWLESS"), "\(failure.ruleIDs)")
        let detail = try #require(failure.detail.decoded(as: StepFailureDetail.self))
        #expect(!detail.profile.flows)
        #expect(
            detail.initial.allSatisfy { $0.flow == nil } && detail.commands.allSatisfy { $0.directive?.flow == nil })
    }

    @Test("Declaring PRESENT without modal layers is refused before anything runs")
    func presentWithoutModals() {
        final class Contradicting: NavigationImplementation {
            var info: ImplementationInfo { ImplementationInfo(name: "contradicting", version: "0", language: "Swift") }
            var capabilities: Capabilities {
                Capabilities(suites: [.navigation], modes: [.push, .present], nesting: [.owned], modals: false)
            }
            func reset(to stack: ScreenStack, profile: NavigationProfile) throws {}
            func perform(_ command: NavigationCommand) throws -> NavigationReply {
                NavigationReply(outcome: .applied, state: SessionState(stack: []))
            }
        }
        #expect { try ConformanceRunner(implementation: Contradicting(), options: .init(seed: 1)).run() } throws: {
            error in
            "\(error)"
                == "contradicting declares the navigation suite, but it declares PRESENT without modal layers (\"modals\": false)"
        }
    }

    @Test("The model without flows: PUSH appends a plain entry, a flow object is ignored, RESET leaves a plain root")
    func flowlessModel() {
        let navigator = ReferenceNavigator(profile: NavigationProfile(nesting: .owned, flows: false))
        var stack: ScreenStack = [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)]
        #expect(navigator.apply(NavigationDirective(mode: .push, screen: "CART"), to: &stack) == .applied)
        #expect(
            navigator.apply(NavigationDirective(.push, "PRODUCT", flow: "SHOP", .removePrevious), to: &stack)
                == .applied)
        #expect(
            stack.map(\.screen) == ["HOME", "CART", "PRODUCT"] && stack.allSatisfy { $0.flow == nil && !$0.flowRoot })
        #expect(navigator.apply(NavigationDirective(mode: .reset, screen: "HOME"), to: &stack) == .applied)
        #expect(stack.entries == [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)])
        #expect(navigator.apply(NavigationDirective(mode: .push), to: &stack) == .rejected(.missingScreen))
    }
}
