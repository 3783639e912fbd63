import Testing
@testable import FlowCheck
import NavigationModel
import PropertyTesting

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
        for name in [ascii, "n12", "o0", "HOME", "settings/privacy", " PADDED ", "Produit détaillé", "🛒 CART"] {
            let mapped = String(name.map { $0.isUppercase ? Character($0.lowercased()) : Character($0.uppercased()) })
            #expect(PlanGenerator.otherCase(name) == mapped, "\(name)")
        }
    }
}
