import Foundation
import Testing
@testable import PropertyTesting

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

    @Test func thePoolRunsTheJobOnEveryWorkerOnceThenAgain() {
        let pool = WorkerPool(extraWorkers: 3)
        defer { pool.close() }
        for round in 0..<3 {
            let tally = Tally()
            pool.perform { worker in tally.add(worker) }
            #expect(tally.workers == [0, 1, 2, 3], "round \(round)")
        }
    }

    /// Weak references to every source a generator drew from.
    final class Sources: @unchecked Sendable {
        private let lock = NSLock()
        private var sources: [() -> ChoiceSource?] = []
        func add(_ source: ChoiceSource) { lock.withLock { sources.append { [weak source] in source } } }
        var alive: Int { lock.withLock { sources.filter { $0() != nil }.count } }
        var count: Int { lock.withLock { sources.count } }
    }

    @Test func runsComputedAheadAreReleased() {
        let seen = Sources()
        let gen = Gen<Int> { source throws(ChoiceSource.Stop) in
            seen.add(source)
            return Int(try source.draw(upTo: 100))
        }
        let properties = (0..<3).map { _ in Property(gen) { $0 >= 0 } }
        let result = properties[0].check(
            Configuration(seed: 2, runs: 3_000), workers: Array(properties.dropFirst()))
        #expect(result.passed)
        #expect(seen.count >= 3_000)
        #expect(seen.alive == 0, "every run's source is freed once the engine took its record")
    }
}
