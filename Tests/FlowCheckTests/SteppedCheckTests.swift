import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import Foundation
import NavigationModel
import PropertyTesting
import SampleImplementations
import Testing

/// Generated runs checked as their steps are drawn (`takesCommandsAsDrawn`) find, name and describe what runs checked
/// whole do.
@Suite struct SteppedCheckTests {
    /// The sample, handed commands as drawn or whole runs, counting the whole runs it was handed.
    final class Counted: NavigationImplementation {
        let inner: SampleNavigator
        let stepped: Bool
        private(set) var wholeRuns = 0

        init(_ inner: SampleNavigator, stepped: Bool) {
            self.inner = inner
            self.stepped = stepped
        }

        var info: ImplementationInfo { inner.info }
        var capabilities: Capabilities {
            var navigating = inner.capabilities
            navigating.suites = [.navigation, .session]
            return navigating
        }
        var takesCommandsAsDrawn: Bool { stepped }
        func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
            try inner.reset(to: stack, profile: profile)
        }
        func perform(_ command: NavigationCommand) throws -> NavigationReply { try inner.perform(command) }
        func run(
            initial: ScreenStack, profile: NavigationProfile, commands: [NavigationCommand]
        ) throws -> [NavigationReply] {
            wholeRuns += 1
            try reset(to: initial, profile: profile)
            return try commands.map(perform)
        }
    }

    static func lines(_ implementation: Counted, runs: Int = 150) throws -> [String] {
        let options = ConformanceRunner.Options(seed: 4, runs: runs, suites: [.navigation, .session], jobs: 1)
        let record = try ConformanceRunner(implementation: implementation, options: options).run()
        let seconds = try Regex(#""seconds":[-0-9.e+]+"#)
        return record.lines().map { $0.replacing(seconds, with: #""seconds":0"#) }
    }

    static let mutants: [Set<SampleBug>] = [
        [], [.presentAsPush, .popToBottomMost, .confirmAppliedTwice], [.flowNamesCaseInsensitive],
        [.failedKeepsPending], [.nullFieldRejected],
    ]

    @Test(arguments: 0..<5)
    func steppedAndWholeRunsWriteTheSameRecords(_ which: Int) throws {
        let bugs = Self.mutants[which]
        let stepped = Counted(SampleNavigator(bugs: bugs), stepped: true)
        let whole = Counted(SampleNavigator(bugs: bugs), stepped: false)
        let steppedLines = try Self.lines(stepped), wholeLines = try Self.lines(whole)
        #expect(steppedLines.count > 2)
        #expect(steppedLines.count == wholeLines.count, "\(bugs): checked as drawn, another number of records")
        // The first line that differs, from the first character that does: whole records would bury it.
        for (stepped, whole) in zip(steppedLines, wholeLines) where stepped != whole {
            let same = zip(stepped, whole).prefix { $0 == $1 }.count
            Issue.record(
                """
                \(bugs): checked as drawn, a record differs from checked whole at character \(same):
                - \(whole.dropFirst(max(same - 60, 0)).prefix(160))
                + \(stepped.dropFirst(max(same - 60, 0)).prefix(160))
                """)
            break
        }
        #expect(whole.wholeRuns >= 300, "an adapter that declines is handed every run whole")
        if bugs.isEmpty {
            #expect(stepped.wholeRuns == 0, "runs that agree at every step are never handed over whole")
        } else {
            #expect(stepped.wholeRuns > 0, "a failure is checked whole again, to be named as before")
            #expect(stepped.wholeRuns < whole.wholeRuns)
        }
    }

    /// Answers its first `wrong` steps with a stack one screen short, or throws at them; then as the sample does.
    final class WrongAtFirst: NavigationImplementation {
        struct Broke: Error {}
        let inner = SampleNavigator()
        let throwing: Bool
        var wrong: Int

        init(wrong: Int, throwing: Bool) {
            self.wrong = wrong
            self.throwing = throwing
        }

        var info: ImplementationInfo { inner.info }
        var capabilities: Capabilities { inner.capabilities }
        var takesCommandsAsDrawn: Bool { true }
        func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
            try inner.reset(to: stack, profile: profile)
        }
        func perform(_ command: NavigationCommand) throws -> NavigationReply {
            var reply = try inner.perform(command)
            guard wrong > 0 else { return reply }
            wrong -= 1
            if throwing { throw Broke() }
            reply.state.stack = ScreenStack(reply.state.stack.entries.dropLast())
            return reply
        }
    }

    /// The first generated run of the navigation suite that failed at a step, checked as drawn on `implementation`
    /// (a run that passes comes back without its commands, so only a failing one has them).
    static func firstRun(
        on implementation: any NavigationImplementation
    ) throws -> (value: RunPlan, verdict: Result<Falsification?, any Error>) {
        let suite = NavigationSuite()
        let capabilities = implementation.capabilities
        let context = SuiteContext(maxSteps: 20)
        let check = try #require(suite.checkWhileGenerating(capabilities, context: context, on: implementation))
        for seed in UInt64(1)...50 {
            let drawn = try check(ChoiceSource.random(seed: seed))
            if !drawn.value.commands.isEmpty { return drawn }
        }
        throw Abort("no run with a step in 50 seeds")
    }

    /// A run that agrees at every step comes back without its commands (each step's directive is let go at its end),
    /// with the labels and rule counts of the whole plan the same choices draw; coverage reads nothing else of it.
    @Test func aPassingRunKeepsTheWholePlansCountsAndNoCommands() throws {
        let sample = SampleNavigator(), suite = SessionSuite(), context = SuiteContext(maxSteps: 20)
        let capabilities = sample.capabilities
        let check = try #require(suite.checkWhileGenerating(capabilities, context: context, on: sample))
        let generator = suite.generator(capabilities, context: context)
        var steps = 0
        for seed in UInt64(1)...40 {
            let (stepped, verdict) = try check(ChoiceSource.random(seed: seed))
            let whole = try generator.run(ChoiceSource.random(seed: seed))
            let found = try verdict.get()
            #expect(found == nil, "seed \(seed): the sample diverged")
            #expect(stepped.commands.isEmpty, "seed \(seed): a passing run kept its commands")
            #expect(suite.unitLabels(stepped) == suite.unitLabels(whole), "seed \(seed)")
            #expect(suite.unitLabelCounts(stepped).counts == suite.unitLabelCounts(whole).counts, "seed \(seed)")
            let steppedTriggers = suite.triggers(stepped, capabilities: capabilities)
            let wholeTriggers = suite.triggers(whole, capabilities: capabilities)
            #expect(steppedTriggers.names == wholeTriggers.names && steppedTriggers.counts == wholeTriggers.counts)
            steps += whole.commands.count
        }
        #expect(steps > 40, "the runs drew too few steps to compare")
    }

    /// A failing run comes back whole: drawn again from its choices, it is the plan drawn without a watcher.
    @Test func aFailingRunComesBackWhole() throws {
        let implementation = WrongAtFirst(wrong: 1_000_000, throwing: false)
        let (plan, _) = try Self.firstRun(on: implementation)
        let suite = NavigationSuite(), context = SuiteContext(maxSteps: 20)
        let generator = suite.generator(implementation.capabilities, context: context)
        var matched = false
        for seed in UInt64(1)...50 {
            let whole = try generator.run(ChoiceSource.random(seed: seed))
            if whole == plan {
                matched = true
                break
            }
        }
        #expect(matched, "the failing run's plan is not one the generator draws")
    }

    @Test func aDivergenceThatDoesNotReplayEndsTheSuite() throws {
        let (_, verdict) = try Self.firstRun(on: WrongAtFirst(wrong: 1, throwing: false))
        #expect {
            try verdict.get()
        } throws: {
            ($0 as? Abort)?.message.hasPrefix("the divergence did not replay") == true
        }
    }

    @Test func anErrorThatDoesNotReplayStands() throws {
        let (_, verdict) = try Self.firstRun(on: WrongAtFirst(wrong: 1, throwing: true))
        #expect(throws: WrongAtFirst.Broke.self) { try verdict.get() }
    }

    @Test func aDivergenceThatReplaysIsNamedAsWhenCheckedWhole() throws {
        let implementation = WrongAtFirst(wrong: 1_000_000, throwing: false)
        let (plan, verdict) = try Self.firstRun(on: implementation)
        let stepped = try #require(try verdict.get())
        let whole = try #require(
            try NavigationSuite().check(plan, on: implementation, capabilities: implementation.capabilities))
        #expect(stepped.origin == whole.origin)
        #expect(stepped.message == whole.message)
        #expect(stepped.message.hasPrefix("step 0 "))
    }

    @Test func anAdapterThatDoesNotSayIsHandedWholeRuns() {
        let plain = WrappedSample(), declining = Counted(SampleNavigator(), stepped: false)
        let context = SuiteContext(maxSteps: 5)
        #expect(!plain.takesCommandsAsDrawn, "taking commands as drawn is the adapter's to declare")
        #expect(NavigationSuite().checkWhileGenerating(plain.capabilities, context: context, on: plain) == nil)
        #expect(NavigationSuite().checkWhileGenerating(declining.capabilities, context: context, on: declining) == nil)
        #expect(SessionSuite().checkWhileGenerating(declining.capabilities, context: context, on: declining) == nil)
    }

    /// Steps as the sample does, but its own `run` (an SDK's apply-all call) drops the top screen of the last reply
    /// of a run of three commands or more.
    final class ApplyAllDropsTop: NavigationImplementation {
        let inner = SampleNavigator()
        var info: ImplementationInfo { inner.info }
        var capabilities: Capabilities {
            var navigating = inner.capabilities
            navigating.suites = [.navigation]
            return navigating
        }
        func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
            try inner.reset(to: stack, profile: profile)
        }
        func perform(_ command: NavigationCommand) throws -> NavigationReply { try inner.perform(command) }
        func run(
            initial: ScreenStack, profile: NavigationProfile, commands: [NavigationCommand]
        ) throws -> [NavigationReply] {
            try reset(to: initial, profile: profile)
            var replies = try commands.map(perform)
            if replies.count >= 3 {
                replies[replies.count - 1].state.stack = ScreenStack(replies[replies.count - 1].state.stack.dropLast())
            }
            return replies
        }
    }

    @Test func anAdapterWithARunOfItsOwnIsCertifiedThroughIt() throws {
        let options = ConformanceRunner.Options(seed: 4, runs: 100, suites: [.navigation], jobs: 1)
        let result = try ConformanceRunner(implementation: ApplyAllDropsTop(), options: options).run()
        #expect(!result.verdict.passed, "the bug is in its run, which must be what is checked")
        #expect(!result.failures.isEmpty)
    }
}
