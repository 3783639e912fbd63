@testable import PropertyTesting
import Testing

@Suite("Checking properties")
struct PropertyCheckTests {
    @Test("Same seed, same values, same failure and same shrunk result")
    func determinism() throws {
        let property = Property(Gen<Int>.int(in: -1000...1000).array()) { xs in xs.reduce(0, +) < 500 }
        let a = property.check(Configuration(seed: 2024)), b = property.check(Configuration(seed: 2024))
        let ca = try #require(a.counterexample), cb = try #require(b.counterexample)
        #expect(ca.value == cb.value && ca.choices == cb.choices && ca.run == cb.run)
        #expect(ca.shrink.calls == cb.shrink.calls)
        #expect(ca.value == [500])
        #expect(property.replay(choices: ca.choices).value == [500])
        #expect(a.description.contains("seed 2024"))
    }

    @Test("With maxFailures above 1, every distinct origin is found in one check, each shrunk without slipping")
    func distinctFailures() throws {
        // Two bugs: any value from 500 up, and a value 3 mod 7 below 500. Shrinking a big value towards 3 would
        // slip into the other bug; it must stop at 500.
        let property = Property(Gen<Int>.int(in: 0...1000).array(count: 1...5)) { xs -> Falsification? in
            if let big = xs.first(where: { $0 >= 500 }) {
                return Falsification(origin: "big", message: "\(big) is 500 or more")
            }
            if let seven = xs.first(where: { $0 % 7 == 3 }) {
                return Falsification(origin: "seven", message: "\(seven) is 3 mod 7")
            }
            return nil
        }
        var configuration = Configuration(seed: 7, runs: 300)
        configuration.maxFailures = 5
        let result = property.check(configuration)
        #expect(result.verdict == .failed)
        let found = Dictionary(uniqueKeysWithValues: result.counterexamples.map { ($0.origin, $0.value) })
        #expect(found == ["big": [500], "seven": [3]], "\(result)")
        #expect(!result.failureCapReached && result.runs == 300, "the whole budget is spent looking for more")
        #expect(result.counterexamples.allSatisfy { $0.occurrences >= 1 })
        // The same check with the default cap stops at its first failure.
        let first = property.check(Configuration(seed: 7, runs: 300))
        #expect(first.counterexamples.count == 1 && first.failureCapReached && first.runs < 300)
        // An origin met only while shrinking another is still reported.
        // Shrinking "top" tries 0 first, which is "zero": a run would draw 0 about once in five thousand checks.
        let onlyWhileShrinking = Property(Gen<Int>.int(in: 0...1_000_000)) { x -> Falsification? in
            x >= 900_000
                ? Falsification(origin: "top", message: "top")
                : x == 0 ? Falsification(origin: "zero", message: "0") : nil
        }
        var wide = Configuration(seed: 1, runs: 200)
        wide.maxFailures = 5
        let both = onlyWhileShrinking.check(wide)
        #expect(Set(both.counterexamples.map(\.origin)) == ["top", "zero"])
        #expect(both.counterexamples.first { $0.origin == "top" }?.value == 900_000)
    }

    @Test("The witnesses kept for a trigger are the runs blamed on the fewest triggers, not the first met")
    func witnessesFewestBlamed() throws {
        // Every run fails. Most are blamed on T with two other triggers; a value from 950 on is T's alone, and the
        // first runs are rarely such.
        let property = Property(Gen<Int>.int(in: 0...999)) { x -> Falsification? in
            Falsification(
                origin: "all", message: "\(x)", unitTriggers: x >= 950 ? ["T"] : ["T", "U", "V"])
        }
        var configuration = Configuration(seed: 3, runs: 400)
        configuration.maxFailures = 5
        let result = property.check(configuration)
        let kept = try #require(result.witnesses["T"])
        #expect(kept.count == Engine.witnessesKept)
        #expect(kept.allSatisfy { property.replay(choices: $0.choices).value.map { $0 >= 950 } == true })
        #expect(kept.map(\.run) == kept.map(\.run).sorted(), "among equals, the earliest first")
        #expect(result.witnesses["U"]?.count == Engine.witnessesKept)
    }

    @Test("A failure that recurs in enough generated runs in a row ends generation")
    func recurringFailureEndsGeneration() throws {
        // Values below 600 "hang" (a costly failure every such run meets); the others pass.
        func property(limit: Int?) -> Property<Int> {
            Property(Gen<Int>.int(in: 0...999)) { x -> Falsification? in
                x < 600 ? Falsification(origin: "hang", message: "hung on \(x)", endsAfterRecurring: limit) : nil
            }
        }
        var configuration = Configuration(seed: 5, runs: 300)
        configuration.maxFailures = 5
        let ended = property(limit: 3).check(configuration)
        let recurrence = try #require(ended.endedByRecurrence)
        #expect(recurrence.origin == "hang" && recurrence.runs == 3)
        #expect(ended.runs < 300 && ended.verdict == .failed && ended.counterexample?.value == 0)
        #expect(ended.counterexample?.occurrences ?? 0 >= 3)
        // Without the limit the same check spends its whole budget.
        let whole = property(limit: nil).check(configuration)
        #expect(whole.endedByRecurrence == nil && whole.runs == 300)
    }

