/// Where generators draw from: random while generating, a recorded choice
/// sequence while replaying and shrinking.
///
/// Every draw is a bounded integer choice in `0...bound` whose value 0 is the
/// simplest. The source records each choice and, when asked to, the spans that
/// group them (a collection element, a step), so that the shrinker can work on
/// choices alone and no generator needs a shrink function.
public final class ChoiceSource {
    /// A labelled range of choices: one generated thing.
    public struct Span: Hashable, Sendable {
        /// The index of the span's first choice.
        public var start: Int
        /// One past the span's last choice.
        public var end: Int
        /// How deep the span is nested in other spans.
        public var depth: Int
        /// What the span holds, such as `"element"` or `"step"`.
        public var label: String

        /// The number of choices in the span.
        public var count: Int { end - start }
    }

    /// Why a draw stopped the generation of a value.
    public enum Stop: Error, Hashable, Sendable {
        /// The value needed more choices than the source allows.
        case overrun
        /// A filter rejected every retry; the label says which filter.
        case filterExhausted(String)
        /// The generator or test declared the input invalid.
        case invalid
    }

    enum Mode {
        case random(Xoshiro256StarStar)
        /// Replays `prefix`, then draws zeros (the simplest choices) once it is used up.
        case replay([UInt64])
    }

    private var mode: Mode
    /// The choices drawn so far.
    public private(set) var choices: [UInt64] = []
    /// The spans recorded so far, in the order they started (when recording is on).
    public private(set) var spans: [Span] = []
    private var openSpans: [Int] = []
    private let recordsSpans: Bool
    /// The most choices one value may take.
    public let maxChoices: Int

    init(mode: Mode, maxChoices: Int, recordsSpans: Bool) {
        self.mode = mode
        self.maxChoices = maxChoices
        self.recordsSpans = recordsSpans
        choices.reserveCapacity(64)
    }

    /// A source that draws at random from `seed`.
    public static func random(seed: UInt64, maxChoices: Int = 100_000) -> ChoiceSource {
        ChoiceSource(mode: .random(Xoshiro256StarStar(seed: seed)), maxChoices: maxChoices, recordsSpans: false)
    }

    /// A source that replays `choices`, then draws zeros.
    public static func replaying(_ choices: [UInt64], maxChoices: Int = 100_000, recordsSpans: Bool = true) -> ChoiceSource {
        ChoiceSource(mode: .replay(choices), maxChoices: maxChoices, recordsSpans: recordsSpans)
    }

    /// Whether this source draws at random.
    public var isRandom: Bool {
        if case .random = mode { return true }
        return false
    }

    /// Draws a choice in `0...bound`. While generating, a large bound is drawn
    /// log-uniformly half the time so that small values and edge cases come up.
    public func draw(upTo bound: UInt64) throws(Stop) -> UInt64 {
        guard choices.count < maxChoices else { throw .overrun }
        let value: UInt64
        switch mode {
        case .random(var rng):
            if bound < 64 || rng.next() & 1 == 0 {
                value = rng.next(upTo: bound)
            } else {
                let bits = rng.next(upTo: UInt64(64 - bound.leadingZeroBitCount))
                let mask: UInt64 = bits >= 64 ? .max : (1 << bits) &- 1
                value = min(rng.next() & mask, bound)
            }
            mode = .random(rng)
        case .replay(let prefix):
            value = choices.count < prefix.count ? min(prefix[choices.count], bound) : 0
        }
        choices.append(value)
        return value
    }

    /// Draws a boolean that is true with `probability` while generating; `false` (0) is simplest.
    public func drawBool(probability: Double = 0.5) throws(Stop) -> Bool {
        guard choices.count < maxChoices else { throw .overrun }
        let value: UInt64
        switch mode {
        case .random(var rng):
            value = Double(rng.next() >> 11) * 0x1p-53 < probability ? 1 : 0
            mode = .random(rng)
        case .replay(let prefix):
            value = choices.count < prefix.count ? min(prefix[choices.count], 1) : 0
        }
        choices.append(value)
        return value == 1
    }

    /// Opens a span; every choice until the matching ``endSpan()`` belongs to it.
    public func startSpan(_ label: String) {
        guard recordsSpans else { return }
        openSpans.append(spans.count)
        spans.append(Span(start: choices.count, end: choices.count, depth: openSpans.count - 1, label: label))
    }

    /// Closes the innermost open span.
    public func endSpan() {
        guard recordsSpans, let index = openSpans.popLast() else { return }
        spans[index].end = choices.count
    }

    /// Runs `body` inside a span.
    @inlinable
    public func span<T>(_ label: String, _ body: () throws(Stop) -> T) throws(Stop) -> T {
        startSpan(label)
        defer { endSpan() }
        return try body()
    }

    /// The number of choices drawn so far: a mark to ``rewind(to:)`` to.
    public var mark: Int { choices.count }

    /// Forgets the choices drawn since `mark` and the spans that started after it.
    ///
    /// While generating, the next draws are fresh random ones. While replaying, the
    /// forgotten choices are cut out of the sequence being replayed, so the next
    /// draw reads what followed them: this is how a step whose precondition no
    /// longer holds is dropped from a shrink candidate. Every span opened after
    /// `mark` must be closed.
    public func rewind(to mark: Int) {
        let removed = choices.count - mark
        guard removed > 0 else { return }
        choices.removeSubrange(mark...)
        if case .replay(var prefix) = mode, mark < prefix.count {
            prefix.removeSubrange(mark..<min(prefix.count, mark + removed))
            mode = .replay(prefix)
        }
        if recordsSpans {
            precondition(openSpans.allSatisfy { spans[$0].start < mark },
                         "rewind(to:) with a span opened after the mark still open")
            if let cut = spans.firstIndex(where: { $0.start >= mark }) { spans.removeSubrange(cut...) }
        }
    }
}
