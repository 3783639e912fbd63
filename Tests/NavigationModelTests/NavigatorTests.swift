import NavigationModel
import Testing

@Suite("Navigator: flow behaviors")
struct FlowBehaviorTests {
    @Test("NAV-PUSH-KEEP: seed example, KEEP appends and removes nothing")
    func keepSeedExample() {
        let (outcome, after) = apply(push("PRODUCT", "DISC", .keep), to: "HOME(DISC)*, CATEGORY(DISC)")
        #expect(outcome == .applied)
        #expect(after == stack("HOME(DISC)*, CATEGORY(DISC), PRODUCT(DISC)"))
    }

    @Test("NAV-PUSH-KEEP: RUF stack-modes example [HOME, CART] → [HOME, CART, CHECKOUT]")
    func pushStackModesExample() {
        let (_, after) = apply(push("CHECKOUT", "CHECKOUT", .keep), to: "HOME, CART(CHECKOUT)*")
        #expect(after.map(\.screen) == ["HOME", "CART", "CHECKOUT"])
        #expect(after.last?.flowRoot == false)
    }

    @Test("NAV-PUSH-REMOVE-PREVIOUS: seed example removes every AUTH screen")
    func removePreviousSeedExample() {
        let (_, after) = apply(
            push("CONFIRM_PHONE", "AUTH", .removePrevious), to: "HOME(DISC)*, SIGN_IN(AUTH)*, SIGN_UP_FORM(AUTH)")
        #expect(after.map(\.screen) == ["HOME", "CONFIRM_PHONE"])
        // REMOVE_PREVIOUS continues the flow; only START_NEW marks a root when the flow had screens.
        #expect(after.last == StackEntry(screen: "CONFIRM_PHONE", flow: "AUTH", flowRoot: false, presentation: .push))
    }

    @Test("NAV-PUSH-REMOVE-PREVIOUS: removes all of the flow, not only the top run or the previous screen")
    func removePreviousRemovesAll() {
        let (_, after) = apply(push("D", "F", .removePrevious), to: "HOME, A(F)*, B(G)*, C(F)")
        #expect(after == stack("HOME, B(G)*, D(F)"))
    }

    @Test("NAV-PUSH-REMOVE-PREVIOUS: acts on the top layer only")
    func removePreviousTopLayerOnly() {
        let (_, after) = apply(push("D", "F", .removePrevious), to: "HOME, A(F)*, ^M(G)*, C(F)*")
        #expect(after == stack("HOME, A(F)*, ^M(G)*, D(F)"))
    }

    @Test("NAV-PUSH-START-NEW: seed example, the new screen is the flow root")
    func startNewSeedExample() {
        let (_, after) = apply(
            push("AUTH_OPTIONS", "AUTH", .startNew), to: "HOME(DISC)*, SIGN_IN(AUTH)*, STEP_1(AUTH), STEP_2(AUTH)")
        #expect(after == stack("HOME(DISC)*, AUTH_OPTIONS(AUTH)*"))
    }

    @Test("NAV-PUSH-START-NEW: differs from REMOVE_PREVIOUS only by the flow-root mark")
    func startNewVersusRemovePrevious() {
        let initial = "HOME, A(F)*, B(F)"
        let (_, viaRemove) = apply(push("C", "F", .removePrevious), to: initial)
        let (_, viaStart) = apply(push("C", "F", .startNew), to: initial)
        #expect(viaRemove.map(\.screen) == viaStart.map(\.screen))
        #expect(viaRemove.last?.flowRoot == false)
        #expect(viaStart.last?.flowRoot == true)
    }

    @Test("NAV-FLOW-ROOT: the first screen of a flow in the layer is its root, later ones are not")
    func flowRootMark() {
        let (_, first) = apply(push("A", "F", .keep), to: "HOME")
        #expect(first.last?.flowRoot == true)
        let (_, second) = apply(push("B", "F", .keep), to: "HOME, A(F)*")
        #expect(second.last?.flowRoot == false)
        let (_, inModal) = apply(push("B", "F", .keep), to: "HOME, A(F)*, ^M(G)*")
        #expect(inModal.last?.flowRoot == true)
        #expect(inModal.duplicateFlowRoots.isEmpty)
    }

