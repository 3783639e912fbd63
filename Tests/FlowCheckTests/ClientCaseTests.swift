@testable import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckSuites
import PropertyTesting
import RUFClientModel
import Testing

@testable import FlowCheckEngine
import FlowCheckNavigationSuite

/// A generated client case keeps the reference client's steps as the generator saw them, and works its labels and
/// triggers out of them when asked: all of it must be what replaying the reference client gives.
@Suite("Client cases")
struct ClientCaseTests {
    static let capabilities: Capabilities = {
        var declared = Capabilities.full
        declared.suites = [.client]
        declared.client.mergeStrategies = ["REPLACE", "APPEND", "MATCH"]
        declared.client.metrics = true
        declared.client.optimisticComponents = true
        declared.client.actionQueue = .fifo
        return declared
    }()

    static func cases(_ count: Int) throws -> [ClientCase] {
        let generator = ClientGenerator(app: .builtIn, capabilities: capabilities, maxSteps: 30).generator
        return try (0..<count).compactMap { seed in
            do {
                return try generator.run(ChoiceSource.random(seed: UInt64(seed)))
            } catch ChoiceSource.Stop.invalid {
                return nil
            }
        }
    }

    @Test("On 200 generated cases the kept steps are the replayed ones, and so are the labels and triggers")
    func keptStepsAreReplayedOnes() throws {
        let cases = try Self.cases(200)
        #expect(cases.count > 150)
        for generated in cases {
            var replayed = generated
            replayed.reference = nil
            #expect(generated.reference?.count == generated.inputs.count)
            #expect(generated.expected == replayed.expected)
            #expect(generated.triggers == replayed.triggers)
            #expect(generated.labels == replayed.labels)
            #expect(generated == replayed)
            // Rebuilt from its inputs, the case counts the same triggers and labels (it drops spec labels only).
            let rebuilt = try #require(generated.with(inputs: generated.inputs))
            #expect(rebuilt.triggers == generated.triggers && rebuilt.labels == generated.labels)
            #expect(rebuilt.responseLabels == generated.responseLabels)
        }
    }

    @Test("Changing the inputs forgets the kept steps, so the expected observations follow the new inputs")
    func changeForgetsSteps() throws {
        let generated = try #require(Self.cases(40).first { $0.inputs.count >= 3 })
        var shorter = generated
        shorter.inputs.removeLast()
        #expect(shorter.reference == nil)
        #expect(shorter.expected.count == shorter.inputs.count)
        #expect(shorter.expected == Array(generated.expected.dropLast()))
    }

    @Test("A replayed run is judged without its labels and triggers; a generated one has them")
    func replaysSkipCoverage() {
        final class Calls: @unchecked Sendable { var labels = 0 }
        let calls = Calls()
        let property = Property(
            Gen.int(in: 0...100),
            labels: { _ in
                calls.labels += 1; return ["x"]
            }, falsifiedBy: { _ in nil })
        _ = property.check(Configuration(seed: 1, runs: 10))
        #expect(calls.labels == 10)
        _ = property.replay(choices: [3])
        #expect(calls.labels == 10)
    }
}
