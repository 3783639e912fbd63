import Testing

@testable import PropertyTesting

/// A shrink's candidates that draw the same choices as one before are not tested again (``OutcomeMemo``), and the
/// shrink ends exactly where it would have without that.
@Suite("Remembering shrink candidates' outcomes")
struct OutcomeMemoTests {
    /// Lists of small numbers failing when their sum reaches 5: lowering, deleting and maximizing choices draw the
    /// same values again and again (a choice above 3 is clamped back to 3).
    static func check(seed: UInt64, remembering: Bool) -> (CheckResult<[Int]>, calls: Int) {
        let calls = CallCounter()
        let property = Property(Gen<Int>.int(in: 0...3).array(count: 0...12)) { xs in
            calls.add()
            return xs.reduce(0, +) < 5
        }
        var configuration = Configuration(seed: seed, runs: 200)
        configuration.remembersOutcomes = remembering
        return (property.check(configuration), calls.value)
    }

    @Test("On 30 seeds the shrink reaches the same value through the same candidates, testing fewer of them")
    func sameShrinkFewerTests() throws {
        var saved = 0
        for seed in UInt64(1)...30 {
            let (with, withCalls) = Self.check(seed: seed, remembering: true)
            let (without, withoutCalls) = Self.check(seed: seed, remembering: false)
            let a = try #require(with.counterexample), b = try #require(without.counterexample)
            #expect(a.value == b.value && a.choices == b.choices, "seed \(seed)")
            #expect(a.shrink.calls == b.shrink.calls && a.shrink.improvements == b.shrink.improvements, "seed \(seed)")
            #expect(withCalls <= withoutCalls, "seed \(seed)")
            saved += withoutCalls - withCalls
        }
        // Without the memo every candidate is tested: some must have been spared over 30 shrinks.
        #expect(saved > 0)
    }

    @Test("A replayed candidate takes the outcome remembered for the choices it draws, and only those")
    func keyedByDrawnChoices() {
        let memo = OutcomeMemo(limit: 2)
        let failure = TestOutcome.failed(Falsification(origin: "o", message: "m"))
        memo[[1, 2]] = failure
        #expect(memo[[1, 2]] == failure)
        #expect(memo[[1]] == nil && memo[[1, 2, 0]] == nil)
        memo[[3]] = .passed
        // Full: the next one starts the memo over.
        memo[[4]] = .passed
        #expect(memo[[1, 2]] == nil && memo[[3]] == nil && memo[[4]] == .passed)
    }
}