    @Test(
        "NAV-FLOWLESS: without flows every destination puts a plain entry; REPLACE of the only entry keeps it the root")
    func flowless() {
        let navigator = ReferenceNavigator(profile: NavigationProfile(nesting: .owned, flows: false))
        var stack = ScreenStack([StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)])
        #expect(navigator.apply(NavigationDirective(mode: .replace, screen: "START"), to: &stack) == .applied)
        #expect(stack.entries == [StackEntry(screen: "START", flow: nil, flowRoot: false, presentation: .root)])
        #expect(navigator.apply(NavigationDirective(mode: .present, screen: "SHEET"), to: &stack) == .applied)
        #expect(stack.last == StackEntry(screen: "SHEET", flow: nil, flowRoot: false, presentation: .modal))
        #expect(stack.shapeProblem == nil)
    }

    @Test("NAV-BASE: removing the root entry hands its presentation to the first entry left")
    func baseRuleAtRoot() {
        let (_, after) = apply(push("X", "AUTH", .removePrevious), to: "LOGIN(AUTH)*, HOME(MAIN)*")
        #expect(
            after
                == ScreenStack([
                    StackEntry(screen: "HOME", flow: "MAIN", flowRoot: true, presentation: .root),
                    StackEntry(screen: "X", flow: "AUTH", flowRoot: false, presentation: .push),
                ]))
        #expect(after.shapeProblem == nil)
    }

    @Test("NAV-BASE: when the whole layer is removed the new entry takes the base presentation")
    func baseRuleWholeLayer() {
        let (_, rootLayer) = apply(push("X", "AUTH", .startNew), to: "LOGIN(AUTH)*, STEP(AUTH)")
        #expect(rootLayer == ScreenStack([StackEntry(screen: "X", flow: "AUTH", flowRoot: true, presentation: .root)]))
        let (_, modalLayer) = apply(push("X", "AUTH", .removePrevious), to: "HOME, ^LOGIN(AUTH)*, STEP(AUTH)")
        #expect(modalLayer == stack("HOME, ^X(AUTH)"))
    }
}

@Suite("Navigator: stack modes")
struct StackModeTests {
    @Test("NAV-REPLACE: RUF example [HOME, ADDR_STEP_1] → [HOME, ADDR_STEP_2]")
    func replaceExample() {
        let (outcome, after) = apply(
            NavigationDirective(.replace, "ADDR_STEP_2", flow: "ADDR", .keep), to: "HOME, ADDR_STEP_1(ADDR)*")
        #expect(outcome == .applied)
        // `had` is computed after the top is removed, so ADDR_STEP_2 becomes the flow root.
        #expect(after == stack("HOME, ADDR_STEP_2(ADDR)*"))
    }

