import Testing
import FlowCheck
import NavigationModel
import SampleImplementations

/// The rule each mutant must be reported as breaking.
let expectedRule: [SampleBug: String] = [
    .removePreviousOnlyPrevious: "NAV-PUSH-REMOVE-PREVIOUS", .removePreviousTopRun: "NAV-PUSH-REMOVE-PREVIOUS",
    .removePreviousAllLayers: "NAV-PUSH-REMOVE-PREVIOUS", .startNewWithoutRoot: "NAV-PUSH-START-NEW",
    .keepAlwaysRoot: "NAV-FLOW-ROOT", .replaceHadBeforeRemoval: "NAV-FLOW-ROOT", .baseRuleForgotten: "NAV-BASE",
    .resetKeepsRoot: "NAV-RESET", .popRootEmptiesStack: "NAV-STACK", .popRootIgnored: "NAV-POP-ROOT",
    .presentAsPush: "NAV-PRESENT", .dismissWithNothingPresentedClears: "NAV-DISMISS-ROOT", .dismissPopsOne: "NAV-DISMISS",
    .popToBottomMost: "NAV-POP-TO", .popToRootIgnoresProfile: "NAV-POP-TO-ROOT", .popToSearchesWholeStack: "NAV-POP-TO-MISSING",
    .behaviorReplaceAsKeep: "NAV-VALID-BEHAVIOR", .failedIdlePops: "NAV-FAILED-IDLE", .unknownModeWrongReason: "NAV-VALID-MODE",
    .confirmAppliedTwice: "SES-CONFIRM", .failedAfterReplaceWrongStack: "SES-ROLLBACK", .optimisticPopAllowed: "SES-NOT-OPTIMISTIC",
    .noNavigationRollsBack: "SES-NO-NAVIGATION", .secondOptimisticAccepted: "SES-IN-FLIGHT", .redirectWithoutRollback: "SES-REDIRECT",
]

