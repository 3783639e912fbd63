import Foundation
import Testing
import FlowCheck
import FlowCheckCore
import FlowCheckRecords
import NavigationModel
import SampleImplementations

/// The rule each mutant must be reported as breaking.
let expectedRule: [SampleBug: String] = [
    .removePreviousOnlyPrevious: "NAV-PUSH-REMOVE-PREVIOUS", .removePreviousTopRun: "NAV-PUSH-REMOVE-PREVIOUS",
    .removePreviousAllLayers: "NAV-PUSH-REMOVE-PREVIOUS", .startNewWithoutRoot: "NAV-PUSH-START-NEW",
    .keepAlwaysRoot: "NAV-FLOW-ROOT", .replaceHadBeforeRemoval: "NAV-FLOW-ROOT", .baseRuleForgotten: "NAV-BASE",
    .resetKeepsRoot: "NAV-RESET", .popRootEmptiesStack: "NAV-STACK", .popRootIgnored: "NAV-POP-ROOT",
    .presentAsPush: "NAV-PRESENT", .dismissWithNothingPresentedClears: "NAV-DISMISS-ROOT",
    .dismissPopsOne: "NAV-DISMISS",
    .popToBottomMost: "NAV-POP-TO", .popToRootIgnoresProfile: "NAV-POP-TO-ROOT",
    .popToSearchesWholeStack: "NAV-POP-TO-MISSING",
    .behaviorReplaceAsKeep: "NAV-VALID-BEHAVIOR", .failedIdlePops: "NAV-FAILED-IDLE",
    .unknownModeWrongReason: "NAV-VALID-MODE",
    .confirmAppliedTwice: "SES-CONFIRM", .failedAfterReplaceWrongStack: "SES-ROLLBACK",
    .optimisticPopAllowed: "SES-NOT-OPTIMISTIC",
    .noNavigationRollsBack: "SES-NO-NAVIGATION", .secondOptimisticAccepted: "SES-IN-FLIGHT",
    .redirectWithoutRollback: "SES-REDIRECT",
]

