import ConformanceRules
import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import FlowSchema
import Foundation
import NavigationModel
import SampleImplementations
import Testing

/// `--jobs N`: the same records for every number of workers.
@Suite struct WorkerTests {
    /// The run's JSON lines with the one field that may differ between runs, the time taken, blanked.
    static func lines(
        _ implementation: any Implementation, jobs: Int, runs: Int, suites: [ConformanceRules.Suite]
    ) throws -> [String] {
        let options = ConformanceRunner.Options(seed: 11, runs: runs, suites: suites, jobs: jobs)
        let record = try ConformanceRunner(implementation: implementation, options: options).run()
        let seconds = try Regex(#""seconds":[-0-9.e+]+"#)
        return record.lines().map { $0.replacing(seconds, with: #""seconds":0"#) }
    }

    /// Implementations with failures to find, shrink and order (several distinct ones in the first), and without.
    static let implementations:
        [(name: String, make: @Sendable () -> any Implementation, suites: [ConformanceRules.Suite])] = [
            (
                "three navigation bugs",
                { SampleNavigator(bugs: [.presentAsPush, .popToBottomMost, .confirmAppliedTwice]) },
                [.navigation, .session]
            ),
            ("a decoder mutant", { SampleFlowDecoder(bug: DecoderBug.allCases[0]) }, [.decoding]),
            ("the conforming sample", { SampleNavigator() }, [.navigation, .session, .decoding]),
        ]

    @Test(arguments: 0..<3)
    func sameLinesForOneTwoAndThreeWorkers(_ which: Int) throws {
        let (name, make, suites) = Self.implementations[which]
        let one = try Self.lines(make(), jobs: 1, runs: 150, suites: suites)
        #expect(one.count > 2, "\(name): a run writes a header, suites and a summary")
        for jobs in [2, 3] {
            let many = try Self.lines(make(), jobs: jobs, runs: 150, suites: suites)
            #expect(many == one, "\(name): \(jobs) workers wrote other records than one worker")
        }
    }

    @Test func aFailingRunIsFoundWhateverTheWorkers() throws {
        let record = try ConformanceRunner(
            implementation: SampleNavigator(bug: .presentAsPush),
            options: .init(seed: 3, runs: 200, suites: [.navigation], jobs: 3)
        ).run()
        #expect(record.failures.contains { $0.ruleIDs.contains("NAV-PRESENT") })
    }

    @Test func anAdapterThatCannotBeReplicatedRunsOnOneWorker() throws {
        let runner = ConformanceRunner(implementation: WrappedSample(), options: .init(seed: 1, jobs: 4))
        #expect(runner.workers().count == 1)
        let parallel = ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 1, jobs: 4))
        let workers = parallel.workers()
        #expect(workers.count == 4)
        #expect(Set(workers.map { ObjectIdentifier($0) }).count == 4, "each worker has an instance of its own")
        let replay = ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 1, onlyRun: 3, jobs: 4))
        #expect(replay.workers().count == 1, "a replayed run is one run")
    }

    @Test func aWorkerThatCannotBeMadeLeavesTheRunsToTheOthers() throws {
        struct WillNotStart: Error {}
        final class Once: NavigationImplementation, ParallelImplementation {
            let inner = SampleNavigator()
            var info: ImplementationInfo { inner.info }
            var capabilities: Capabilities {
                var navigating = inner.capabilities
                navigating.suites = [.navigation, .session]
                return navigating
            }
            func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
                try inner.reset(to: stack, profile: profile)
            }
            func perform(_ command: NavigationCommand) throws -> NavigationReply { try inner.perform(command) }
            func makeWorker() throws -> Once { throw WillNotStart() }
        }
        let options = ConformanceRunner.Options(seed: 1, runs: 50, suites: [.navigation], jobs: 3)
        let heard = Heard()
        var runner = ConformanceRunner(implementation: Once(), options: options)
        runner.workerNotice = { heard.add($0) }
        #expect(runner.workers().count == 1)
        #expect(heard.lines.count == 1 && heard.lines[0].contains("worker 2 of 3 could not be started"))
        let record = try ConformanceRunner(implementation: Once(), options: options).run()
        #expect(record.suites.first?.runs == 50)
    }

    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [String] = []
        func add(_ line: String) { lock.withLock { kept.append(line) } }
        var lines: [String] { lock.withLock { kept } }
    }
}
