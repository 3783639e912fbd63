@testable import PropertyTesting
import PropertyTestingExamples
import Testing

@Suite("Stateful properties")
struct StatefulTests {
    typealias Step = FlowStackMachine.Step

    @Test("The top-run REMOVE_PREVIOUS bug shrinks to its 3-step minimum in 100 of 100 seeds, 1-minimal")
    func stackBugShrinksToThreeSteps() {
        var lengths: [Int] = []
        for seed in UInt64(1)...100 {
            let result = StatefulProperty(FlowStackMachine(buggy: true)).check(Configuration(seed: seed, runs: 1_000))
            guard let counterexample = result.counterexample else {
                Issue.record("seed \(seed): no failure found")
                continue
            }
            lengths.append(counterexample.steps.count)
            #expect(counterexample.isOneMinimal, "seed \(seed) is not 1-minimal: \(counterexample.deletableSteps)")
            if counterexample.steps.count != 3 { Issue.record("seed \(seed):\n\(result)") }
        }
        #expect(lengths.count == 100 && lengths.allSatisfy { $0 == 3 })
    }

    @Test(
        "The shrunk steps are also simplified: every screen is the first of the vocabulary, KEEP, KEEP, REMOVE_PREVIOUS"
    )
    func stackBugSimplestSteps() throws {
        for seed in UInt64(1)...20 {
            let steps = try #require(
                StatefulProperty(FlowStackMachine(buggy: true)).check(Configuration(seed: seed)).counterexample?.steps)
            guard steps.count == 3, case .push("A", let f1, false) = steps[0],
                case .push("A", let f2, false) = steps[1],
                case .push("A", let f3, true) = steps[2]
            else {
                Issue.record("seed \(seed): \(steps)")
                continue
            }
            #expect(f1 == f3 && f1 != f2, "seed \(seed): \(steps)")
        }
    }

    @Test("A correct system passes, and the coverage table counts steps and labels")
    func correctSystemPasses() {
        let result = StatefulProperty(FlowStackMachine(buggy: false)).check(Configuration(seed: 3, runs: 200))
        #expect(result.verdict == .passed)
        #expect(result.runs == 200)
        #expect(result.steps > 1_000)
        #expect(result.coverage.runsWithLabel["REMOVE_PREVIOUS"]! > 100)
        #expect(result.coverage.stepsWithLabel["POP"]! > 0)
    }

    @Test("Same seed, same steps, same choices and same shrunk result; another seed explores differently")
    func deterministic() throws {
        let property = StatefulProperty(FlowStackMachine(buggy: true))
        let a = try #require(property.check(Configuration(seed: 99)).counterexample)
        let b = try #require(property.check(Configuration(seed: 99)).counterexample)
        #expect(a.steps == b.steps)
        #expect(a.choices == b.choices)
        #expect(a.run == b.run && a.originalStepCount == b.originalStepCount)
        #expect(a.shrink.calls == b.shrink.calls)
        let passing = StatefulProperty(FlowStackMachine(buggy: false))
        let c1 = passing.check(Configuration(seed: 5, runs: 50)).coverage
        let c2 = passing.check(Configuration(seed: 5, runs: 50)).coverage
        let c3 = passing.check(Configuration(seed: 6, runs: 50)).coverage
        #expect(c1 == c2)
        #expect(c1 != c3)
    }

    @Test("replay runs steps as values and skips a step whose precondition fails")
    func replaySkipsPreconditionFailures() {
        let property = StatefulProperty(FlowStackMachine(buggy: true))
        let initial = FlowStackMachine.home
        let pushA = Step.push(screen: "A", flow: "F", removePrevious: false)
        let execution = property.replay(initial: initial, steps: [Step.pop, pushA, Step.pop])
        #expect(execution.steps == [pushA, Step.pop])
        #expect(execution.failure == nil)
        let failing = property.replay(
            initial: initial,
            steps: [
                .push(screen: "A", flow: "F", removePrevious: false),
                .push(screen: "B", flow: "G", removePrevious: false),
                .push(screen: "C", flow: "F", removePrevious: true),
            ])
        #expect(failing.failure?.contains("model [HOME(MAIN), B(G), C(F)]") == true)
    }

    @Test("A shrunk sequence never keeps a step whose precondition fails")
    func shrinkRespectsPreconditions() {
        for seed in UInt64(1)...20 {
            guard
                let c = StatefulProperty(FlowStackMachine(buggy: true)).check(Configuration(seed: seed)).counterexample
            else { continue }
            var depth = c.initial.entries.count
            for step in c.steps {
                if step == .pop { #expect(depth > 1); depth -= 1 } else { depth += 1 }
            }
        }
    }

    @Test("Bounded-exhaustive mode finds the shortest failure with certainty, and proves small scopes")
    func exhaustive() {
        let initial = FlowStackMachine.home
        let alphabet: (FlowStackMachine.System) -> [Step] = { _ in
            [.pop]
                + ["F", "G"].flatMap { flow in
                    [false, true].map { Step.push(screen: "A", flow: flow, removePrevious: $0) }
                }
        }
        let buggy = StatefulProperty(FlowStackMachine(buggy: true)).exhaustive(
            initial: initial, depth: 4, alphabet: alphabet)
        #expect(buggy.counterexample?.steps.count == 3)
        #expect(buggy.depth == 3)
        let correct = StatefulProperty(FlowStackMachine(buggy: false)).exhaustive(
            initial: initial, depth: 4, alphabet: alphabet)
        #expect(correct.counterexample == nil)
        // Every sequence up to length 4 over the alphabet, counted independently:
        // POP is allowed only above the root, and REMOVE_PREVIOUS may shrink the stack.
        func count(_ flows: [String], _ depth: Int) -> Int {
            guard depth > 0 else { return 0 }
            var total = 0
            if flows.count > 1 { total += 1 + count(Array(flows.dropLast()), depth - 1) }
            for flow in ["F", "G"] {
                total += 1 + count(flows + [flow], depth - 1)
                total += 1 + count(flows.filter { $0 != flow } + [flow], depth - 1)
            }
            return total
        }
        #expect(correct.sequencesChecked == count(["MAIN"], 4))
    }

    @Test("A shrink budget stops the shrink and says so; the result is then checked for 1-minimality")
    func shrinkBudget() throws {
        let result = StatefulProperty(FlowStackMachine(buggy: true)).check(
            Configuration(seed: 11, maxSteps: 200, shrinkLimit: ShrinkLimit(calls: 0)))
        let c = try #require(result.counterexample)
        #expect(c.shrink.calls == 0)
        #expect(c.shrink.stoppedByBudget)
        #expect(c.steps.count > 3)
        #expect(!c.isOneMinimal)
        #expect(result.description.contains("Not 1-minimal"))
    }
}
