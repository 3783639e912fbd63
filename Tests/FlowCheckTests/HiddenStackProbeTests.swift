@testable import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckSuites
import NavigationModel
@testable import PropertyTesting
import RUFClientModel
import SampleImplementations
import Testing

@testable import FlowCheckEngine
import FlowCheckRecords

/// A navigator bug that shows only through a stack no step showed is named by the navigation model's rule for it,
/// as the navigation suite names it, never by the rollback or the queue that revealed it.
@Suite struct HiddenStackProbeTests {
    typealias Inputs = SampleClientTests

    static func directive(_ mode: String, _ id: String, _ screen: String, flow: String, _ behavior: String) -> String {
        #"{"mode": "\#(mode)", "id": "\#(id)", "screen": "\#(screen)", "#
            + #""flow": {"name": "\#(flow)", "behavior": "\#(behavior)"}}"#
    }

    static let startNewCart = directive("PUSH", "n1", "CART", flow: "CHECKOUT", "START_NEW")
    static let removePreviousHome = directive("PUSH", "n5", "HOME", flow: "MAIN", "REMOVE_PREVIOUS")

    /// The rules `check` blames for `inputs`, fed to the sample with `bug` (by default, a REMOVE_PREVIOUS that removes
    /// only the flow's screens at the top of the stack), and the notes the failure's description carries.
    static func blamed(
        _ inputs: [ClientInput], bug: SampleBug = .removePreviousTopRun
    ) throws -> (rules: [String], notes: [String]) {
        let sample = SampleNavigator(bug: bug)
        let reference = ClientCase(
            profile: .owned, initial: Inputs.home, queueing: .fifo, inputs: [Inputs.create()],
            responseLabels: [], specLabels: [])
        let value = try #require(reference.with(inputs: [Inputs.create()] + inputs))
        let falsification = try ClientSuite().check(value, on: sample, capabilities: sample.capabilities)
        let failing = FailingCase(value: value, original: nil, shrink: ShrinkStatistics(), replay: "", target: nil)
        let notes = (try? ClientFailure.describe(failing, implementation: sample).notes) ?? []
        return (falsification?.unitTriggers ?? [], notes)
    }

    @Test("A response's directive applied wrongly, then an optimistic change, in one step: the directive's rule")
    func directiveBeforeOptimisticChange() throws {
        // The response to the first action lets the second go, with an optimistic push the sample applies right.
        let found = try Self.blamed([
            Inputs.response(#"{"navigation": \#(Self.startNewCart)}"#), Inputs.action(),
            Inputs.action(navigation: Self.directive("PUSH", "n7", "LIST", flow: "MAIN", "KEEP")),
            Inputs.response(#"{"navigation": \#(Self.removePreviousHome)}"#),
        ])
        #expect(found.rules == ["NAV-PUSH-REMOVE-PREVIOUS"])
        #expect(found.notes.contains { $0.contains("still diverges at step") }, "\(found.notes)")
    }

    @Test("An optimistic change applied wrongly by a response that lets it go with a directive: the change's rule")
    func optimisticChangeAfterDirective() throws {
        let keep = Self.directive("PUSH", "n6", "LIST", flow: "CHECKOUT", "KEEP")
        let found = try Self.blamed([
            Inputs.response(#"{"navigation": \#(Self.startNewCart)}"#), Inputs.action(),
            Inputs.action(navigation: Self.removePreviousHome), Inputs.response(#"{"navigation": \#(keep)}"#),
        ])
        #expect(found.rules == ["NAV-PUSH-REMOVE-PREVIOUS"])
        #expect(found.notes.contains { $0.contains("the implementation agrees at step 4") }, "\(found.notes)")
    }

    @Test("A FAILED that restores a stack an unseen directive left wrong: the directive's rule, not RUF-ROLLBACK")
    func restoredStack() throws {
        let found = try Self.blamed([
            Inputs.action(), Inputs.action(navigation: Self.directive("RESET", "n1", "HOME", flow: "MAIN", "KEEP")),
            Inputs.response(
                #"{"navigation": \#(Self.directive("PUSH", "n2", "CART", flow: "CHECKOUT", "START_NEW"))}"#),
            Inputs.response(#"{"navigation": \#(Self.removePreviousHome)}"#),
            Inputs.response(#"{"navigation": {"mode": "FAILED", "id": "n1"}}"#),
        ])
        #expect(found.rules == ["NAV-PUSH-REMOVE-PREVIOUS"])
        #expect(found.notes.contains { $0.contains("so what was restored was already wrong") }, "\(found.notes)")
    }

    @Test(
        "Another directive answering a pending change, refused where the reference applies it: the redirect or the POP",
        arguments: [(SampleBug.redirectWithoutRollback, "SES-REDIRECT"), (.popRootIgnored, "NAV-POP-ROOT")])
    func redirectOrDirective(bug: SampleBug, rule: String) throws {
        // The POP answering the optimistic push leaves the root alone either way: only the outcome tells.
        let found = try Self.blamed(
            [
                Inputs.action(navigation: Self.directive("PUSH", "n1", "HOME", flow: "MAIN", "KEEP")),
                Inputs.response(#"{"navigation": {"mode": "POP", "id": "n2"}}"#),
                Inputs.response(#"{"navigation": {"mode": "POP", "id": "n3"}}"#),
            ], bug: bug)
        #expect(found.rules == [rule])
    }

    @Test("A FAILED that rolls back otherwise keeps its own rule: the probe agrees")
    func rollbackItself() throws {
        let sample = SampleNavigator(clientBug: .failedNoRollback)
        let inputs = [
            Inputs.create(), Inputs.response("{}"),
            Inputs.action(navigation: Self.directive("PUSH", "n1", "LIST", flow: "MAIN", "KEEP")),
            Inputs.response(#"{"navigation": {"mode": "FAILED", "id": "n1"}}"#),
        ]
        let value = try #require(
            ClientCase(
                profile: .owned, initial: Inputs.home, queueing: .fifo, inputs: [Inputs.create()],
                responseLabels: [], specLabels: []
            ).with(inputs: inputs))
        let falsification = try ClientSuite().check(value, on: sample, capabilities: sample.capabilities)
        #expect(falsification?.unitTriggers == ["RUF-ROLLBACK"])
    }
}
