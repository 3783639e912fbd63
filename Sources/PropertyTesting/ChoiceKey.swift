/// A choice sequence as a set or table key, hashed once over its bytes.
///
/// A shrink keeps every candidate it tried: an array of choices hashes element by element, and again each time the
/// table grows, which cost a RUF client shrink 5% of its time.
struct ChoiceKey: Hashable {
    let choices: [UInt64]
    private let hash: Int

    init(_ choices: [UInt64]) {
        self.choices = choices
        var hasher = Hasher()
        choices.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(choices.count)
        hash = hasher.finalize()
    }

    static func == (a: ChoiceKey, b: ChoiceKey) -> Bool { a.hash == b.hash && a.choices == b.choices }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
