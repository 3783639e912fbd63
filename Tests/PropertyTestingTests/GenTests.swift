@testable import PropertyTesting
import Testing

@Suite("Generators")
struct GenTests {
    private func values<T>(_ gen: Gen<T>, count: Int = 500, seed: UInt64 = 1) throws -> [T] {
        try (0..<UInt64(count)).map { try gen.example(seed: SplitMix64.derive(seed, $0)) }
    }

    private func replay<T>(_ gen: Gen<T>, _ choices: [UInt64]) throws -> T {
        try gen.run(.replaying(choices))
    }

    @Test("SplitMix64 matches its reference output; xoshiro256** is reproducible from a seed")
    func randomness() {
        var splitMix = SplitMix64(state: 0)
        #expect(splitMix.next() == 0xE220_A839_7B1D_CDAF)
        var a = Xoshiro256StarStar(seed: 42), b = Xoshiro256StarStar(seed: 42), c = Xoshiro256StarStar(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
        var bounded = Xoshiro256StarStar(seed: 1)
        #expect((0..<1000).allSatisfy { _ in bounded.next(upTo: 6) <= 6 })
    }

    @Test("Sized draws grow with the run's index and replay whatever size they were drawn at")
    func sizedDraws() throws {
        #expect(ChoiceSource.size(ofRun: 0) == 0.005 && ChoiceSource.size(ofRun: 99) == 0.5)
        #expect(ChoiceSource.size(ofRun: 199) == 1 && ChoiceSource.size(ofRun: 5_000) == 1)
        var small: [UInt64] = []
        for seed in UInt64(0)..<200 {
            let source = ChoiceSource.random(seed: seed, size: ChoiceSource.size(ofRun: 9))
            small.append(try source.drawSized(upTo: 999))
        }
        // Run 9 draws from 0...50 (a twentieth of the bound), and the smallest runs still vary.
        #expect(small.max()! <= 50 && small.max()! > 10)
        let tiny = ChoiceSource.random(seed: 3, size: 0)
        #expect(try (0..<50).map { _ in try tiny.drawSized(upTo: 999) }.contains(1))
        // A replayed choice is read whole: shrinking sees the value the run drew, not one scaled down again.
        #expect(try ChoiceSource.replaying([700]).drawSized(upTo: 999) == 700)
    }

    @Test("Integers stay in range and shrink toward zero: 0, 1, -1, 2, -2, … then along the longer side")
    func integers() throws {
        let small = Gen<Int>.int(in: -2...5)
        #expect(try (0...7).map { try replay(small, [$0]) } == [0, 1, -1, 2, -2, 3, 4, 5])
        #expect(try replay(small, [99]) == 5, "a replayed choice is clamped to its bound")
        #expect(try replay(Gen<Int>.int(in: 10...20), [0]) == 10)
        #expect(try replay(Gen<Int>.int(in: -20 ... -10), [0]) == -10)
        let full = Gen<Int>.int(in: Int.min...Int.max)
        #expect(try replay(full, [.max]) == Int.min)
        #expect(try replay(full, [.max - 1]) == -Int.max)
        #expect(try replay(full, [.max - 2]) == Int.max)
        #expect(try values(Gen<Int>.int(in: -3...7)).allSatisfy { (-3...7).contains($0) })
        let wide = try values(Gen<Int>.int(in: 0...1_000_000))
        #expect(wide.contains { $0 < 100 }, "large ranges favour small values half the time")
        #expect(wide.contains { $0 > 100_000 })
    }

    @Test("Arrays respect their size range and replaying the recorded choices rebuilds the value")
    func arraysAndReplay() throws {
        let gen = Gen<Int>.int(in: 0...9).array(count: 2...5)
        #expect(try values(gen).allSatisfy { (2...5).contains($0.count) })
        let source = ChoiceSource.random(seed: 77)
        let value = try gen.run(source)
        #expect(try replay(gen, source.choices) == value)
        #expect(try replay(gen, []) == [0, 0], "all-zero choices give the simplest value")
    }

    @Test("element, oneOf and frequency shrink toward their first option and respect weights")
    func choices() throws {
        #expect(try replay(Gen.element(of: ["a", "b", "c"]), [0]) == "a")
        #expect(try replay(Gen.oneOf([.constant(1), .constant(2)]), [1]) == 2)
        let weighted = Gen<String>.frequency([(1, .constant("rare")), (9, .constant("common"))])
        let picks = try values(weighted, count: 2_000)
        let rare = picks.filter { $0 == "rare" }.count
        #expect((100...320).contains(rare), "about 10% expected, got \(rare)")
        #expect(try replay(weighted, [0]) == "rare")
    }

    @Test("optional, strings and booleans")
    func simpleValues() throws {
        #expect(try replay(Gen<Int>.int(in: 0...9).optional, []) == nil)
        #expect(try replay(Gen<Int>.int(in: 0...9).optional, [1, 4]) == 4)
        let strings = try values(Gen<String>.string(from: ["x", "y"], length: 1...3))
        #expect(strings.allSatisfy { (1...3).contains($0.count) && $0.allSatisfy { "xy".contains($0) } })
        #expect(try replay(Gen<Bool>.bool, []) == false)
    }

    indirect enum Tree: Equatable, Sendable {
        case leaf, node(Tree, Tree)
        var depth: Int { if case .node(let l, let r) = self { return 1 + max(l.depth, r.depth) }; return 0 }
    }

    @Test("Recursive generators never exceed their depth bound")
    func recursion() throws {
        let tree = Gen<Tree>.recursive(depth: 4, leaf: .constant(.leaf)) { sub in
            .oneOf([.constant(.leaf), zip(sub, sub).map(Tree.node)])
        }
        let trees = try values(tree)
        #expect(trees.allSatisfy { $0.depth <= 4 })
        #expect(trees.contains { $0.depth == 4 })
    }

    @Test("A filter retries, and a filter that rejects everything names itself when the check gives up")
    func filters() throws {
        let even = Gen<Int>.int(in: 0...100).filter("even") { $0 % 2 == 0 }
        #expect(try values(even).allSatisfy { $0 % 2 == 0 })
        let never = Gen<Int>.int(in: 0...100).filter("impossible") { _ in false }
        let result = Property(never) { _ in true }.check(Configuration(seed: 1, runs: 10))
        #expect(result.verdict == .gaveUp)
        #expect(result.description.contains("impossible"))
    }

    @Test("flatMap lets the second generator depend on the first")
    func bind() throws {
        let gen = Gen<Int>.int(in: 1...5).flatMap { n in Gen<Int>.int(in: 0...9).array(exactly: n) }
        #expect(try values(gen).allSatisfy { (1...5).contains($0.count) })
        #expect(try replay(gen, [2]) == [0, 0, 0])
    }
}

@Suite("Choice source")
struct ChoiceSourceTests {
    @Test("rewind while replaying cuts the forgotten choices out, so the next draw reads what followed them")
    func rewindCutsOutChoices() throws {
        let source = ChoiceSource.replaying([7, 8, 9, 4, 5])
        #expect(try source.draw(upTo: 100) == 7)
        let mark = source.mark
        try source.span("step") { () throws(ChoiceSource.Stop) in
            _ = try source.draw(upTo: 100)
            _ = try source.draw(upTo: 100)
        }
        source.rewind(to: mark)
        #expect(try source.draw(upTo: 100) == 4)
        #expect(source.choices == [7, 4])
        #expect(source.spans.isEmpty)
    }

    @Test("rewind while generating forgets the choices and draws fresh ones")
    func rewindWhileGenerating() throws {
        let source = ChoiceSource.random(seed: 3)
        _ = try source.draw(upTo: 1_000_000)
        let mark = source.mark
        _ = try source.draw(upTo: 1_000_000)
        source.rewind(to: mark)
        #expect(source.choices.count == 1)
    }

    @Test("a value that needs more choices than allowed is an overrun")
    func overrun() {
        let source = ChoiceSource.replaying([], maxChoices: 2)
        #expect(throws: ChoiceSource.Stop.overrun) { try Gen<Int>.int(in: 0...9).array(exactly: 3).run(source) }
    }
}
