import Foundation
import NavigationModel
import Testing

@Suite("Directive decoding and validation")
struct ValidationTests {
    private func decode(_ json: String) throws -> NavigationDirective {
        try JSONDecoder().decode(NavigationDirective.self, from: Data(json.utf8))
    }

    @Test("NAV-IGNORE: transition, screenParams and unknown fields never cause a rejection")
    func ignoresUnknownFields() throws {
        let d = try decode(
            #"""
            {"id":"n1","mode":"PUSH","screen":"PRODUCT","transition":"RIGHT_TO_LEFT_FADE",
             "screenParams":{"sku":42},"flow":{"name":"DISCOVERY","behavior":"KEEP","extra":true},"future":[1,2]}
            """#)
        var known = d
        known.unknownFields = [:]
        #expect(known == NavigationDirective(id: "n1", .push, "PRODUCT", flow: "DISCOVERY", .keep))
        // Kept as sent, so that an implementation receives them; the model never reads them.
        #expect(Set(d.unknownFields.keys) == ["transition", "screenParams", "future"])
        #expect(ReferenceNavigator.validate(d) == nil)
        var session = try NavigationSession(
            stack: ScreenStack([StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)]),
            profile: NavigationProfile(nesting: .owned))
        var plain = session
        #expect(session.navigate(d) == plain.navigate(known) && session.stack == plain.stack)
    }

    @Test("NAV-VALID-MODE: an unknown or missing mode is rejected with unknownMode")
    func unknownMode() throws {
        #expect(ReferenceNavigator.validate(NavigationDirective(mode: "JUMP")) == .unknownMode)
        #expect(ReferenceNavigator.validate(try decode(#"{"screen":"A"}"#)) == .unknownMode)
        #expect(ReferenceNavigator.validate(try decode(#"{"mode":7}"#)) == .unknownMode)
        #expect(
            ReferenceNavigator.validate(NavigationDirective(mode: "push")) == .unknownMode, "modes are case-sensitive")
    }

    @Test("NAV-VALID-DEST: missing, empty or non-string screen; missing flow or flow name")
    func missingDestination() throws {
        #expect(
            ReferenceNavigator.validate(NavigationDirective(mode: .push, flow: .init(name: "F", behavior: .keep)))
                == .missingScreen)
        #expect(
            ReferenceNavigator.validate(
                NavigationDirective(mode: .present, screen: "", flow: .init(name: "F", behavior: .keep)))
                == .missingScreen)
        #expect(
            ReferenceNavigator.validate(
                try decode(#"{"mode":"RESET","screen":3,"flow":{"name":"F","behavior":"KEEP"}}"#))
                == .missingScreen)
        #expect(ReferenceNavigator.validate(NavigationDirective(mode: .replace, screen: "A")) == .missingFlow)
        #expect(ReferenceNavigator.validate(try decode(#"{"mode":"PUSH","screen":"A","flow":"F"}"#)) == .missingFlow)
        #expect(
            ReferenceNavigator.validate(
                try decode(#"{"mode":"PUSH","screen":"A","flow":{"name":"","behavior":"KEEP"}}"#))
                == .missingFlow)
        // Order: the screen is checked before the flow.
        #expect(ReferenceNavigator.validate(NavigationDirective(mode: .push)) == .missingScreen)
    }

    @Test("NAV-VALID-BEHAVIOR: behavior REPLACE (as in a published spec example) or none is rejected")
    func unknownBehavior() {
        #expect(ReferenceNavigator.validate(NavigationDirective(.push, "A", flow: "F", "REPLACE")) == .unknownBehavior)
        #expect(
            ReferenceNavigator.validate(
                NavigationDirective(mode: .push, screen: "A", flow: .init(name: "F", behavior: nil)))
                == .unknownBehavior)
        // RESET and PRESENT ignore the behavior's effect but still require a valid one.
        #expect(ReferenceNavigator.validate(NavigationDirective(.reset, "A", flow: "F", "REPLACE")) == .unknownBehavior)
        #expect(ReferenceNavigator.validate(NavigationDirective(.present, "A", flow: "F", "keep")) == .unknownBehavior)
    }

    @Test("NAV-VALID-TARGET: POP_TO needs a screen; POP, DISMISS, POP_TO_ROOT and FAILED need nothing")
    func popToTarget() {
        #expect(ReferenceNavigator.validate(NavigationDirective(mode: .popTo)) == .missingScreen)
        for mode in [NavigationMode.pop, .dismiss, .popToRoot, .failed] {
            #expect(ReferenceNavigator.validate(NavigationDirective(mode: mode)) == nil)
        }
    }

    @Test(
        "NAV-REJECT: a rejected directive changes nothing at all",
        arguments: [
            NavigationDirective(mode: "JUMP"), NavigationDirective(mode: .push, screen: "A"),
            NavigationDirective(.push, "A", flow: "F", "REPLACE"),
            NavigationDirective(mode: .popTo, screen: "NOPE"), NavigationDirective(mode: .dismiss),
        ])
    func rejectChangesNothing(directive: NavigationDirective) {
        let (outcome, after) = apply(directive, to: "HOME, A(F)*, B(F)")
        #expect(!outcome.isApplied)
        #expect(after == stack("HOME, A(F)*, B(F)"))
    }

    @Test("Directive JSON round-trips with absent fields left out")
    func directiveRoundTrip() throws {
        let d = NavigationDirective(id: "7", .push, "A", flow: "F", .startNew)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(d), as: UTF8.self)
        #expect(text == #"{"flow":{"behavior":"START_NEW","name":"F"},"id":"7","mode":"PUSH","screen":"A"}"#)
        #expect(try decode(text) == d)
        #expect(
            String(decoding: try encoder.encode(NavigationDirective(mode: .pop)), as: UTF8.self) == #"{"mode":"POP"}"#)
    }

    @Test("Entry JSON always carries flow, as null when absent")
    func entryJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let entry = StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)
        let text = String(decoding: try encoder.encode(entry), as: UTF8.self)
        #expect(text == #"{"flow":null,"flowRoot":false,"presentation":"root","screen":"HOME"}"#)
        #expect(try JSONDecoder().decode(StackEntry.self, from: Data(text.utf8)) == entry)
    }

    @Test("NAV-STACK: a session refuses an empty stack or a misplaced root, naming the entry")
    func stackShape() {
        #expect(throws: NavigationModelError.self) { try NavigationSession(stack: [], profile: .owned) }
        #expect(stack("HOME, A").shapeProblem == nil)
        var twoRoots = stack("HOME, A")
        twoRoots.entries[1].presentation = .root
        #expect(twoRoots.shapeProblem == #"entry 1 (A) has presentation "root"; only entry 0 may"#)
        var noRoot = stack("HOME")
        noRoot.entries[0].presentation = .push
        #expect(noRoot.shapeProblem?.hasPrefix("entry 0 (HOME)") == true)
        do {
            _ = try NavigationSession(stack: twoRoots, profile: .shared)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidStack)
            #expect(error.message.contains("entry 1"))
        }
    }
}