    @Test("NAV-REPLACE: replacing the only entry keeps the root presentation (NAV-BASE)")
    func replaceRoot() {
        let (_, after) = apply(NavigationDirective(.replace, "WELCOME", flow: "ONBOARD", .keep), to: "HOME")
        #expect(
            after == ScreenStack([StackEntry(screen: "WELCOME", flow: "ONBOARD", flowRoot: true, presentation: .root)]))
        let (_, modal) = apply(NavigationDirective(.replace, "B", flow: "F", .keep), to: "HOME, ^A(G)*")
        #expect(modal == stack("HOME, ^B(F)*"))
    }

    @Test("NAV-REPLACE: with REMOVE_PREVIOUS it also removes the flow's other screens")
    func replaceWithRemovePrevious() {
        let (_, after) = apply(
            NavigationDirective(.replace, "C", flow: "F", .removePrevious), to: "HOME, A(F)*, B(G)*, X(H)*")
        #expect(after == stack("HOME, B(G)*, C(F)"))
    }

    @Test("NAV-RESET: RUF example [HOME, CATEGORY, PRODUCT] → [HOME]")
    func resetExample() {
        let (_, after) = apply(
            NavigationDirective(.reset, "HOME", flow: "MAIN", .keep), to: "HOME, CATEGORY(DISC)*, ^PRODUCT(DISC)*")
        #expect(after == ScreenStack([StackEntry(screen: "HOME", flow: "MAIN", flowRoot: true, presentation: .root)]))
    }

    @Test("NAV-POP: RUF example [HOME, CART, CHECKOUT] → [HOME, CART]")
    func popExample() {
        let (_, after) = apply(NavigationDirective(mode: .pop), to: "HOME, CART(CHECKOUT)*, CHECKOUT(CHECKOUT)")
        #expect(after == stack("HOME, CART(CHECKOUT)*"))
    }

    @Test("NAV-POP: popping a modal base closes its layer")
    func popModalBase() {
        let (_, after) = apply(NavigationDirective(mode: .pop), to: "HOME, ^SHEET(S)*")
        #expect(after == stack("HOME"))
    }

    @Test("NAV-POP-ROOT: POP on the root alone is rejected with cannotPopRoot")
    func popRoot() {
        let (outcome, after) = apply(NavigationDirective(mode: .pop), to: "HOME")
        #expect(outcome == .rejected(.cannotPopRoot))
        #expect(after == stack("HOME"))
    }

    @Test("NAV-PRESENT: starts a modal layer whose base is the flow root, whatever the behavior")
    func present() {
        let (_, after) = apply(
            NavigationDirective(.present, "LOGIN", flow: "AUTH", .removePrevious), to: "HOME, SIGN_IN(AUTH)*")
        #expect(after == stack("HOME, SIGN_IN(AUTH)*, ^LOGIN(AUTH)*"))
    }

    @Test("NAV-DISMISS: removes the whole top presented layer")
    func dismiss() {
        let (_, after) = apply(NavigationDirective(mode: .dismiss), to: "HOME, ^A(F)*, ^B(G)*, C(G)")
        #expect(after == stack("HOME, ^A(F)*"))
    }

    @Test("NAV-DISMISS-ROOT: DISMISS with nothing presented is rejected, never a blank stack")
    func dismissRoot() {
        let (outcome, after) = apply(NavigationDirective(mode: .dismiss), to: "HOME, A(F)*")
        #expect(outcome == .rejected(.nothingToDismiss))
        #expect(after == stack("HOME, A(F)*"))
    }

    @Test("NAV-POP-TO: the topmost match, searched in the top layer (owned) or the whole stack (shared)")
    func popTo() {
        let initial = "HOME, A, B, A, ^M, C"
        #expect(apply(NavigationDirective(mode: .popTo, screen: "A"), to: initial, .shared).1 == stack("HOME, A, B, A"))
        #expect(
            apply(NavigationDirective(mode: .popTo, screen: "M"), to: initial, .owned).1 == stack("HOME, A, B, A, ^M"))
        #expect(apply(NavigationDirective(mode: .popTo, screen: "C"), to: initial, .owned).1 == stack(initial))
    }

    @Test("NAV-POP-TO-MISSING: a target outside the searched range is rejected with targetNotFound")
    func popToMissing() {
        let initial = "HOME, A, ^M, C"
        #expect(
            apply(NavigationDirective(mode: .popTo, screen: "A"), to: initial, .owned).0 == .rejected(.targetNotFound))
        #expect(apply(NavigationDirective(mode: .popTo, screen: "A"), to: initial, .shared).0 == .applied)
        #expect(
            apply(NavigationDirective(mode: .popTo, screen: "NOPE"), to: initial, .shared) == (
                .rejected(.targetNotFound), stack(initial)
            ))
    }

    @Test("NAV-POP-TO-ROOT: owned returns to the top layer's base, shared to entry 0; never rejected")
    func popToRoot() {
        let initial = "HOME, A, ^M, C, D"
        #expect(apply(NavigationDirective(mode: .popToRoot), to: initial, .owned).1 == stack("HOME, A, ^M"))
        #expect(apply(NavigationDirective(mode: .popToRoot), to: initial, .shared).1 == stack("HOME"))
        #expect(apply(NavigationDirective(mode: .popToRoot), to: "HOME", .shared) == (.applied, stack("HOME")))
    }

    @Test("NAV-FAILED-IDLE: FAILED outside a pending change is applied and changes nothing")
    func failedIdle() {
        #expect(
            apply(NavigationDirective(id: "x", mode: .failed), to: "HOME, A(F)*") == (.applied, stack("HOME, A(F)*")))
    }
}
