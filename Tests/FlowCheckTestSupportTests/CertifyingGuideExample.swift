// The in-process example of the certifying guide (Sources/FlowCheck/FlowCheck.docc/CertifyingAnSDK.md).
// The guide shows the lines between the snippet markers exactly; GuideExampleTests checks that it does.
// snippet:begin
import FlowCheck
import Testing

/// The SDK under test: a stack of routes that knows PUSH (keeping flows) and POP.
final class RouteStack {
    struct Route { var screen: String; var flow: String?; var startsFlow: Bool }
    private(set) var routes: [Route] = []

    func replace(with routes: [Route]) { self.routes = routes }

    /// Pushes a screen; it starts its flow when no screen of that flow is on the stack yet.
    func push(_ screen: String, flow: String) {
        routes.append(Route(screen: screen, flow: flow, startsFlow: !routes.contains { $0.flow == flow }))
    }

    /// Pops the top screen; the root screen stays.
    func pop() -> Bool {
        guard routes.count > 1 else { return false }
        routes.removeLast()
        return true
    }
}

/// The adapter FlowCheck drives: it turns the kit's commands into SDK calls and reads the stack back.
final class RouteStackAdapter: NavigationImplementation {
    let sdk = RouteStack()
    var info: ImplementationInfo { ImplementationInfo(name: "route-stack", version: "1.0.0", language: "Swift") }
    // Declare only what the SDK does: everything else is listed as not certified, never as passed.
    var capabilities: Capabilities {
        Capabilities(suites: [.navigation], modes: [.push, .pop], behaviors: [.keep], nesting: [.owned])
    }

    func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
        sdk.replace(with: stack.map { RouteStack.Route(screen: $0.screen, flow: $0.flow, startsFlow: $0.flowRoot) })
    }

    func perform(_ command: NavigationCommand) throws -> NavigationReply {
        var applied = false
        if let directive = command.directive, let mode = directive.mode {
            if mode == .push, directive.flow?.behavior == .keep, let screen = directive.screen, !screen.isEmpty,
                let flow = directive.flow?.name, !flow.isEmpty
            {
                sdk.push(screen, flow: flow)
                applied = true
            } else if mode == .pop {
                applied = sdk.pop()
            }
        }
        let entries = sdk.routes.enumerated().map { index, route in
            StackEntry(
                screen: route.screen, flow: route.flow, flowRoot: route.startsFlow,
                presentation: index == 0 ? .root : .push)
        }
        // Anything the SDK did not apply is a rejection that changed nothing.
        return NavigationReply(
            outcome: applied ? .applied : .rejected(nil), state: SessionState(stack: ScreenStack(entries)))
    }
}

@Test func routeStackConforms() {
    expectConformance(RouteStackAdapter(), seed: 42)
}
// snippet:end

// The guide's "Steps as they are drawn" section shows these lines exactly.
// snippet:stepped:begin
extension RouteStackAdapter {
    var takesCommandsAsDrawn: Bool { true }
}
// snippet:stepped:end
