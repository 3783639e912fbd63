import ConformanceRules
import FlowCheckCore
import FlowCheckRecords
import FlowSchema
import JSON
import Testing

/// A run's records with one suite of two rules, one MUST and one SHOULD, and the given failures.
private func record(
    failures: [FailureRecord], strict: Bool = false, diverged: [String: Int]? = nil,
    triggered: [String: Int] = ["T-MUST": 50, "T-SHOULD": 50]
) -> RunRecord {
    let must = Rule(id: "T-MUST", suite: .decoding, level: .must, feature: "f", summary: "must", source: "test")
    let should = Rule(id: "T-SHOULD", suite: .decoding, level: .should, feature: "f", summary: "should", source: "kit")
    var suite = SuiteRecord(
        suite: .decoding, seed: 1, runs: 100, exercised: UnitCount(100, .document), seconds: 0, coverage: [],
        missingCoverage: [], rules: [must, should])
    suite.triggered = triggered
    suite.ruleMinimum = 20
    suite.divergedTriggered = diverged
    var header = RunHeader(
        kit: .current, implementation: ImplementationInfo(name: "t", version: "0", language: "Swift"),
        capabilities: Capabilities(suites: [.decoding]), notCertified: [], seed: 1, suites: [.decoding])
    header.strict = strict ? true : nil
    return RunRecord(header: header, suites: [suite], failures: failures, errors: [], cases: [], seconds: 0)
}

/// A divergence breaking `rules`.
private func failure(_ rules: [Rule]) -> FailureRecord {
    FailureRecord(
        id: "decoding-" + rules.map(\.id).joined(), suite: .decoding, description: "d", rules: rules, features: ["f"],
        size: UnitCount(1, .document), originalSize: UnitCount(1, .document), oneMinimal: true, shrinkCandidates: 0,
        divergedAt: "the document", input: [], diffHeading: "h", diff: "", violations: [],
        storyboard: Storyboard(columns: [], rows: []), replay: "r", detail: .null)
}

@Suite("Verdict levels and rule standings")
struct VerdictLevelTests {
    let rules = record(failures: []).suites[0].rules

    @Test("A SHOULD-only divergence is a deviation: conforming, counted apart, every output told; --strict fails it")
    func shouldOnlyConforms() {
        let run = record(failures: [failure([rules[1]])])
        #expect(run.verdict.overall == .conforming && run.verdict.passed)
        #expect(run.verdict.deviations == 1 && run.verdict.failures == 0)
        #expect(run.verdict.suites[0].label == "✓ conforming, 1 deviation")
        #expect(run.verdict.sentence.contains("no MUST rule broken; 1 deviation from SHOULD rules"))
        #expect(run.isDeviation(run.failures[0]))
        let strict = record(failures: [failure([rules[1]])], strict: true)
        #expect(strict.verdict.overall == .divergent && strict.verdict.failures == 1 && strict.verdict.deviations == 0)
        #expect(strict.verdict.level == "MUST and SHOULD" && run.verdict.level == "MUST")
    }

    @Test("A divergence breaking a MUST rule fails, whatever SHOULD rules it breaks beside it")
    func mustFails() {
        let run = record(failures: [failure([rules[0], rules[1]]), failure([rules[1]])])
        #expect(run.verdict.overall == .divergent && run.verdict.failures == 1 && run.verdict.deviations == 1)
    }

    @Test("A rule whose units diverged is never held: broken when a failure names it, unresolved otherwise")
    func divergedRuleIsNotHeld() {
        let run = record(failures: [failure([rules[1]])], diverged: ["T-MUST": 3, "T-SHOULD": 7])
        let statuses = run.suites[0].ruleStatuses(failures: run.failures)
        #expect(statuses.map(\.standing) == [.unresolved, .broken])
        #expect(statuses[0].diverged == 3)
        #expect(run.verdict.suites[0].unresolvedRules == ["T-MUST"])
        // Unresolved changes no verdict by itself: the failures decide it.
        #expect(run.verdict.overall == .conforming)
        // A rule too few units fell under stays not exercised, whatever diverged under it: insufficient coverage.
        var thin = record(failures: [failure([rules[1]])], diverged: ["T-MUST": 1]).suites[0]
        thin.triggered["T-MUST"] = 5
        #expect(thin.unexercisedRules(failures: []) == ["T-MUST"])
        let clean = record(failures: [])
        #expect(clean.suites[0].ruleStatuses(failures: []).map(\.standing) == [.held, .held])
    }

    @Test("Insufficient coverage beside deviations says that no MUST rule broke, not that everything agreed")
    func thinCoverageWithDeviations() {
        let full = record(failures: [failure([rules[1]])])
        var suite = full.suites[0]
        suite.triggered["T-MUST"] = 5
        let run = RunRecord(
            header: full.header, suites: [suite], failures: full.failures, errors: [], cases: [], seconds: 0)
        #expect(run.verdict.overall == .insufficientCoverage)
        #expect(run.verdict.sentence.contains("no MUST rule broken, but too few"), "\(run.verdict.sentence)")
        #expect(run.verdict.sentence.contains("1 deviation from SHOULD rules"), "\(run.verdict.sentence)")
        #expect(!run.verdict.sentence.contains("everything judged agreed"))
    }

    @Test("A rule is held on the units under it that agreed: one whose units all diverged first under others is not")
    func maskedRuleIsNotHeld() {
        // T-MUST's 50 units all diverged, blamed on other rules; 40 of T-SHOULD's did, and 10 agreed.
        var suite = record(failures: []).suites[0]
        suite.maskedTriggered = ["T-MUST": 50, "T-SHOULD": 40]
        let statuses = suite.ruleStatuses(failures: [])
        #expect(statuses.map(\.standing) == [.unresolved, .unresolved])
        #expect(
            statuses[0].unresolvedReason(.document)
                == "50 documents under it diverged first under other rules, 0 agreed")
        // With 20 that agreed (the minimum), it is held.
        suite.maskedTriggered = ["T-MUST": 30]
        #expect(suite.ruleStatuses(failures: []).map(\.standing) == [.held, .held])
        // Broken and unresolved-by-blame come first: masked units change neither.
        suite.maskedTriggered = ["T-MUST": 50, "T-SHOULD": 50]
        suite.divergedTriggered = ["T-MUST": 2]
        let blamed = suite.ruleStatuses(failures: [failure([rules[1]])])
        #expect(blamed.map(\.standing) == [.unresolved, .broken])
        #expect(blamed[0].unresolvedReason(.document) == "2 documents diverged; no failure names it")
        // One replayed run judges no rule on its units: masked units leave a rule not exercised there.
        suite.divergedTriggered = nil
        suite.ruleMinimum = 0
        #expect(suite.ruleStatuses(failures: []).map(\.standing) == [.notExercised, .notExercised])
    }

    @Test("Beside a failure, a rule too few compared units fell under is counted in the verdict's sentence")
    func unexercisedBesideFailure() {
        #expect(!record(failures: [failure([rules[0]])]).verdict.sentence.contains("not exercised"))
        let run = record(failures: [failure([rules[0]])], triggered: ["T-MUST": 50, "T-SHOULD": 3])
        #expect(run.verdict.overall == .divergent)
        #expect(
            run.verdict.sentence.hasSuffix(
                "; 1 rule not exercised, so not held (too few units under it were compared)."))
    }
}
