import ConformanceRules
import NavigationModel
import Testing

/// One realistic bug: the model's reply to `command`, bent the way a buggy SDK would.
struct BrokenStep: CustomTestStringConvertible, Sendable {
    var invariant: String
    var profile: NavigationProfile = .owned
    var initial: String
    var setup: [NavigationCommand] = []
    var command: NavigationCommand
    var bend: @Sendable (inout NavigationReply) -> Void

    var testDescription: String { invariant }

    /// The invariants the bent trace breaks.
    func violations() throws -> [Violation] {
        var session = try NavigationSession(stack: stack(initial), profile: profile)
        var trace: [(command: NavigationCommand, reply: NavigationReply)] = setup.map { ($0, session.perform($0)) }
        var reply = session.perform(command)
        bend(&reply)
        trace.append((command, reply))
        return TraceMonitor.violations(profile: profile, initial: stack(initial), steps: trace)
    }
}

private func nav(_ d: NavigationDirective?) -> NavigationCommand { .navigate(d) }
private func popped(_ n: Int) -> @Sendable (inout NavigationReply) -> Void { { $0.state.stack.entries.removeLast(n) } }

let brokenSteps: [BrokenStep] = [
    BrokenStep(invariant: "INV-STACK-SHAPE", initial: "HOME, A(F)*", command: nav(NavigationDirective(mode: .dismiss)))
    {
        $0 = NavigationReply(outcome: .applied, state: SessionState(stack: []))
    },
    BrokenStep(invariant: "INV-ONE-FLOW-ROOT", initial: "HOME, A(F)*", command: nav(push("B", "F", .keep))) {
        $0.state.stack.entries[2].flowRoot = true
    },
    BrokenStep(
        invariant: "INV-REJECT-CHANGES-NOTHING", initial: "HOME, A, B",
        command: nav(NavigationDirective(mode: .popTo, screen: "X")), bend: popped(1)),
    BrokenStep(invariant: "INV-UNKNOWN-MODE-REJECTED", initial: "HOME", command: nav(NavigationDirective(mode: "JUMP")))
    {
        $0.outcome = .applied
    },
    BrokenStep(
        invariant: "INV-DESTINATION-REQUIRED", initial: "HOME",
        command: nav(NavigationDirective(mode: .push, flow: .init(name: "F", behavior: .keep)))
    ) {
        $0.outcome = .applied
    },
    BrokenStep(
        invariant: "INV-FLOW-REQUIRED", initial: "HOME", command: nav(NavigationDirective(mode: .push, screen: "A"))
    ) {
        $0.outcome = .applied
        $0.state.stack.entries.append(StackEntry(screen: "A", flow: nil, flowRoot: false, presentation: .push))
    },
    BrokenStep(
        invariant: "INV-BEHAVIOR-CHECKED", initial: "HOME",
        command: nav(NavigationDirective(.push, "A", flow: "F", "REPLACE"))
    ) {
        $0.outcome = .applied
        $0.state.stack.entries.append(StackEntry(screen: "A", flow: "F", flowRoot: true, presentation: .push))
    },
    BrokenStep(invariant: "INV-KEEP-REMOVES-NOTHING", initial: "HOME, A(F)*", command: nav(push("B", "F", .keep))) {
        $0.state.stack.entries.remove(at: 1)
    },
    BrokenStep(
        invariant: "INV-REMOVE-PREVIOUS-CLEARS-FLOW", initial: "HOME, A(F)*, B(F)",
        command: nav(push("C", "F", .removePrevious))
    ) {
        // Only the immediately previous screen removed (one page of the RUF docs says so).
        $0.state.stack = stack("HOME, A(F)*, C(F)")
    },
    BrokenStep(
        invariant: "INV-START-NEW-CLEARS-FLOW", initial: "HOME, A(F)*, B(G)*, C(F)",
        command: nav(push("D", "F", .startNew))
    ) {
        // Only the top run of the flow removed.
        $0.state.stack = stack("HOME, A(F)*, B(G)*, D(F)*")
    },
    BrokenStep(
        invariant: "INV-REMOVAL-KEEPS-OTHERS", initial: "HOME, A(F)*, B(G)*",
        command: nav(push("C", "F", .removePrevious))
    ) {
        $0.state.stack = stack("HOME, C(F)")
    },
    BrokenStep(invariant: "INV-START-NEW-MARKS-ROOT", initial: "HOME, A(F)*", command: nav(push("B", "F", .startNew))) {
        $0.state.stack.entries[1].flowRoot = false
    },
    BrokenStep(invariant: "INV-FLOW-ROOT-MARK", initial: "HOME", command: nav(push("A", "F", .keep))) {
        $0.state.stack.entries[1].flowRoot = false
    },
    BrokenStep(
        invariant: "INV-BASE-PRESENTATION", initial: "HOME, ^A(F)*, B(G)*",
        command: nav(push("C", "F", .removePrevious))
    ) {
        // The base rule forgotten: B keeps "push", so the modal layer silently merges into the root layer.
        $0.state.stack = stack("HOME, B(G)*, C(F)")
    },
    BrokenStep(
        invariant: "INV-PUSH-TOP-LAYER-ONLY", initial: "HOME, A(F)*, ^M(G)*",
        command: nav(push("C", "F", .removePrevious))
    ) {
        $0.state.stack = stack("HOME, ^M(G)*, C(F)*")
    },
    BrokenStep(
        invariant: "INV-REPLACE-SWAPS-TOP", initial: "HOME, A(F)*",
        command: nav(NavigationDirective(.replace, "B", flow: "F", .keep))
    ) {
        $0.state.stack = stack("HOME, A(F)*, B(F)")
    },
    BrokenStep(
        invariant: "INV-RESET-SINGLE-ROOT", initial: "HOME, A(F)*",
        command: nav(NavigationDirective(.reset, "X", flow: "G", .keep))
    ) {
        $0.state.stack = stack("HOME, X(G)*")
    },
    BrokenStep(
        invariant: "INV-POP-REMOVES-TOP", initial: "HOME, A, B", command: nav(NavigationDirective(mode: .pop)),
        bend: popped(1)),
    BrokenStep(invariant: "INV-POP-ROOT-REJECTED", initial: "HOME", command: nav(NavigationDirective(mode: .pop))) {
        $0.outcome = .applied
    },
    BrokenStep(
        invariant: "INV-PRESENT-NEW-LAYER", initial: "HOME",
        command: nav(NavigationDirective(.present, "S", flow: "F", .keep))
    ) {
        $0.state.stack.entries[1].presentation = .push
    },
    BrokenStep(
        invariant: "INV-DISMISS-LAYER", initial: "HOME, ^M(F)*, N(F)", command: nav(NavigationDirective(mode: .dismiss))
    ) {
        $0.state.stack = stack("HOME, ^M(F)*")
    },
    BrokenStep(
        invariant: "INV-DISMISS-ROOT-REJECTED", initial: "HOME, A", command: nav(NavigationDirective(mode: .dismiss))
    ) {
        $0 = NavigationReply(outcome: .applied, state: SessionState(stack: stack("HOME")))
    },
    BrokenStep(
        invariant: "INV-POP-TO-TOPMOST", profile: .shared, initial: "HOME, A, B, A, C",
        command: nav(NavigationDirective(mode: .popTo, screen: "A"))
    ) {
        $0.state.stack = stack("HOME, A")
    },
    BrokenStep(
        invariant: "INV-POP-TO-MISSING-REJECTED", initial: "HOME, A, ^M, C",
        command: nav(NavigationDirective(mode: .popTo, screen: "A"))
    ) {
        $0 = NavigationReply(outcome: .applied, state: SessionState(stack: stack("HOME, A")))
    },
    BrokenStep(
        invariant: "INV-POP-TO-ROOT", initial: "HOME, A, ^M, C", command: nav(NavigationDirective(mode: .popToRoot))
    ) {
        $0.state.stack = stack("HOME")
    },
    BrokenStep(
        invariant: "INV-FAILED-IDLE", initial: "HOME, A", command: nav(NavigationDirective(mode: .failed)),
        bend: popped(1)),
    BrokenStep(
        invariant: "INV-OPTIMISTIC-PENDING", initial: "HOME", command: .optimistic(push("A", "F", .keep, id: "o"))
    ) {
        $0.state.pendingID = nil
    },
    BrokenStep(
        invariant: "INV-ONE-IN-FLIGHT", initial: "HOME", setup: [.optimistic(push("A", "F", .keep, id: "o1"))],
        command: .optimistic(push("B", "F", .keep, id: "o2"))
    ) {
        $0 = NavigationReply(outcome: .applied, state: SessionState(stack: stack("HOME, A(F)*, B(F)"), pendingID: "o2"))
    },
    BrokenStep(
        invariant: "INV-NOT-OPTIMISTIC", initial: "HOME, A",
        command: .optimistic(NavigationDirective(id: "p", mode: .pop))
    ) {
        $0 = NavigationReply(outcome: .applied, state: SessionState(stack: stack("HOME"), pendingID: "p"))
    },
    BrokenStep(invariant: "INV-OPTIMISTIC-NEEDS-ID", initial: "HOME", command: .optimistic(push("A", "F", .keep))) {
        $0 = NavigationReply(outcome: .applied, state: SessionState(stack: stack("HOME, A(F)*"), pendingID: nil))
    },
    BrokenStep(
        invariant: "INV-CONFIRM-CHANGES-NOTHING", initial: "HOME", setup: [.optimistic(push("A", "F", .keep, id: "o"))],
        command: nav(push("A", "F", .keep, id: "o"))
    ) {
        // The confirmed push applied a second time.
        $0.state.stack = stack("HOME, A(F)*, A(F)")
    },
    BrokenStep(
        invariant: "INV-FAILED-RESTORES", initial: "HOME, A(F)*",
        setup: [.optimistic(NavigationDirective(id: "o", .replace, "B", flow: "F", .keep))],
        command: nav(NavigationDirective(mode: .failed))
    ) {
        // Restored by popping the optimistic entry instead of restoring the pre-action stack.
        $0.state.stack = stack("HOME")
    },
    BrokenStep(
        invariant: "INV-NO-NAVIGATION-KEEPS", initial: "HOME", setup: [.optimistic(push("A", "F", .keep, id: "o"))],
        command: nav(nil)
    ) {
        $0.state.stack = stack("HOME")
    },
    BrokenStep(
        invariant: "INV-REDIRECT-ROLLS-BACK", initial: "HOME", setup: [.optimistic(push("A", "F", .keep, id: "o"))],
        command: nav(NavigationDirective(mode: .popTo, screen: "NOPE"))
    ) {
        $0.state.stack = stack("HOME, A(F)*")
    },
    BrokenStep(
        invariant: "INV-FLOWLESS-PLAIN-ENTRY", profile: NavigationProfile(nesting: .owned, flows: false),
        initial: "HOME, A",
        command: nav(NavigationDirective(mode: .push, screen: "B"))
    ) {
        // NAV-FLOWLESS: a route-array SDK that invents a flow for a pushed screen.
        $0.state.stack.entries[2].flow = "B"
    },
    BrokenStep(
        invariant: "INV-ANSWER-SETTLES", initial: "HOME", setup: [.optimistic(push("A", "F", .keep, id: "o"))],
        command: nav(push("A", "F", .keep, id: "o"))
    ) {
        $0.state.pendingID = "o"
    },
]

