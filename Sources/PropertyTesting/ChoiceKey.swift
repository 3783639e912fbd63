/// A choice sequence as a set or table key, hashed once.
///
/// A shrink keeps every candidate it tried: an array of choices hashes element by element through SipHash, and again
/// each time the table grows, which cost a RUF client shrink 5% of its time.
struct ChoiceKey: Hashable {
    let choices: [UInt64]
    private let hash: Int

    init(_ choices: [UInt64]) {
        self.choices = choices
        // A multiply-and-rotate pass over the words, several times cheaper than SipHash over the bytes; the table
        // still runs its own hasher over the result. The choices are the kit's own, so no one picks collisions.
        var state = UInt64(truncatingIfNeeded: choices.count) &* 0x9E37_79B9_7F4A_7C15
        for choice in choices {
            state = ((state ^ choice) &* 0xBF58_476D_1CE4_E5B9)
            state = (state << 31) | (state >> 33)
        }
        hash = Int(truncatingIfNeeded: state)
    }

    static func == (a: ChoiceKey, b: ChoiceKey) -> Bool { a.hash == b.hash && a.choices == b.choices }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
