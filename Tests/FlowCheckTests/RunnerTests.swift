import ConformanceRules
import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckDecodingSuite
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import FlowSchema
import Foundation
import NavigationModel
import PropertyTesting
import RUFClientModel
import SampleImplementations
import Testing

/// The rules each mutant's run must name, exactly, over all its failures (default settings, seed 1).
let expectedRules = SampleBug.brokenRules

/// The failures found by running a failure's run alone, as its replay line does.
func replayed(_ failure: FailureRecord, on implementation: any Implementation) throws -> [FailureRecord] {
    let run = try #require(
        failure.replay.firstMatch(of: /run (\d+) alone/).flatMap { Int($0.1) })
    var options = ConformanceRunner.Options(seed: 1, suites: [failure.suite])
    options.onlyRun = run
    return try ConformanceRunner(implementation: implementation, options: options).run().failures
}

/// The navigation and session suites, where a navigation mutant's rules are named.
let stackSuites: [Suite] = [.navigation, .session]

@Suite("Conformance runner")
struct RunnerTests {
    @Test("The sample SDK conforms with default settings, in every suite and both profiles")
    func sampleConforms() throws {
        let result = try ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 1)).run()
        #expect(result.verdict.passed, "\(TextReport.render(result))")
        #expect(result.suites.map(\.suite) == [.navigation, .session, .decoding, .client])
        #expect(result.suites.allSatisfy { $0.runs == 400 && $0.missingCoverage.isEmpty })
        #expect(
            result.header.notCertified == [
                "NAV-FLOWLESS (it applies only to implementations without flows)",
                "requests as the network sees them (RUF-REQUEST-WIRE: run the client under flowcheck serve)",
            ])
        #expect(result.verdict.exercised.first { $0.unit == .step }!.value > 2_000)
    }

    @Test("A run stopped after its first suite names each suite it never started as not run, in every report")
    func interruptedNamesSuitesNotRun() throws {
        let stop = StopRequest()
        var runner = ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 1, runs: 30))
        runner.stop = stop
        runner.progress = { _ in stop.request(reason: "SIGINT") }
        let result = try runner.run()
        #expect(result.interrupted == "SIGINT" && result.suites.map(\.suite) == [.navigation])
        for suite in ["session", "decoding", "client"] {
            #expect(
                result.header.notCertified.contains(
                    "suite \(suite) (not run: the run was interrupted before it started)"),
                "\(result.header.notCertified)")
        }
        #expect(
            TextReport.render(result).contains("  - suite client (not run: the run was interrupted before it started)"))
    }

    @Test(
        "Every mutant is caught with default settings: exactly its rules named, each failure 1-minimal and replayed alone",
        arguments: SampleBug.allCases)
    func mutantCaught(bug: SampleBug) throws {
        // The sample's RUF client moves its stack with the same navigator, so the client suite sees these bugs too
        // (as RUF-NAVIGATE and the like); the table is about the suites that name the navigation rule itself.
        let result = try ConformanceRunner(
            implementation: SampleNavigator(bug: bug), options: .init(seed: 1, suites: stackSuites)
        ).run()
        // A mutant that breaks SHOULD rules only conforms, with its deviations listed as fully as failures.
        #expect(result.verdict.overall == expectedVerdict(breaking: expectedRules[bug] ?? []), "\(bug)")
        if expectedVerdict(breaking: expectedRules[bug] ?? []) == .conforming { #expect(result.verdict.deviations > 0) }
        let failure = try #require(result.failures.first, "no failure for \(bug)")
        #expect(failure.size.value <= bug.minimalSteps, "\(bug): \(failure.input)")
        if let depth = bug.minimalDepth {
            // Found on stacks of up to a thousand screens, every failure shrunk to about the depth the bug needs.
            for failure in result.failures {
                let detail = try #require(failure.detail.decoded(as: StepFailureDetail.self))
                // The deepest stack the model holds on the way: the initial one, or one the steps pushed to.
                let deepest = ([detail.initial] + detail.trace.map(\.expected.state.stack)).map(\.count).max()!
                // The first failure of the capacity bug shrinks to its depth exactly; the others, whose depth also
                // needs a pattern of flows or names that shrinking keeps, to within twice theirs.
                let most = bug == .capacity16 && failure.id == result.failures[0].id ? depth + 1 : 2 * depth
                #expect(
                    deepest >= depth - 1 && deepest <= most, "\(bug): \(deepest) screens: \(failure.input)")
            }
        }
        let named = Set(result.failures.flatMap(\.ruleIDs))
        #expect(named == expectedRules[bug], "\(bug)")
        for failure in result.failures {
            // A 17-screen stack over the capacity bug's depth is left as it is where its entry pass and the 1-minimal
            // check disagree on a 16-screen one (the check withholds the claim): known, not yet explained.
            #expect(failure.oneMinimal || bug == .capacity16, "\(bug): \(failure.input)")
            // Its run, replayed alone, finds it again (with the failures shrinking it met, if any).
            #expect(
                try replayed(failure, on: SampleNavigator(bug: bug)).contains { $0.origin == failure.origin },
                "\(bug): \(failure.replay)")
            #expect(
                failure.replay.hasPrefix("seed 1, suite \(failure.suite), run ")
                    && failure.replay.hasSuffix(" alone, at most 30 steps a run"), "\(failure.replay)")
        }
    }

    @Test(
        "Many-bug and same-symptom navigators: one default run names each bug under a failure of its own",
        arguments: [ManyBugMutant.navigation, .navigationSameSymptom])
    func manyBugsOneRun(mutant: ManyBugMutant) throws {
        let bugs = mutant.sampleBugs
        let result = try ConformanceRunner(
            implementation: SampleNavigator(bugs: bugs), options: .init(seed: 1, suites: stackSuites)
        ).run()
        for bug in bugs {
            let own = try #require(expectedRules[bug])
            // Its own: within its rules, and naming one no other bug breaks (two bugs that each empty the stack
            // share NAV-STACK, which names neither).
            let others = Set(bugs.filter { $0 != bug }.flatMap { expectedRules[$0] ?? [] })
            #expect(
                result.failures.contains {
                    !$0.ruleIDs.isEmpty && Set($0.ruleIDs).isSubset(of: own)
                        && (own.isSubset(of: others) || !Set($0.ruleIDs).isSubset(of: others))
                },
                "\(mutant), \(bug): no failure of its own among \(result.failures.map(\.ruleIDs))")
        }
        // Nothing named that none of the bugs breaks alone.
        let planted = Set(bugs.flatMap { expectedRules[$0] ?? [] })
        #expect(Set(result.failures.flatMap(\.ruleIDs)).isSubset(of: planted), "\(result.failures.map(\.ruleIDs))")
        // A SHOULD bug among them is listed as a deviation; the MUST ones make the run divergent.
        #expect(result.verdict.overall == .divergent)
        // The many-bug navigator's one SHOULD-only bug (POP on the root ignored) is its one deviation.
        #expect(mutant != .navigation || result.verdict.deviations == 1, "\(result.failures.map(\.ruleIDs))")
    }

    @Test("Three planted bugs in one implementation: three shrunk failures from one run, each naming exactly its rule")
    func threeBugsOneRun() throws {
        let planted = SampleNavigator(bugs: [.presentAsPush, .popToBottomMost, .confirmAppliedTwice])
        let result = try ConformanceRunner(implementation: planted, options: .init(seed: 1, suites: stackSuites)).run()
        #expect(result.verdict.overall == .divergent)
        #expect(
            result.failures.map(\.ruleIDs).sorted { $0.joined() < $1.joined() }
                == [["NAV-POP-TO"], ["NAV-PRESENT"], ["SES-CONFIRM"]], "\(result.failures.map(\.origin))")
        for failure in result.failures {
            #expect(failure.oneMinimal && failure.size.value <= 2, "\(failure.input)")
            // The replay line runs that failure's run alone and finds it again.
            #expect(try replayed(failure, on: planted).contains { $0.origin == failure.origin })
        }
    }

    @Test("A failure two suites find is reported once and counted once in the run's total, by each suite in its own")
    func aFailureTwoSuitesFindCountsOnce() throws {
        let planted = SampleNavigator(bug: .removePreviousTopRun)
        let result = try ConformanceRunner(implementation: planted, options: .init(seed: 7, suites: stackSuites)).run()
        let session = try #require(result.verdict.suites.first { $0.suite == .session })
        let elsewhere = try #require(result.suites.first { $0.suite == .session }?.reportedElsewhere)
        #expect(!elsewhere.isEmpty, "the session suite meets the navigation suite's failures again")
        #expect(session.failures >= elsewhere.count, "a suite counts what it met, wherever it is reported")
        #expect(result.verdict.failures == result.failures.count, "the run's total counts each failure once")
    }

    @Test("A directive's unknown fields are sent to the implementation; acting on them breaks exactly NAV-IGNORE")
    func unknownFieldsAttributed() throws {
        /// Rejects any directive that carries a `transition`, as an SDK that validates strictly would.
        final class Strict: NavigationImplementation {
            let inner = SampleNavigator()
            var info: ImplementationInfo { ImplementationInfo(name: "strict", version: "1", language: "Swift") }
            var capabilities: Capabilities {
                var declared = inner.capabilities
                declared.suites = [.navigation, .session]
                return declared
            }
            func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
                try inner.reset(to: stack, profile: profile)
            }
            func perform(_ command: NavigationCommand) throws -> NavigationReply {
                guard let directive = command.directive, directive.unknownFields["transition"] != nil else {
                    return try inner.perform(command)
                }
                // The same command with a mode nothing knows: rejected, the state unchanged.
                let unknown = NavigationDirective(id: directive.id, mode: "TRANSITION?")
                if case .optimistic = command { return try inner.perform(.optimistic(unknown)) }
                return try inner.perform(.navigate(unknown))
            }
        }
        let result = try ConformanceRunner(implementation: Strict(), options: .init(seed: 1, suites: [.navigation]))
            .run()
        #expect(result.failures.map(\.ruleIDs) == [["NAV-IGNORE"]], "\(result.failures.map(\.origin))")
        let failure = try #require(result.failures.first)
        #expect(failure.size.value == 1 && failure.oneMinimal, "\(failure.input)")
        #expect(failure.input.contains { $0.contains("with ") && $0.contains("transition") }, "\(failure.input)")
        // The sample ignores them: NAV-IGNORE held, with its count.
        let sample = try ConformanceRunner(
            implementation: SampleNavigator(), options: .init(seed: 1, suites: [.navigation])
        )
        .run()
        let status = try #require(
            sample.suites.first?.ruleStatuses(failures: []).first { $0.rule.id == "NAV-IGNORE" })
        #expect(status.standing == .held && status.triggered >= 20, "\(status)")
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
        // The full run reports once a failure the navigation suite found first; the rest are the same.
        #expect(Set(a.failures(of: .session).map(\.id)).isSubset(of: sessionOnly.failures(of: .session).map(\.id)))
        #expect(sessionOnly.suites.first?.seed == session?.seed)
        let other = try ConformanceRunner(implementation: sample, options: .init(seed: 43)).run()
        #expect(other.suites.map(\.coverage) != a.suites.map(\.coverage))
    }

    @Test("Only declared modes are generated; the rest is listed as not certified")
    func capabilitiesLimitGeneration() throws {
        final class PushPopOnly: NavigationImplementation {
            let inner = SampleNavigator()
            var seen: Set<NavigationMode> = []
            var info: ImplementationInfo { inner.info }
            var capabilities: Capabilities {
                Capabilities(
                    suites: [.navigation], modes: [.push, .pop], behaviors: [.keep], nesting: [.owned], reasons: false)
            }
            func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
                try inner.reset(to: stack, profile: profile)
            }
            func perform(_ command: NavigationCommand) throws -> NavigationReply {
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

    @Test("An implementation that throws is a counterexample: errored, with its message and the smallest sequence")
    func erroredImplementation() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the SDK crashed" } }
        /// Throws on its second DISMISS; anything else it does right.
        final class Crashing: NavigationImplementation {
            let inner = SampleNavigator()
            var dismissals = 0
            var info: ImplementationInfo { ImplementationInfo(name: "crashing", version: "0", language: "Swift") }
            var capabilities: Capabilities {
                Capabilities(
                    suites: [.navigation, .session], modes: NavigationMode.known, behaviors: FlowBehavior.known,
                    nesting: [.owned])
            }
            func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
                dismissals = 0
                try inner.reset(to: stack, profile: profile)
            }
            func perform(_ command: NavigationCommand) throws -> NavigationReply {
                if command.directive?.mode == .dismiss {
                    dismissals += 1
                    if dismissals == 2 { throw Broken() }
                }
                return try inner.perform(command)
            }
        }
        let result = try ConformanceRunner(implementation: Crashing(), options: .init(seed: 1)).run()
        #expect(result.verdict.overall == .errored)
        let failure = try #require(result.failures.first)
        // The session suite meets the same breakdown: reported once, and its suite is errored too.
        #expect(result.failures.count == 1, "\(result.failures.map(\.origin))")
        #expect(result.verdict.suites.map(\.verdict) == [.errored, .errored])
        #expect(result.suites.last?.reportedElsewhere == [failure.id])
        #expect(failure.ruleIDs.allSatisfy { $0.hasPrefix("NAV-DISMISS") }, "\(failure.ruleIDs)")
        #expect(failure.kind == .breakdown && failure.origin == "breakdown: threw Broken")
        #expect(failure.breakdown?.message.contains("the SDK crashed") == true)
        // Shrunk: two DISMISS steps, the second of which threw.
        #expect(failure.size.value == 2, "\(failure.input)")
        #expect(failure.input.filter { $0.contains("DISMISS") }.count == 2, "\(failure.input)")
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
            func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
                try inner.reset(to: stack, profile: profile)
            }
            func perform(_ command: NavigationCommand) throws -> NavigationReply { try inner.perform(command) }
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
        #expect(result.header.notCertified.isEmpty, "\(result.header.notCertified)")
        #expect(!TextReport.render(result).contains("NAV-"))
    }

    @Test("--time-limit bounds a suite's wall time, shrinking included, and the verdict says it cut the suite short")
    func timeLimitIncludesShrinking() throws {
        /// A slow mutant: every step takes 2 ms, so shrinking its failure would take far longer than the limit.
        final class Slow: NavigationImplementation {
            let inner = SampleNavigator(bug: .removePreviousTopRun)
            var info: ImplementationInfo { inner.info }
            var capabilities: Capabilities {
                Capabilities(
                    suites: [.navigation], modes: NavigationMode.known, behaviors: FlowBehavior.known, nesting: [.owned]
                )
            }
            func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
                try inner.reset(to: stack, profile: profile)
            }
            func perform(_ command: NavigationCommand) throws -> NavigationReply {
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
        #expect(
            cut.verdict.sentence.hasSuffix("The time limit cut 4 suites short (navigation, session, decoding, client).")
        )
    }
}
