import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import JSON
import NavigationModel
@testable import PropertyTesting
import RUFClientModel
import Testing

/// The reference client behind the adapter protocol, optionally with one planted bug: it shows the suite's
/// mechanics (generation, comparison, attribution, shrinking), not an implementation's conformance.
final class ReferenceAdapter: ClientImplementation {
    enum Bug { case none, appendReplaces, deepMeta, reusedRequestID }
    let bug: Bug
    private var client: ReferenceClient?
    init(_ bug: Bug = .none) { self.bug = bug }

    var info: ImplementationInfo { ImplementationInfo(name: "reference adapter", version: "0", language: "Swift") }
    var capabilities: Capabilities {
        Capabilities(
            suites: [.client], modes: [.push, .replace, .reset, .pop, .failed], behaviors: FlowBehavior.known,
            nesting: [.owned])
    }

    func resetClient(to stack: ScreenStack, profile: NavigationProfile) throws {
        client = try ReferenceClient(stack: stack, profile: profile)
    }

    func apply(_ input: ClientInput) throws -> ClientObservation {
        var input = input
        if bug == .appendReplaces, case .respond(let response) = input {
            input = .respond(RUFSession(json: Self.replacingAppend(response.json)))
        }
        var observation = client!.apply(input)
        if bug == .reusedRequestID {
            observation.events = observation.events.map { event in
                guard case .request(var request) = event else { return event }
                request.id = "same"
                return .request(request)
            }
            if observation.state.inFlight != nil { observation.state.inFlight = "same" }
        }
        if bug == .deepMeta, case .respond(let response) = input, !response.meta.isEmpty {
            observation.state.meta =
                .object(
                    (observation.state.meta.objectPairs ?? []).map { pair in
                        pair.value.isObject
                            ? (pair.key, .object((pair.value.objectPairs ?? []) + [("kept", .bool(true))])) : pair
                    }
                ).canonical
        }
        return observation
    }

    /// The response with every APPEND strategy turned into REPLACE: the bug "APPEND that replaces".
    static func replacingAppend(_ json: JSONValue) -> JSONValue {
        switch json {
        case .object(let pairs):
            return .object(
                pairs.map { pair in
                    if pair.key == "mergeStrategy",
                        pair.value == .string("APPEND") || pair.value["type"] == .string("APPEND")
                    {
                        return (pair.key, .string("REPLACE"))
                    }
                    return (pair.key, replacingAppend(pair.value))
                })
        case .array(let items): return .array(items.map(replacingAppend))
        default: return json
        }
    }
}

@Suite("The client suite")
struct ClientSuiteTests {
    @Test("The reference client behind an adapter conforms, every declared RUF- rule held")
    func referenceConforms() throws {
        let result = try ConformanceRunner(implementation: ReferenceAdapter(), options: .init(seed: 1)).run()
        #expect(result.verdict.passed, "\(TextReport.render(result))")
    }

    @Test(
        "Planted bugs are found, shrunk and attributed",
        arguments: [
            (ReferenceAdapter.Bug.appendReplaces, "RUF-MERGE-APPEND"), (.deepMeta, "RUF-META-MERGE"),
            (.reusedRequestID, "RUF-REQUEST-ID"),
        ])
    func plantedBugs(_ bug: ReferenceAdapter.Bug, _ rule: String) throws {
        let result = try ConformanceRunner(implementation: ReferenceAdapter(bug), options: .init(seed: 1)).run()
        let failure = try #require(result.failures.first, "\(TextReport.render(result))")
        #expect(failure.ruleIDs == [rule], "\(TextReport.render(result))")
        print(TextReport.render(result))
    }

    /// A time limit can end the engine's shrinking early, so that the refinement may take the last two inputs away; the
    /// next pair it tried then reached past the end of the shortened run.
    @Test("Refining a run whose last inputs all go keeps within the run")
    func refineRemovesTheLastInputs() throws {
        let suite = ClientSuite(), context = SuiteContext(maxSteps: 30)
        let capabilities = ReferenceAdapter().capabilities
        let generator = suite.generator(capabilities, context: context)
        // Every run fails the same way: each removal the refinement tries is taken, from the end.
        let property = Property(generator) { _ in Falsification(origin: "any", message: "fails") }
        var refined = 0
        for seed in UInt64(0)..<40 {
            let value = try generator.example(seed: seed)
            guard value.inputs.count >= 4 else { continue }
            let counterexample = Counterexample(
                value: value, message: "fails", origin: "any", choices: [], run: 0, originalChoiceCount: 0,
                shrink: ShrinkStatistics())
            let result = suite.refine(
                counterexample, property: property, capabilities: capabilities, context: context,
                configuration: Configuration(seed: seed))
            #expect(result.value.inputs.count < value.inputs.count, "seed \(seed)")
            refined += 1
        }
        #expect(refined > 10)
    }
}