@Suite("Conformance runner")
struct RunnerTests {
    @Test("The sample SDK conforms with default settings, in every suite and both profiles")
    func sampleConforms() throws {
        let result = try ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 1)).run()
        #expect(result.verdict.passed, "\(TextReport.render(result))")
        #expect(result.suites.map(\.suite) == [.navigation, .session, .decoding])
        #expect(result.suites.allSatisfy { $0.runs == 400 && $0.missingCoverage.isEmpty })
        #expect(result.header.notCertified == ["NAV-FLOWLESS (it applies only to implementations without flows)"])
        #expect(result.verdict.exercised.first { $0.unit == .step }!.value > 2_000)
    }

    @Test(
        "Every mutant is caught with default settings, within its known minimal length, naming its rule",
        arguments: SampleBug.allCases)
    func mutantCaught(bug: SampleBug) throws {
        let result = try ConformanceRunner(implementation: SampleNavigator(bug: bug), options: .init(seed: 1)).run()
        #expect(result.verdict.overall == .divergent)
        let failure = try #require(result.failures.first, "no failure for \(bug)")
        #expect(failure.size.value <= bug.minimalSteps, "\(bug): \(failure.input)")
        #expect(failure.oneMinimal)
        let rule = try #require(expectedRule[bug])
        #expect(
            result.failures.contains { $0.ruleIDs.contains(rule) }, "\(bug): rules \(result.failures.map(\.ruleIDs))")
        #expect(
            failure.replay
                == "expectConformance(implementation, seed: 1, runs: 400, maxSteps: 30, suites: [.\(failure.suite)])")
    }

    @Test("Too few runs to exercise every required combination is insufficient coverage, never a pass")
    func insufficientCoverage() throws {
        let result = try ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 1, runs: 2)).run()
        #expect(result.verdict.overall == .insufficientCoverage)
        let navigation = try #require(result.suites.first)
        #expect(
            navigation.missingCoverage.contains { $0.hasPrefix("PUSH START_NEW flow-present") }
                || navigation.missingCoverage.contains { $0.hasPrefix("REPLACE START_NEW flow-present") })
        #expect(navigation.coverage.contains { $0.required && $0.runs == 0 })
    }

    @Test("Same seed, same result; the suite seed does not depend on which suites run")
    func deterministic() throws {
        let sample = SampleNavigator(bug: .removePreviousTopRun)
        let a = try ConformanceRunner(implementation: sample, options: .init(seed: 42)).run()
        let b = try ConformanceRunner(implementation: sample, options: .init(seed: 42)).run()
        #expect(a.failures == b.failures)
        #expect(a.suites.map(\.coverage) == b.suites.map(\.coverage))
        let sessionOnly = try ConformanceRunner(implementation: sample, options: .init(seed: 42, suites: [.session]))
            .run()
        let session = a.suites.first { $0.suite == .session }
        #expect(sessionOnly.failures(of: .session).map(\.id) == a.failures(of: .session).map(\.id))
        #expect(sessionOnly.suites.first?.seed == session?.seed)
        let other = try ConformanceRunner(implementation: sample, options: .init(seed: 43)).run()
        #expect(other.suites.map(\.coverage) != a.suites.map(\.coverage))
    }

    @Test("Only declared modes are generated; the rest is listed as not certified")
    func capabilitiesLimitGeneration() throws {
        final class PushPopOnly: NavigationImplementation {
            let inner = SampleNavigator()
            var seen: Set<Mode> = []
            var info: ImplementationInfo { inner.info }
            var capabilities: Capabilities {
                Capabilities(
                    suites: [.navigation], modes: [.push, .pop], behaviors: [.keep], nesting: [.owned], reasons: false)
            }
            func reset(to stack: ScreenStack, profile: Profile) throws { try inner.reset(to: stack, profile: profile) }
            func perform(_ command: Command) throws -> Reply {
                if let mode = command.directive?.mode, mode.isKnown { seen.insert(mode) }
                return try inner.perform(command)
            }
        }
        let implementation = PushPopOnly()
        let result = try ConformanceRunner(implementation: implementation, options: .init(seed: 3)).run()
        #expect(result.verdict.passed)
        #expect(implementation.seen == [.push, .pop])
        #expect(result.header.notCertified.contains("mode PRESENT (not declared)"))
        #expect(result.header.notCertified.contains("rejection reasons (not reported, so not compared)"))
        #expect(!result.header.notCertified.contains { $0.hasPrefix("suite decoding") }, "a navigator is not a decoder")

        let nothing = try ConformanceRunner(implementation: implementation, options: .init(seed: 3, suites: [.session]))
            .run()
        #expect(nothing.suites.isEmpty)
        #expect(nothing.verdict.overall == .insufficientCoverage, "a run that exercised nothing is never a pass")
        #expect(
            nothing.header.notCertified.filter { $0.hasPrefix("suite session") } == [
                "suite session (requested but not declared)"
            ])
        #expect(
            TextReport.render(nothing).contains(
                "no suite ran, because the implementation declares none of the requested suites"))
    }

    @Test("An implementation that throws ends the run as errored with its message")
    func erroredImplementation() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the SDK crashed" } }
        final class Crashing: NavigationImplementation {
            var info: ImplementationInfo { ImplementationInfo(name: "crashing", version: "0", language: "Swift") }
            var capabilities: Capabilities {
                Capabilities(suites: [.navigation], modes: Mode.known, behaviors: Behavior.known, nesting: [.owned])
            }
            func reset(to stack: ScreenStack, profile: Profile) throws {}
            func perform(_ command: Command) throws -> Reply { throw Broken() }
        }
        let result = try ConformanceRunner(implementation: Crashing(), options: .init(seed: 1, suites: [.navigation]))
            .run()
        #expect(result.verdict.overall == .errored)
        #expect(result.verdict.suites.first?.error == "the SDK crashed")
    }

    @Test("A declared suite the adapter cannot serve is a usage error before anything runs")
    func declaredSuiteWithoutProtocol() {
        final class NavigatorClaimingToDecode: NavigationImplementation {
            let inner = SampleNavigator()
            var info: ImplementationInfo {
                ImplementationInfo(name: "claims-decoding", version: "0", language: "Swift")
            }
            var capabilities: Capabilities {
                Capabilities(suites: [.navigation, .decoding], modes: [.push], behaviors: [.keep], nesting: [.owned])
            }
            func reset(to stack: ScreenStack, profile: Profile) throws { try inner.reset(to: stack, profile: profile) }
            func perform(_ command: Command) throws -> Reply { try inner.perform(command) }
        }
        #expect {
            try ConformanceRunner(implementation: NavigatorClaimingToDecode(), options: .init(seed: 1)).run()
        } throws: { error in
            "\(error)" == "claims-decoding declares the decoding suite but does not conform to DecodingImplementation"
        }
    }

    @Test("A decoding-only adapter runs the decoding suite alone and lists no navigation item as not certified")
    func decodingOnlyAdapter() throws {
        let result = try ConformanceRunner(implementation: SampleFlowDecoder(), options: .init(seed: 2)).run()
        #expect(result.suites.map(\.suite) == [.decoding])
        #expect(result.verdict.passed)
        #expect(result.header.notCertified.isEmpty)
        #expect(!TextReport.render(result).contains("NAV-"))
    }

    @Test("--time-limit bounds a suite's wall time, shrinking included, and the verdict says it cut the suite short")
    func timeLimitIncludesShrinking() throws {
        /// A slow mutant: every step takes 2 ms, so shrinking its failure would take far longer than the limit.
        final class Slow: NavigationImplementation {
            let inner = SampleNavigator(bug: .removePreviousTopRun)
            var info: ImplementationInfo { inner.info }
            var capabilities: Capabilities {
                Capabilities(suites: [.navigation], modes: Mode.known, behaviors: Behavior.known, nesting: [.owned])
            }
            func reset(to stack: ScreenStack, profile: Profile) throws { try inner.reset(to: stack, profile: profile) }
            func perform(_ command: Command) throws -> Reply {
                Thread.sleep(forTimeInterval: 0.002)
                return try inner.perform(command)
            }
        }
        let started = Date()
        let result = try ConformanceRunner(
            implementation: Slow(), options: .init(seed: 1, runs: 100_000, timeLimit: .milliseconds(800))
        ).run()
        #expect(Date().timeIntervalSince(started) < 4, "the limit bounds shrinking too")
        #expect(result.verdict.overall == .divergent)
        let cut = try ConformanceRunner(
            implementation: SampleNavigator(), options: .init(seed: 1, runs: 100_000, timeLimit: .milliseconds(50))
        ).run()
        #expect(cut.suites.allSatisfy { $0.stoppedByTimeLimit == "50ms" })
        #expect(cut.verdict.sentence.hasSuffix("The time limit cut 3 suites short (navigation, session, decoding)."))
    }
}
