import FlowCheckCore
@testable import FlowCheckEngine
@testable import FlowCheckNavigationSuite
import NavigationModel
import PropertyTesting
import Testing

@Suite("Plan generator")
struct PlanGeneratorTests {
    let generator = PlanGenerator(capabilities: .full, suite: .session, maxSteps: 30)

    @Test("Generated initial stacks are valid, with at most one flow root per flow per layer")
    func initialStacksValid() throws {
        for seed in UInt64(0)..<300 {
            let plan = try generator.plans.example(seed: seed)
            #expect(plan.initial.shapeProblem == nil)
            #expect(plan.initial.duplicateFlowRoots.isEmpty)
            #expect(plan.commands.count == plan.expected.count && plan.commands.count == plan.labels.count)
        }
    }

    @Test("Encoding an initial stack gives the choices that rebuild it exactly")
    func encodeRoundTrip() throws {
        for seed in UInt64(0)..<300 {
            let plan = try generator.plans.example(seed: seed)
            for stack in [plan.initial] + plan.expected.map(\.state.stack) {
                guard let choices = generator.encode(initial: stack) else { continue }
                let source = ChoiceSource.replaying(choices)
                #expect(try generator.startingStack(source) == stack)
                #expect(source.choices == choices, "the encoding is exactly what the generator draws")
            }
        }
    }

    @Test("Plans replay the model: expected replies are the model's, labels name the step")
    func plansFollowTheModel() throws {
        let plan = try generator.plans.example(seed: 9)
        let rebuilt = try RunPlan(
            suite: plan.suite, profile: plan.profile, initial: plan.initial, commands: plan.commands)
        #expect(rebuilt == plan)
    }

    @Test("A name in other case swaps every letter's case, ASCII or not, as the characters' own case mapping does")
    func otherCase() {
        let ascii = String(decoding: (UInt8(1)...UInt8(127)).map { $0 }, as: UTF8.self)
        for name in [ascii, "", "n12", "o0", "HOME", "settings/privacy", " PADDED ", "Produit détaillé", "🛒 CART"] {
            let mapped = String(name.map { $0.isUppercase ? Character($0.lowercased()) : Character($0.uppercased()) })
            #expect(PlanGenerator.otherCase(name) == mapped, "\(name)")
        }
    }

    @Test("A flow is drawn from the flows on the stack in their first order, past the room held without allocating")
    func pickFlowFromManyFlows() throws {
        // More distinct flows than pickFlow holds in place, some repeated and in runs, a presented layer on top.
        let flows = (0..<(PlanGenerator.flowsHeld + 5)).map { "F\($0)" }
        var entries = [StackEntry(screen: "HOME", flow: "F0", flowRoot: true, presentation: .root)]
        entries.append(StackEntry(screen: "SHEET", flow: "BELOW", flowRoot: true, presentation: .modal))
        for (index, flow) in (flows + flows.reversed() + ["F3", "F3"]).enumerated() {
            entries.append(StackEntry(screen: "S\(index)", flow: flow, flowRoot: false, presentation: .push))
        }
        let stack = ScreenStack(entries)
        let present = PlanGenerator.flows(of: stack, from: stack.topLayerStart, to: stack.count)
        #expect(present == ["BELOW"] + flows)
        for count in [1, 3, present.count] {
            let top = ScreenStack(Array(entries.prefix(2 + count)))
            let expected = PlanGenerator.flows(of: top, from: top.topLayerStart, to: top.count)
            for pick in 0..<UInt64(expected.count) {
                // Taken from the stack (choice 0), the flow at `pick`.
                let source = ChoiceSource.replaying([0, pick])
                #expect(try generator.pickFlow(source, stack: top, replacing: false) == expected[Int(pick)])
                #expect(source.choices == [0, pick])
            }
            // REPLACE leaves out the top entry.
            let replaced = PlanGenerator.flows(of: top, from: top.topLayerStart, to: top.count - 1)
            if let last = replaced.indices.last {
                let source = ChoiceSource.replaying([0, UInt64(last)])
                #expect(try generator.pickFlow(source, stack: top, replacing: true) == replaced[last])
            }
        }
    }

    @Test("A plan's label counts are its steps' labels counted; every label is in the table once")
    func labelCountsMatchLabels() throws {
        #expect(Set(CoverageLabel.all).count == CoverageLabel.all.count)
        for seed in UInt64(0)..<200 {
            let plan = try generator.plans.example(seed: seed)
            let counted = plan.labelCounts, expected = LabelCounts(plan.labels)
            #expect(counted.labels == expected.labels && counted.counts == expected.counts)
        }
    }
}