    @Test("onlyRun replays one run of a check, seeded as in the full check")
    func onlyRun() throws {
        let property = Property(Gen<Int>.int(in: 0...1_000_000)) { x in x < 999_000 }
        var configuration = Configuration(seed: 3, runs: 5_000)
        let full = property.check(configuration)
        let found = try #require(full.counterexample)
        configuration.onlyRun = found.run
        let alone = property.check(configuration)
        #expect(alone.runs == 1 && alone.counterexample?.value == found.value)
    }

    @Test("A thrown error is a failure with its message")
    func throwing() throws {
        struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
        let result = Property(Gen<Int>.int(in: 0...10)) { x in
            if x > 3 { throw Boom() }; return true
        }.check(Configuration(seed: 1))
        let c = try #require(result.counterexample)
        #expect(c.value == 4)
        #expect(c.message == "threw boom")
    }

    @Test("An unmet coverage requirement fails the check and names the label")
    func coverageUnmet() {
        let gen = Gen<Int>.int(in: 0...9)
        let result = Property(gen, labels: { $0 == 0 ? ["zero"] : ["other"] }) { _ in true }
            .check(
                Configuration(seed: 1, runs: 200, coverage: [.share("zero", atLeast: 0.5), .runs("never", atLeast: 1)]))
        #expect(result.verdict == .insufficientCoverage)
        #expect(result.unmetCoverage.map(\.label) == ["zero", "never"])
        #expect(result.description.contains("\"zero\" in at least 50% of runs"))
        #expect(result.description.contains("\"never\" in at least 1 run: seen in 0 of 200 runs"))
    }

    @Test("Met requirements pass; statistical checking runs on until it can decide")
    func coverageMet() {
        let gen = Gen<Int>.int(in: 0...1)
        let labels: @Sendable (Int) -> [String] = { $0 == 0 ? ["zero"] : [] }
        let point = Property(gen, labels: labels) { _ in true }
            .check(Configuration(seed: 1, runs: 200, coverage: [.share("zero", atLeast: 0.3)]))
        #expect(point.verdict == .passed)
        let statistical = Property(gen, labels: labels) { _ in true }
            .check(
                Configuration(
                    seed: 1, runs: 100, coverage: [.share("zero", atLeast: 0.45)],
                    coverageConfidence: CoverageConfidence()))
        #expect(statistical.verdict == .passed)
        #expect(statistical.runs > 100, "a share close to the requirement needs more runs to decide")
        let tooRare = Property(Gen<Int>.int(in: 0...9), labels: { $0 == 0 ? ["zero"] : [] }) { _ in true }
            .check(
                Configuration(
                    seed: 1, runs: 100, coverage: [.share("zero", atLeast: 0.5)],
                    coverageConfidence: CoverageConfidence()))
        #expect(tooRare.verdict == .insufficientCoverage)
    }

    @Test("Wilson interval and normal quantile agree with known values")
    func statistics() {
        #expect(abs(CoverageConfidence.normalQuantile(0.975) - 1.959964) < 1e-5)
        #expect(abs(CoverageConfidence.normalQuantile(0.025) + 1.959964) < 1e-5)
        let interval = CoverageConfidence.wilson(successes: 50, trials: 100, z: 1.959964)
        #expect(abs(interval.lowerBound - 0.4038) < 1e-3 && abs(interval.upperBound - 0.5962) < 1e-3)
    }

    @Test("A zero time limit stops the runs and the result says so")
    func timeLimit() {
        let result = Property(Gen<Int>.int(in: 0...9)) { _ in true }.check(
            Configuration(seed: 1, runs: 1_000_000, timeLimit: .zero))
        #expect(result.timedOut)
        #expect(result.runs < 1_000_000)
        #expect(result.description.contains("time limit"))
    }
}

@Suite("Aborting a check")
struct AbortTests {
    @Test("An Abort thrown by the test ends the check at once with the errored verdict and its message")
    func abort() {
        let result = Property(Gen<Int>.int(in: 0...100)) { x in
            if x > 10 { throw Abort("the system under test crashed at value \(x)") }
            return true
        }.check(Configuration(seed: 5, runs: 1_000))
        #expect(result.verdict == .errored)
        #expect(result.counterexample == nil)
        #expect(result.abortMessage?.hasPrefix("the system under test crashed") == true)
        #expect(result.description.hasPrefix("Could not run (seed 5)"))
    }
}
