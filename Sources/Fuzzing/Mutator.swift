import PropertyTesting

/// Mutates seed inputs the way hostile files look: bytes flipped, inserted, deleted and repeated, pieces of other
/// seeds spliced in, and tokens the readers treat specially (brackets, quotes, escapes, huge numbers, deep
/// nesting, long runs of spaces, CRLF, bytes that are not UTF-8).
///
/// Deterministic: the same seed gives the same inputs.
package struct Mutator {
    private var random: Xoshiro256StarStar
    private let seeds: [[UInt8]]
    private let tokens: [[UInt8]]

    /// A mutator over `seeds`, with the `tokens` of a target (its syntax) added to the common ones.
    package init(seed: UInt64, seeds: [[UInt8]], tokens: [String]) {
        random = Xoshiro256StarStar(seed: seed)
        self.seeds = seeds.isEmpty ? [[]] : seeds
        let common = [
            "\"", "\\", "\\u", "\\uD800", "1e400", "-0", "0.1e-9999", "null", "true", "[", "]", "{", "}", ",", ":",
            "\n", "\r\n",
            "\t", " ", "#", "\u{0}", "\u{FEFF}", "é", "🙂",
        ]
        self.tokens =
            (common + tokens).map { Array($0.utf8) } + [
                [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            ]
    }

    /// The next input: a seed with one to eight mutations.
    package mutating func next() -> [UInt8] {
        var input = seeds[pick(seeds.count)]
        for _ in 0...pick(8) { mutate(&input) }
        return input
    }

    /// A number in 0..<count (`next(upTo:)` includes its bound).
    private mutating func pick(_ count: Int) -> Int { Int(random.next(upTo: UInt64(max(count, 1) - 1))) }

    private mutating func mutate(_ input: inout [UInt8]) {
        let at = pick(input.count + 1)
        switch pick(9) {
        case 0 where !input.isEmpty:
            input[min(at, input.count - 1)] ^= UInt8(1 << pick(8))
        case 1:
            input.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
        case 2 where !input.isEmpty:
            let end = min(input.count, at + 1 + pick(16))
            input.removeSubrange(min(at, input.count - 1)..<end)
        case 3 where !input.isEmpty:
            // Repeat a slice: long runs and deep nesting come from here.
            let start = min(at, input.count - 1)
            let slice = input[start..<min(input.count, start + 1 + pick(8))]
            input.insert(contentsOf: Array(repeatElement(slice, count: 1 + pick(64)).joined()), at: start)
        case 4:
            let other = seeds[pick(seeds.count)]
            guard !other.isEmpty else { return }
            let start = pick(other.count)
            input.insert(contentsOf: other[start..<min(other.count, start + 1 + pick(256))], at: at)
        case 5:
            let token = tokens[pick(tokens.count)]
            // Now and then thousands deep: nesting limits and recursion live there.
            let count = pick(4) != 0 ? 1 : pick(8) == 0 ? 1 + pick(40_000) : 1 + pick(2_000)
            input.insert(contentsOf: Array(repeatElement(token, count: count).joined()), at: at)
        case 6:
            input.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: pick(5_000)), at: at)
        case 7 where !input.isEmpty:
            input.removeSubrange(min(at, input.count - 1)...)
        default:
            input.insert(contentsOf: tokens[pick(tokens.count)], at: at)
        }
    }
}
