/// The engine's random number generator: xoshiro256** seeded through SplitMix64.
///
/// Every random choice of a check comes from one of these, derived from the
/// check's printed seed; nothing uses the system generator.
public struct Xoshiro256StarStar: RandomNumberGenerator, Hashable, Sendable {
    private var s0, s1, s2, s3: UInt64

    /// Seeds the four words of state from `seed` with SplitMix64, as the algorithm's authors recommend.
    public init(seed: UInt64) {
        var splitMix = SplitMix64(state: seed)
        s0 = splitMix.next()
        s1 = splitMix.next()
        s2 = splitMix.next()
        s3 = splitMix.next()
    }

    /// Masking shifts: `<<` by a variable amount checks for shifts past the width, and was not inlined.
    @inline(__always)
    static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x &<< k) | (x &>> (64 &- k)) }

    // Inlined into each draw: a call for these few instructions was a tenth of drawing a choice.
    /// The next 64 random bits.
    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = Self.rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotl(s3, 45)
        return result
    }

    /// A uniform value in `0...bound`, without modulo bias (Lemire's method).
    @inlinable
    public mutating func next(upTo bound: UInt64) -> UInt64 {
        if bound == .max { return next() }
        let range = bound &+ 1
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = next().multipliedFullWidth(by: range) }
        }
        return product.high
    }
}

/// SplitMix64: used to seed xoshiro and to derive independent per-run seeds.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    /// The generator's state.
    public var state: UInt64

    /// Creates a generator with the given state.
    public init(state: UInt64) { self.state = state }

    /// The next 64 bits of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of run `index` of a check seeded with `seed`: runs are independent,
    /// so a shard can start at any run.
    public static func derive(_ seed: UInt64, _ index: UInt64) -> UInt64 {
        var mixer = SplitMix64(state: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }
}
