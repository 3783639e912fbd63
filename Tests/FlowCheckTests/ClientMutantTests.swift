import ConformanceRules
import FlowCheck
import FlowCheckCore
import RUFClientModel
import SampleImplementations
import Testing

@Suite("Client mutants")
struct ClientMutantTests {
    @Test(
        "Every client mutant is caught with default settings: the first failure names exactly its rule, at its minimal size",
        arguments: ClientBug.allCases)
    func mutantCaught(bug: ClientBug) throws {
        let result = try ConformanceRunner(
            implementation: SampleNavigator(clientBug: bug), options: .init(seed: 1, suites: [.client])
        ).run()
        #expect(result.verdict.overall == expectedVerdict(breaking: [bug.rule]), "\(bug)")
        let first = try #require(result.failures.first, "no failure for \(bug)")
        #expect(first.size.value == bug.minimalRun, "\(bug): \(first.input.joined(separator: "\n"))")
        #expect(first.ruleIDs == [bug.rule], "\(bug): \(first.origin)\n\(first.input.joined(separator: "\n"))")
        // Later failures are the same bug met in other runs; each names at least one rule it broke.
        for failure in result.failures { #expect(!failure.ruleIDs.isEmpty, "\(bug): \(failure.origin)") }
    }

    @Test("The sample client conforms in the client suite, every RUF rule held with its trigger count")
    func sampleConforms() throws {
        let result = try ConformanceRunner(
            implementation: SampleNavigator(), options: .init(seed: 1, suites: [.client])
        )
        .run()
        #expect(result.verdict.passed, "\(TextReport.render(result))")
        let suite = try #require(result.suites.first)
        let statuses = suite.ruleStatuses(failures: [])
        #expect(statuses.count == ClientRules.all.count)
        for status in statuses {
            #expect(status.standing == .held && status.triggered >= 20, "\(status)")
        }
    }
}
