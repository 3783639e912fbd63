import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import FlowCheckRuntimeSuite
import FlowCheckSuites
import FlowRuntimeModel
import SampleImplementations
import Testing

@Suite("Runtime mutants")
struct RuntimeMutantTests {
    @Test(
        "Every runtime mutant is caught by default: named by its rule, only by rules it breaks, first at minimal size",
        arguments: RuntimeBug.allCases)
    func mutantCaught(bug: RuntimeBug) throws {
        let result = try ConformanceRunner(
            implementation: SampleFlowRunner(bugs: [bug]), options: .init(seed: 1, suites: [.runtime])
        ).run()
        #expect(result.verdict.overall == expectedVerdict(breaking: bug.rules), "\(bug)")
        let first = try #require(result.failures.first, "no failure for \(bug)")
        #expect(first.size.value == bug.minimalSteps, "\(bug): \(first.input.joined(separator: "\n"))")
        #expect(result.failures.contains { $0.ruleIDs == [bug.rule] }, "\(bug) is not named by its rule")
        for failure in result.failures {
            #expect(
                Set(failure.ruleIDs).isSubset(of: bug.rules),
                "\(bug): \(failure.origin)\n\(failure.input.joined(separator: "\n"))")
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

    @Test("Every probed rule has a probe going through it in the reference runtime; the sample runtime passes them all")
    func probesHold() {
        for rule in Set(RuleProbes.all.map(\.rule)) {
            // A probe may also hold a case its rule does not decide (a guard that holds, equal priorities), where a
            // wrong runtime goes elsewhere all the same.
            #expect(
                RuleProbes.all.contains { probe in
                    probe.rule == rule && probe.value.expected.contains { $0.rules.contains(rule) }
                }, "no probe of \(rule) goes through it")
        }
        for probe in RuleProbes.all {
            #expect(probe.fails(on: SampleFlowRunner()) == false, "a probe of \(probe.rule)")
        }
    }

    @Test(
        "Each mutant of a probed rule fails one of that rule's probes, and no probe of a rule it keeps",
        arguments: RuntimeBug.allCases.filter { bug in RuleProbes.all.contains { $0.rule == bug.rule } })
    func probesCatch(bug: RuntimeBug) {
        let mutant = SampleFlowRunner(bugs: [bug])
        let failing = Set(RuleProbes.all.filter { $0.fails(on: mutant) == true }.map(\.rule))
        #expect(failing.contains(bug.rule), "\(bug)")
        #expect(failing.isSubset(of: bug.rules), "\(bug) fails probes of \(failing.subtracting(bug.rules).sorted())")
    }

    @Test("A runtime picking its own variants conforms: its picks followed, their shares counted, every RUN rule held")
    func ownRandomConforms() throws {
        let result = try ConformanceRunner(
            implementation: SampleFlowRunner(ownRandom: true), options: .init(seed: 1, suites: [.runtime])
        ).run()
        #expect(result.verdict.passed, "\(result.verdict)")
        let suite = try #require(result.suites.first)
        for status in suite.ruleStatuses(failures: []) {
            #expect(status.standing == .held && status.triggered >= 20, "\(status)")
        }
    }

    @Test(
        "A runtime picking its own variants is caught: weights and zero weights by their counts, stickiness exactly",
        arguments: [
            (RuntimeBug.weightsAsPercentages, String.runAbWeights), (.zeroWeightsNeverPicked, .runAbZero),
            (.abNotSticky, .runAbSticky),
        ])
    func ownRandomCaught(bug: RuntimeBug, rule: String) throws {
        let result = try ConformanceRunner(
            implementation: SampleFlowRunner(bugs: [bug], ownRandom: true), options: .init(seed: 1, suites: [.runtime])
        ).run()
        #expect(result.verdict.overall == expectedVerdict(breaking: bug.rules), "\(bug)")
        let failure = try #require(
            result.failures.first { $0.ruleIDs == [rule] },
            "\(bug) is not named by \(rule) but by \(result.failures.map(\.ruleIDs))")
        if rule != .runAbSticky {
            // The statistical test's own record: the counts beside the shares, and the test's flow.
            #expect(failure.description.contains("starts broke \(rule)"), "\(failure.description)")
            #expect(failure.input.contains { $0.contains("chi-square") }, "\(failure.input)")
            #expect(failure.diff.contains("+ variant a"), "\(failure.diff)")
        }
        for failure in result.failures {
            #expect(
                Set(failure.ruleIDs).isSubset(of: bug.rules),
                "\(bug): \(failure.description)\n\(failure.input.joined(separator: "\n"))\n\(failure.diff)")
        }
    }
}

/// The sample runtime, crashing (throwing) on an action list that goes back and then closes the flow.
private final class CrashingRuntime: FlowRuntimeImplementation {
    struct Crash: Error {}
    let base = SampleFlowRunner()
    var info: ImplementationInfo { base.info }
    var capabilities: Capabilities { base.capabilities }

    func startFlow(_ flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double]) throws -> RuntimeObservation {
        try base.startFlow(flow, context: context, draws: draws)
    }

    func act(_ actions: [RuntimeAction]) throws -> RuntimeObservation {
        if let back = actions.firstIndex(of: .goBack), actions[back...].contains(.closeFlow) { throw Crash() }
        return try base.act(actions)
    }
}

@Suite("Runtime breakdowns")
struct RuntimeBreakdownTests {
    @Test("A runtime that breaks down on one action list is shown at its minimal case: one node, that list alone")
    func breakdownMinimal() throws {
        let result = try ConformanceRunner(
            implementation: CrashingRuntime(), options: .init(seed: 1, suites: [.runtime])
        ).run()
        #expect(result.verdict.overall == .errored)
        let failure = try #require(result.failures.first)
        #expect(failure.description.contains("broke down at step 1 (goBack, closeFlow)"), "\(failure.description)")
        #expect(failure.size.value == 2, "\(failure.input.joined(separator: "\n"))")
        #expect(failure.input.filter { $0.hasPrefix("  node ") }.count == 1, "\(failure.input.joined(separator: "\n"))")
    }
}
