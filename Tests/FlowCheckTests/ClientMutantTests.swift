import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import FlowCheckSuites
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

    @Test("The many-bug client: every bug's rule named under a failure of its own, also those shown only later")
    func manyBugsOneRun() throws {
        let bugs = ManyBugMutant.client.clientBugs
        let result = try ConformanceRunner(
            implementation: SampleNavigator(bugs: [], clientBugs: bugs), options: .init(seed: 1, suites: [.client])
        ).run()
        for bug in bugs {
            #expect(result.failures.contains { $0.ruleIDs == [bug.rule] }, "\(bug): \(result.failures.map(\.ruleIDs))")
        }
        // MATCH by position also departs from the kit's decision on an id sent twice (a SHOULD rule): a deviation.
        let planted = Set(bugs.map(\.rule)).union(["RUF-MATCH-NO-ID"])
        #expect(Set(result.failures.flatMap(\.ruleIDs)) == planted, "\(result.failures.map(\.origin))")
        #expect(result.verdict.overall == .divergent && result.verdict.deviations == 1)
        // Each rule a divergence was blamed on is named. Rules whose inputs nearly all diverged first under the meta
        // written at every action are unresolved, masked: never seen to hold, so never called held.
        let suite = try #require(result.suites.first)
        let unresolved = suite.ruleStatuses(failures: result.failures).filter { $0.standing == .unresolved }
        #expect(unresolved.allSatisfy { $0.diverged == 0 && $0.masked > 0 && $0.triggered - $0.masked < 20 })
        #expect(unresolved.contains { $0.rule.id == "RUF-ORDER" }, "\(unresolved.map(\.rule.id))")
        // A failure shown past the one every action brings says which step diverged first.
        let later = result.failures.filter { $0.origin.contains(" after ") }
        #expect(!later.isEmpty)
        for failure in later {
            #expect(failure.input.contains { $0.hasSuffix("← diverged first (its own failure)") }, "\(failure.input)")
            #expect(failure.notes.contains { $0.contains("diverged first, breaking RUF-META-READONLY") })
        }
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
        // In process the kit never sees the network: the wire rule alone is not certified (flowcheck serve is).
        #expect(suite.uncertifiedRules == ["RUF-REQUEST-WIRE"])
        for status in statuses where status.rule.id != "RUF-REQUEST-WIRE" {
            #expect(status.standing == .held && status.triggered >= 20, "\(status)")
        }
    }
}
