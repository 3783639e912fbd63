import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import FlowCheckSuites
import FlowRuntimeModel
import SampleImplementations
import Testing

@Suite("Runtime mutants")
struct RuntimeMutantTests {
    @Test(
        "Every runtime mutant is caught with default settings: every failure names its rule, the first at its minimal size",
        arguments: RuntimeBug.allCases)
    func mutantCaught(bug: RuntimeBug) throws {
        let result = try ConformanceRunner(
            implementation: SampleFlowRunner(bugs: [bug]), options: .init(seed: 1, suites: [.runtime])
        ).run()
        #expect(result.verdict.overall == expectedVerdict(breaking: [bug.rule]), "\(bug)")
        let first = try #require(result.failures.first, "no failure for \(bug)")
        #expect(first.size.value == bug.minimalSteps, "\(bug): \(first.input.joined(separator: "\n"))")
        for failure in result.failures {
            #expect(
                failure.ruleIDs == [bug.rule], "\(bug): \(failure.origin)\n\(failure.input.joined(separator: "\n"))")
        }
    }

    @Test("The sample runtime conforms, every RUN rule held with its trigger count")
    func sampleConforms() throws {
        let result = try ConformanceRunner(
            implementation: SampleFlowRunner(), options: .init(seed: 1, suites: [.runtime])
        ).run()
        #expect(result.verdict.passed, "\(result.verdict)")
        let suite = try #require(result.suites.first)
        let statuses = suite.ruleStatuses(failures: [])
        #expect(statuses.count == RuntimeRules.all.count)
        for status in statuses {
            #expect(status.standing == .held && status.triggered >= 20, "\(status)")
        }
    }
}