@Suite("Invariant catalogue")
struct InvariantTests {
    @Test("Each invariant catches its bug", arguments: brokenSteps)
    func catchesItsBug(step: BrokenStep) throws {
        let ids = try step.violations().map(\.invariant)
        #expect(ids.contains(step.invariant), "got \(ids)")
    }

    @Test("Every invariant has a bug that trips it, and every invariant names a known rule")
    func catalogueIsCovered() {
        let covered = Set(brokenSteps.map(\.invariant))
        for invariant in InvariantCatalogue.all {
            #expect(covered.contains(invariant.id), "no broken step for \(invariant.id)")
            #expect(
                NavigationRules.named(invariant.rule) != nil, "\(invariant.id) names unknown rule \(invariant.rule)")
        }
        #expect(Set(InvariantCatalogue.all.map(\.id)).count == InvariantCatalogue.all.count, "invariant IDs are unique")
        #expect(Set(NavigationRules.all.map(\.id)).count == NavigationRules.all.count, "rule IDs are unique")
    }

    /// Every step sequence of length up to 3 over a small alphabet, from several
    /// stacks and both profiles: the model never breaks an invariant.
    @Test(
        "The model satisfies every invariant (bounded-exhaustive, depth 3)",
        arguments: NavigationProfile.Nesting.allCases)
    func modelSatisfiesInvariants(nesting: NavigationProfile.Nesting) throws {
        let profile = NavigationProfile(nesting: nesting)
        let alphabet: [NavigationCommand] = [
            .navigate(push("A", "F", .keep)), .navigate(push("B", "F", .removePrevious)),
            .navigate(push("C", "F", .startNew)),
            .navigate(push("D", "G", .keep)), .navigate(NavigationDirective(.replace, "E", flow: "F", .keep)),
            .navigate(NavigationDirective(.reset, "H", flow: "G", .keep)), .navigate(NavigationDirective(mode: .pop)),
            .navigate(NavigationDirective(.present, "M", flow: "F", .keep)),
            .navigate(NavigationDirective(mode: .dismiss)),
            .navigate(NavigationDirective(mode: .popTo, screen: "A")), .navigate(NavigationDirective(mode: .popToRoot)),
            .navigate(NavigationDirective(mode: .failed)), .navigate(nil),
            .navigate(NavigationDirective(.push, "X", flow: "F", "REPLACE")),
            .optimistic(push("O", "F", .removePrevious, id: "o")),
            .optimistic(NavigationDirective(id: "q", mode: .pop)),
            .navigate(push("O", "F", .removePrevious, id: "o")),
        ]
        let initials = ["HOME", "HOME(F)*, A(F), ^M(G)*, B(F)*", "HOME, D(G)*, A(F)*, B(G)"]
        var checked = 0
        for initial in initials {
            func walk(_ session: NavigationSession, _ trace: [(command: NavigationCommand, reply: NavigationReply)]) {
                if !trace.isEmpty {
                    let violations = TraceMonitor.violations(profile: profile, initial: stack(initial), steps: trace)
                    #expect(violations.isEmpty, "\(initial) \(trace.map(\.command)): \(violations)")
                    checked += 1
                }
                guard trace.count < 3 else { return }
                for command in alphabet {
                    var next = session
                    let reply = next.perform(command)
                    walk(next, trace + [(command, reply)])
                }
            }
            walk(try NavigationSession(stack: stack(initial), profile: profile), [])
        }
        #expect(checked == initials.count * (17 + 17 * 17 + 17 * 17 * 17))
    }
}
