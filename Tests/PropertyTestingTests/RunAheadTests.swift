import Foundation
@testable import PropertyTesting
import Testing

/// Checks run on several workers: every worker tests, and the result is the one worker's.
@Suite struct RunAheadTests {
    /// Counts the values each worker tested.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int: Int] = [:]
        func add(_ worker: Int) { lock.withLock { counts[worker, default: 0] += 1 } }
        var workers: Set<Int> { lock.withLock { Set(counts.keys) } }
    }

    /// Fails in three ways (three origins), so that the order of failures, occurrences and shrinking all show.
    static func property(worker: Int, tally: Tally) -> Property<[Int]> {
        Property(Gen<Int>.int(in: 0...1000).array(), labels: { $0.count > 5 ? ["long"] : ["short"] }) { xs in
            tally.add(worker)
            if xs.contains(where: { $0 > 990 }) { return Falsification(origin: "big", message: "a big one") }
            if xs.count > 8 { return Falsification(origin: "long", message: "too long") }
            if xs.filter({ $0 == 7 }).count > 0 { return Falsification(origin: "seven", message: "a seven") }
            return nil
        }
    }

    func check(workers: Int) -> (CheckResult<[Int]>, Set<Int>) {
        let tally = Tally()
        var configuration = Configuration(seed: 5, runs: 2_000)
        configuration.maxFailures = 5
        let result = Self.property(worker: 0, tally: tally).check(
            configuration, workers: (1..<workers).map { Self.property(worker: $0, tally: tally) })
        return (result, tally.workers)
    }

    @Test func everyWorkerTestsAndTheResultIsTheSame() {
        let (one, _) = check(workers: 1)
        #expect(one.counterexamples.count == 3)
        for workers in [2, 3] {
            let (many, used) = check(workers: workers)
            // Which worker takes which run depends on timing; every worker was handed the properties, at least.
            #expect(used.isSubset(of: Set(0..<workers)) && used.contains(0))
            #expect(many.runs == one.runs)
            #expect(many.verdict == one.verdict)
            #expect(many.coverage.runsWithLabel == one.coverage.runsWithLabel)
            #expect(many.counterexamples.map(\.origin) == one.counterexamples.map(\.origin))
            #expect(many.counterexamples.map(\.value) == one.counterexamples.map(\.value))
            #expect(many.counterexamples.map(\.run) == one.counterexamples.map(\.run))
            #expect(many.counterexamples.map(\.occurrences) == one.counterexamples.map(\.occurrences))
        }
    }

    /// Records which worker computed which offset.
    final class Computations: @unchecked Sendable {
        private let lock = NSLock()
        private var workers: [Int: Int] = [:]
        func add(_ offset: Int, _ worker: Int) { lock.withLock { workers[offset] = worker } }
        var offsets: Set<Int> { lock.withLock { Set(workers.keys) } }
        var byExtraWorkers: Set<Int> { lock.withLock { Set(workers.filter { $0.value != 0 }.keys) } }
    }

    static func window(workers: Int, computations: Computations) -> RunWindow {
        RunWindow(workers: workers, capacity: 16) { offset, worker in
            computations.add(offset, worker)
            return ([UInt64(offset)], RunTally(outcome: .passed))
        }
    }

    @Test func theWindowHandsOutRunsInOrderAndClaimsNoneAtOrPastItsReach() {
        let computations = Computations()
        let window = Self.window(workers: 3, computations: computations)
        for offset in 0..<40 {
            let computed = window.take(reach: offset + 5)
            #expect(computed?.failedChoices == [UInt64(offset)], "run \(offset)")
        }
        window.close()
        // Runs 40 to 43 were within reach: claimed or not, depending on timing; run 44 never was.
        #expect(computations.offsets.isSuperset(of: 0..<40) && computations.offsets.isSubset(of: 0..<44))
    }

    @Test func theExtraWorkersComputeAheadWhileTheEngineIsBusy() {
        let computations = Computations()
        let window = Self.window(workers: 2, computations: computations)
        _ = window.take(reach: 8)
        // The engine takes nothing more: the other worker goes on alone up to the reach.
        let deadline = Date().addingTimeInterval(30)
        while computations.offsets.count < 8 && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(computations.offsets == Set(0..<8))
        #expect(!computations.byExtraWorkers.isEmpty)
        window.close()
    }

    /// Weak references to every source a generator drew from.
    final class Sources: @unchecked Sendable {
        private let lock = NSLock()
        private var sources: [() -> ChoiceSource?] = []
        func add(_ source: ChoiceSource) { lock.withLock { sources.append { [weak source] in source } } }
        var alive: Int { lock.withLock { sources.filter { $0() != nil }.count } }
        var count: Int { lock.withLock { sources.count } }
    }

    @Test func aHaltedRunEndsTheTakesThere() {
        let window = RunWindow(workers: 2, capacity: 8) { offset, _ in
            guard offset < 5 else { return nil }
            return ([UInt64(offset)], RunTally(outcome: .passed))
        }
        for offset in 0..<5 { #expect(window.take(reach: offset + 4)?.failedChoices == [UInt64(offset)]) }
        #expect(window.take(reach: 9) == nil)
        window.close()
        window.close()
    }

    @Test func aReachPastTheRingIsHeldToItsCapacity() {
        let computations = Computations()
        let window = RunWindow(workers: 3, capacity: 3) { offset, worker in
            computations.add(offset, worker)
            return ([UInt64(offset)], RunTally(outcome: .passed))
        }
        for offset in 0..<200 {
            #expect(window.take(reach: offset + 100)?.failedChoices == [UInt64(offset)], "run \(offset)")
        }
        window.close()
        #expect(computations.offsets.isSubset(of: 0..<203))
    }

    @Test func onlyAFailedRunHandsItsChoicesToTheEngine() {
        let outcomes: [TestOutcome] = [
            .passed, .failed(Falsification(origin: "o", message: "m")), .invalid(.overrun), .aborted("no system"),
        ]
        for outcome in outcomes {
            let source = ChoiceSource.random(seed: 3)
            let computed = RunAhead.computed(source) { source in
                _ = try? source.draw(upTo: 1_000)
                _ = try? source.drawBool()
                return RunTally(outcome: outcome)
            }
            let failing = outcome.origin != nil
            #expect(computed.failedChoices == (failing ? source.choices : nil), "\(outcome)")
            #expect(!failing || computed.failedChoices?.count == 2)
        }
    }

    /// The engine stops at the first failure, past which the workers had computed runs it never takes.
    @Test func runsComputedPastTheLastTakenAreReleased() {
        let seen = Sources()
        let gen = Gen<Int> { source throws(ChoiceSource.Stop) in
            seen.add(source)
            return Int(try source.draw(upTo: 2_000))
        }
        let properties = (0..<3).map { _ in Property(gen) { $0 != 1_234 } }
        var configuration = Configuration(seed: 4, runs: 100_000)
        configuration.maxFailures = 1
        let result = properties[0].check(configuration, workers: Array(properties.dropFirst()))
        #expect(!result.passed)
        #expect(seen.count > result.runs, "runs were computed past the failure")
        #expect(seen.alive == 0, "every source is freed once the check returns")
    }
}