@Suite("Conformance runner")
struct RunnerTests {
    @Test("The sample SDK conforms with default settings, in every suite and both profiles")
    func sampleConforms() {
        let result = ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 1)).run()
        #expect(result.verdict == .conforming, "\(result.suites.map { ($0.suite, $0.verdict, $0.missingCoverage, $0.failure?.diff ?? $0.error ?? "") })")
        #expect(result.suites.map(\.suite) == [.navigation, .session, .decoding])
        #expect(result.suites.allSatisfy { $0.runs == 400 && $0.missingCoverage.isEmpty })
        #expect(result.notCertified.isEmpty)
        #expect(result.steps > 2_000)
    }

    @Test("Every mutant is caught with default settings, within its known minimal length, naming its rule",
          arguments: SampleBug.allCases)
    func mutantCaught(bug: SampleBug) throws {
        let result = ConformanceRunner(implementation: SampleNavigator(bug: bug), options: .init(seed: 1)).run()
        #expect(result.verdict == .divergent)
        let failure = try #require(result.failures.first, "no failure for \(bug)")
        #expect(failure.commands.count <= bug.minimalSteps, "\(bug): \(failure.commands) from \(failure.initial)")
        #expect(failure.oneMinimal)
        let rule = try #require(expectedRule[bug])
        #expect(result.failures.contains { $0.rules.contains(rule) }, "\(bug): rules \(result.failures.map(\.rules))")
        #expect(failure.replay == "expectConformance(implementation, seed: 1, runs: 400, maxSteps: 30, suites: [.\(failure.suite)])")
    }

    @Test("Too few runs to exercise every required combination is insufficient coverage, never a pass")
    func insufficientCoverage() throws {
        let result = ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 1, runs: 2)).run()
        #expect(result.verdict == .insufficientCoverage)
        let navigation = try #require(result.suites.first)
        #expect(navigation.missingCoverage.contains { $0.hasPrefix("PUSH START_NEW flow-present") }
                || navigation.missingCoverage.contains { $0.hasPrefix("REPLACE START_NEW flow-present") })
        #expect(navigation.coverage.contains { $0.required && $0.runs == 0 })
    }

    /// A failure without its wall-clock field, which is the only part a seed does not decide.
    private func timeless(_ failure: ConformanceFailure?) -> ConformanceFailure? {
        failure.map { var copy = $0; copy.shrinkMilliseconds = 0; return copy }
    }

    @Test("Same seed, same result; the suite seed does not depend on which suites run")
    func deterministic() {
        let sample = SampleNavigator(bug: .removePreviousTopRun)
        let a = ConformanceRunner(implementation: sample, options: .init(seed: 42)).run()
        let b = ConformanceRunner(implementation: sample, options: .init(seed: 42)).run()
        #expect(a.suites.map { timeless($0.failure) } == b.suites.map { timeless($0.failure) })
        #expect(a.suites.map(\.coverage) == b.suites.map(\.coverage))
        let sessionOnly = ConformanceRunner(implementation: sample, options: .init(seed: 42, suites: [.session])).run()
        let session = a.suites.first { $0.suite == .session }
        #expect(timeless(sessionOnly.suites.first?.failure) == timeless(session?.failure))
        #expect(sessionOnly.suites.first?.seed == session?.seed)
        let other = ConformanceRunner(implementation: sample, options: .init(seed: 43)).run()
        #expect(other.suites.map(\.coverage) != a.suites.map(\.coverage))
    }

    @Test("Only declared modes are generated; the rest is listed as not certified")
    func capabilitiesLimitGeneration() {
        final class PushPopOnly: NavigationImplementation {
            let inner = SampleNavigator()
            var seen: Set<Mode> = []
            var info: ImplementationInfo { inner.info }
            var capabilities: Capabilities {
                Capabilities(suites: [.navigation], modes: [.push, .pop], behaviors: [.keep], nesting: [.owned], reasons: false)
            }
            func reset(to stack: ScreenStack, profile: Profile) throws { try inner.reset(to: stack, profile: profile) }
            func perform(_ command: Command) throws -> Reply {
                if let mode = command.directive?.mode, mode.isKnown { seen.insert(mode) }
                return try inner.perform(command)
            }
        }
        let implementation = PushPopOnly()
        let result = ConformanceRunner(implementation: implementation, options: .init(seed: 3)).run()
        #expect(result.verdict == .conforming)
        #expect(implementation.seen == [.push, .pop])
        #expect(result.notCertified.contains("mode PRESENT (not declared)"))
        #expect(result.notCertified.contains("suite session (not declared)"))
        #expect(result.notCertified.contains("rejection reasons (not reported, so not compared)"))

        let nothing = ConformanceRunner(implementation: implementation, options: .init(seed: 3, suites: [.session])).run()
        #expect(nothing.suites.isEmpty)
        #expect(nothing.verdict == .insufficientCoverage, "a run that exercised nothing is never a pass")
        #expect(nothing.notCertified.filter { $0.hasPrefix("suite session") } == ["suite session (requested but not declared)"])
        #expect(TextReport.render(nothing).contains("no suite ran, because the implementation declares none of the requested suites"))
    }

    @Test("An implementation that throws ends the run as errored with its message")
    func erroredImplementation() {
        struct Broken: Error, CustomStringConvertible { var description: String { "the SDK crashed" } }
        final class Crashing: NavigationImplementation {
            var info: ImplementationInfo { ImplementationInfo(name: "crashing", version: "0", language: "Swift") }
            var capabilities: Capabilities { .full }
            func reset(to stack: ScreenStack, profile: Profile) throws {}
            func perform(_ command: Command) throws -> Reply { throw Broken() }
        }
        let result = ConformanceRunner(implementation: Crashing(), options: .init(seed: 1)).run()
        #expect(result.verdict == .errored)
        #expect(result.suites.first?.error == "the SDK crashed")
    }
}
