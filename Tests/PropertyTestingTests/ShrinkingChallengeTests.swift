@testable import PropertyTesting
import Testing

/// The classic shrinking challenges (github.com/jlink/shrinking-challenge), each
/// checked over 100 seeds: the engine must reach the known minimal answer in at
/// least 99 of them.
@Suite("Shrinking challenges")
struct ShrinkingChallengeTests {
    static let seeds: [UInt64] = Array(1...100)

    /// Checks `property` with every seed and counts shrunk values that satisfy `isMinimal`.
    func minimalCount<V>(_ property: Property<V>, runs: Int = 1_000, _ isMinimal: (V) -> Bool) -> (Int, [String]) {
        var minimal = 0
        var misses: [String] = []
        for seed in Self.seeds {
            let result = property.check(Configuration(seed: seed, runs: runs))
            guard let counterexample = result.counterexample else {
                misses.append("seed \(seed): no failure found")
                continue
            }
            if isMinimal(counterexample.value) {
                minimal += 1
            } else {
                misses.append("seed \(seed): \(counterexample.value)")
            }
        }
        return (minimal, misses)
    }

    static let anyInt = Gen<Int>.int(in: Int.min...Int.max)

    @Test("reverse: reverse(xs) == xs shrinks to [0, 1]")
    func reverse() {
        let property = Property(Self.anyInt.array()) { xs in Array(xs.reversed()) == xs }
        let (count, misses) = minimalCount(property) { $0 == [0, 1] }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    @Test("bound5: five Int16 lists whose sums overflow shrink to two elements, -32768 and -1")
    func bound5() {
        let int16 = Gen<Int>.int(in: Int(Int16.min)...Int(Int16.max)).map { Int16($0) }
        let lists = int16.array(count: 0...10).array(exactly: 5)
        let property = Property(lists) { lists in
            func sum(_ xs: [Int16]) -> Int16 { xs.reduce(0, &+) }
            guard lists.allSatisfy({ sum($0) < 256 }) else { return true }
            return sum(lists.flatMap { $0 }) < 5 * 256
        }
        let (count, misses) = minimalCount(property, runs: 10_000) { lists in
            lists.flatMap { $0 }.sorted() == [-32768, -1]
        }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    @Test("large_union_list: more than four distinct values shrink to [[0, 1, -1, 2, -2]]")
    func largeUnionList() {
        let property = Property(Self.anyInt.array().array()) { lists in Set(lists.flatMap { $0 }).count <= 4 }
        let (count, misses) = minimalCount(property) { $0 == [[0, 1, -1, 2, -2]] }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    indirect enum Expression: Equatable, Sendable, CustomStringConvertible {
        case literal(Int)
        case add(Expression, Expression)
        case divide(Expression, Expression)

        var description: String {
            switch self {
            case .literal(let n): return "\(n)"
            case .add(let a, let b): return "Add(\(a), \(b))"
            case .divide(let a, let b): return "Div(\(a), \(b))"
            }
        }

        var divisesByLiteralZero: Bool {
            switch self {
            case .literal: return false
            case .add(let a, let b): return a.divisesByLiteralZero || b.divisesByLiteralZero
            case .divide(let a, let b): return b == .literal(0) || a.divisesByLiteralZero || b.divisesByLiteralZero
            }
        }

        /// The value, or nil on a division by zero.
        func evaluate() -> Int? {
            switch self {
            case .literal(let n): return n
            case .add(let a, let b):
                guard let x = a.evaluate(), let y = b.evaluate() else { return nil }
                return x &+ y
            case .divide(let a, let b):
                guard let x = a.evaluate(), let y = b.evaluate(), y != 0 else { return nil }
                return x / y
            }
        }
    }

    @Test("calculator: division by a zero-valued expression shrinks to Div(0, Add(0, 0))")
    func calculator() {
        let literal = Gen<Int>.int(in: -10...10).map(Expression.literal)
        let expression = Gen<Expression>.recursive(depth: 5, leaf: literal) { sub in
            .oneOf([literal, zip(sub, sub).map(Expression.add), zip(sub, sub).map(Expression.divide)])
        }
        let property = Property(expression) { e in e.divisesByLiteralZero || e.evaluate() != nil }
        let (count, misses) = minimalCount(property, runs: 10_000) {
            $0 == .divide(.literal(0), .add(.literal(0), .literal(0)))
        }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    @Test("lengthlist: a length drawn first, then that many elements, shrinks to [900]")
    func lengthList() {
        let gen = Gen<Int>.int(in: 1...100).flatMap { n in Gen<Int>.int(in: 0...1000).array(exactly: n) }
        let property = Property(gen) { xs in xs.max()! < 900 }
        let (count, misses) = minimalCount(property) { $0 == [900] }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    static let positive = Gen<Int>.int(in: 1...1_000_000)

    @Test("difference must not be zero: shrinks to (10, 10)")
    func differenceZero() {
        let property = Property(zip(Self.positive, Self.positive)) { x, y in x < 10 || x != y }
        let (count, misses) = minimalCount(property, runs: 100_000) { $0 == (10, 10) }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    @Test("difference must not be small: shrinks to (10, 6)")
    func differenceSmall() {
        let property = Property(zip(Self.positive, Self.positive)) { x, y in x < 10 || !(1...4).contains(abs(x - y)) }
        let (count, misses) = minimalCount(property, runs: 100_000) { $0 == (10, 6) }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    @Test("difference must not be one: shrinks to (10, 9)")
    func differenceOne() {
        let property = Property(zip(Self.positive, Self.positive)) { x, y in x < 10 || abs(x - y) != 1 }
        let (count, misses) = minimalCount(property, runs: 100_000) { $0 == (10, 9) }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    @Test("distinct: three distinct elements shrink to [0, 1, -1]")
    func distinct() {
        let property = Property(Self.anyInt.array()) { xs in Set(xs).count < 3 }
        let (count, misses) = minimalCount(property) { $0 == [0, 1, -1] }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    @Test("nestedlists: more than ten elements in all shrink to one list of eleven zeros")
    func nestedLists() {
        let property = Property(Self.anyInt.array().array()) { lists in lists.map(\.count).reduce(0, +) <= 10 }
        let (count, misses) = minimalCount(property) { $0 == [Array(repeating: 0, count: 11)] }
        #expect(count >= 99, "\(misses.prefix(5))")
    }

    @Test("deletion: removing the first copy of a duplicate shrinks to ([0, 0], 0)")
    func deletion() {
        let gen = Self.anyInt.array(count: 1...20).flatMap { xs in Gen<Int>.element(of: xs).map { (xs, $0) } }
        let property = Property(gen) { xs, x in
            var ys = xs
            ys.remove(at: ys.firstIndex(of: x)!)
            return !ys.contains(x)
        }
        let (count, misses) = minimalCount(property, runs: 10_000) { $0.0 == [0, 0] && $0.1 == 0 }
        #expect(count >= 99, "\(misses.prefix(5))")
    }
}
