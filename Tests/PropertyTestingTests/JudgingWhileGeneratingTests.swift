import Testing

@testable import PropertyTesting

/// ``Property/judgingWhileGenerating(_:)``: generated runs take the one pass, replays generate and then judge, and the
/// check's result is the one the property alone gives.
@Suite("Judging while generating")
struct JudgingWhileGeneratingTests {
    static let gen = Gen<Int>.int(in: 0...3).array(count: 0...12)

    static func property(judged: CallCounter) -> Property<[Int]> {
        Property(gen) { xs in
            judged.add()
            return xs.reduce(0, +) < 5
        }
    }

    @Test("Generated runs take the one pass; shrinking and the counterexample generate and judge")
    func generatedRunsTakeTheOnePass() throws {
        let judged = CallCounter(), passes = CallCounter()
        let property = Self.property(judged: judged).judgingWhileGenerating { source throws(ChoiceSource.Stop) in
            passes.add()
            let xs = try Self.gen.run(source)
            let sum = xs.reduce(0, +)
            return (xs, .success(sum < 5 ? nil : Falsification(origin: "returned false", message: "sum \(sum)")))
        }
        let result = property.check(Configuration(seed: 3, runs: 100))
        let plain = Self.property(judged: CallCounter()).check(Configuration(seed: 3, runs: 100))
        let found = try #require(result.counterexample), expected = try #require(plain.counterexample)
        #expect(found.value == expected.value && found.choices == expected.choices && found.run == expected.run)
        #expect(found.shrink.calls == expected.shrink.calls)
        #expect(passes.value == found.run + 1, "every generated run up to the failing one, and no other")
        #expect(judged.value > 0, "the failing run's replay and the shrink's candidates are judged")
    }

    @Test("A pass that stops generating is an invalid run, as a generator that stops is")
    func stoppedPasses() {
        let property = Property(Gen<Int>.int(in: 0...3)) { _ in true }.judgingWhileGenerating {
            source throws(ChoiceSource.Stop) in
            let x = try Gen<Int>.int(in: 0...3).run(source)
            if x == 0 { throw .overrun }
            return (x, .success(nil))
        }
        let result = property.check(Configuration(seed: 2, runs: 200))
        #expect(result.verdict == .passed)
        #expect(result.runs == 200)
        #expect(result.invalidRuns > 20 && result.invalidRuns < 120, "about one draw in four stops")
    }

    @Test("What the one pass throws counts as the judge's error")
    func thrownVerdicts() {
        struct Broke: Error {}
        let property = Property(Gen<Int>.int(in: 0...3)) { _ in true }.judgingWhileGenerating {
            source throws(ChoiceSource.Stop) in
            (try Gen<Int>.int(in: 0...3).run(source), .failure(Broke()))
        }
        let result = property.check(Configuration(seed: 1, runs: 10))
        #expect(result.verdict == .failed)
        #expect(result.counterexample?.origin == "threw Broke")
        #expect(result.counterexample?.message.contains("not deterministic") == true, "the replay holds")
    }
}
