import NavigationModel
import Testing

@Suite("Session: optimistic navigation")
struct SessionTests {
    private func session(_ text: String, _ profile: NavigationProfile = .owned) throws -> NavigationSession {
        try NavigationSession(stack: stack(text), profile: profile)
    }

    @Test("SES-OPTIMISTIC and SES-ROLLBACK: optimistic PUSH then FAILED restores the stack")
    func optimisticThenFailed() throws {
        var s = try session("HOME, CART(CHECKOUT)*")
        #expect(s.optimistic(push("CHECKOUT", "CHECKOUT", .keep, id: "a1")) == .applied)
        #expect(s.state.pendingID == "a1")
        #expect(s.stack.count == 3)
        #expect(s.navigate(NavigationDirective(id: "a1", mode: .failed)) == .applied)
        #expect(s.state == SessionState(stack: stack("HOME, CART(CHECKOUT)*")))
    }

    @Test("SES-ROLLBACK: FAILED after an optimistic REPLACE or RESET restores the exact pre-action stack")
    func rollbackReplaceAndReset() throws {
        let initial = "HOME, ^A(F)*, B(F)"
        for d in [
            NavigationDirective(id: "r", .replace, "C", flow: "F", .removePrevious),
            NavigationDirective(id: "r", .reset, "X", flow: "G", .keep),
        ] {
            var s = try session(initial)
            #expect(s.optimistic(d) == .applied)
            #expect(s.navigate(NavigationDirective(mode: .failed)) == .applied)
            #expect(s.stack == stack(initial))
        }
    }

    @Test("SES-CONFIRM: the matching directive confirms without applying twice")
    func confirmation() throws {
        var s = try session("HOME, CART(CHECKOUT)*")
        let d = push("CHECKOUT", "CHECKOUT", .keep, id: "a1")
        _ = s.optimistic(d)
        let optimisticStack = s.stack
        #expect(s.navigate(d) == .applied)
        #expect(s.state == SessionState(stack: optimisticStack))
        #expect(s.stack.map(\.screen) == ["HOME", "CART", "CHECKOUT"])
    }

    @Test("SES-REDIRECT: a different answer rolls back, then applies; a matching id with another change is different")
    func redirect() throws {
        var s = try session("HOME, CART(CHECKOUT)*")
        _ = s.optimistic(push("CHECKOUT", "CHECKOUT", .keep, id: "a1"))
        #expect(s.navigate(push("LOGIN", "AUTH", .keep, id: "a1")) == .applied)
        #expect(s.state == SessionState(stack: stack("HOME, CART(CHECKOUT)*, LOGIN(AUTH)*")))
    }

    @Test("SES-REDIRECT: a rejected answer still rolls back and settles the pending change")
    func redirectRejected() throws {
        var s = try session("HOME")
        _ = s.optimistic(push("A", "F", .keep, id: "a1"))
        #expect(s.navigate(NavigationDirective(mode: .pop)) == .rejected(.cannotPopRoot))
        #expect(s.state == SessionState(stack: stack("HOME")))
    }

    @Test("SES-NO-NAVIGATION and SES-SETTLE: no navigation keeps the optimistic stack and clears pending")
    func noNavigation() throws {
        var s = try session("HOME")
        _ = s.optimistic(push("A", "F", .keep, id: "a1"))
        #expect(s.navigate(nil) == .applied)
        #expect(s.state == SessionState(stack: stack("HOME, A(F)*")))
    }

    @Test("SES-IDLE: with nothing pending, answers apply as usual and no navigation changes nothing")
    func idle() throws {
        var s = try session("HOME")
        #expect(s.navigate(nil) == .applied)
        #expect(s.navigate(push("A", "F", .keep, id: "n")) == .applied)
        #expect(s.state == SessionState(stack: stack("HOME, A(F)*")))
    }

    @Test("SES-IN-FLIGHT: a second optimistic change is rejected and changes nothing")
    func inFlight() throws {
        var s = try session("HOME")
        _ = s.optimistic(push("A", "F", .keep, id: "a1"))
        let before = s.state
        #expect(s.optimistic(push("B", "F", .keep, id: "a2")) == .rejected(.actionInFlight))
        #expect(s.state == before)
    }

    @Test(
        "SES-NOT-OPTIMISTIC: POP and the other non-destination modes are never applied optimistically",
        arguments: [NavigationMode.pop, .failed, .present, .dismiss, .popTo, .popToRoot, "JUMP"])
    func notOptimistic(mode: NavigationMode) throws {
        var s = try session("HOME, A(F)*")
        #expect(
            s.optimistic(
                NavigationDirective(id: "x", mode: mode, screen: "HOME", flow: .init(name: "F", behavior: .keep)))
                == .rejected(.notOptimistic))
        #expect(s.state == SessionState(stack: stack("HOME, A(F)*")))
    }

    @Test("SES-MISSING-ID: an optimistic change needs a non-empty id; validation comes after")
    func missingID() throws {
        var s = try session("HOME")
        #expect(s.optimistic(push("A", "F", .keep)) == .rejected(.missingId))
        #expect(s.optimistic(push("A", "F", .keep, id: "")) == .rejected(.missingId))
        #expect(
            s.optimistic(NavigationDirective(id: "z", .push, "A", flow: "F", "REPLACE")) == .rejected(.unknownBehavior))
        #expect(s.state.pendingID == nil)
    }

    @Test("Command and Reply JSON follow the protocol shapes")
    func commandAndReplyJSON() throws {
        var s = try session("HOME")
        let reply = s.perform(.optimistic(push("A", "F", .keep, id: "a1")))
        #expect(reply.outcome == .applied)
        #expect(reply.state.pendingID == "a1")
        let rejected = s.perform(.navigate(NavigationDirective(mode: "JUMP")))
        #expect(rejected.outcome == .rejected(.unknownMode))
    }
}
