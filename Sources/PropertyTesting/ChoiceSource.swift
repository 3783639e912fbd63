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

    /// The mutable state of a draw, kept behind a pointer the source owns. A source
    /// is never shared between threads, and reaching it through a pointer spares
    /// every draw the dynamic exclusivity checks that class properties carry; they
    /// cost the runner several percent of its throughput.
    private struct Storage {
        /// Drawing at random (true) or replaying `prefix` (false).
        var isRandom: Bool
        var rng: Xoshiro256StarStar
        /// Replayed choices; zeros are drawn once it is used up.
        var prefix: [UInt64]
        /// The choices drawn, in storage the source owns: appending to an array checked its uniqueness and capacity
        /// at every draw, a tenth of a draw's cost.
        var drawn: UnsafeMutablePointer<UInt64>
        var count: Int
        var capacity: Int

        init(isRandom: Bool, rng: Xoshiro256StarStar, prefix: [UInt64]) {
            self.isRandom = isRandom
            self.rng = rng
            self.prefix = prefix
            // Room for a generated document's choices, in a block small enough for the allocator's per-thread cache
            // (a larger one took its slow path, and was a tenth of a decoding run's allocation time); a run of the
            // stack suites, a few hundred choices, grows it once.
            capacity = max(128, prefix.count)
            drawn = .allocate(capacity: capacity)
            count = 0
        }

        @inline(__always)
        mutating func append(_ value: UInt64) {
            if count == capacity { grow() }
            drawn[count] = value
            count += 1
        }

        mutating func grow() {
            let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 4)
            larger.moveInitialize(from: drawn, count: count)
            drawn.deallocate()
            drawn = larger
            capacity *= 4
        }
    }

    private let storage: UnsafeMutablePointer<Storage>
    /// The spans recorded so far, in the order they started (when recording is on).
    public private(set) var spans: [Span] = []
    private var openSpans: [Int] = []
    @usableFromInline let recordsSpans: Bool
    /// For a shrink candidate: the outcomes of the shrink's candidates so far, by the choices each drew; a property
    /// takes a candidate's outcome from there when an earlier one drew the same choices.
    var outcomes: OutcomeMemo?
    /// The most choices one value may take.
    public let maxChoices: Int
    /// How large the value drawn should be, from near 0 (the first runs) to 1; 1 while replaying.
    ///
    /// Only a hint that generators read through ``drawSized(upTo:)``: the choice itself is recorded, so a
    /// replayed or shrunk sequence means the same value whatever the size it was drawn at.
    public private(set) var size: Double = 1

    private init(storage: Storage, maxChoices: Int, recordsSpans: Bool) {
        self.storage = .allocate(capacity: 1)
        self.storage.initialize(to: storage)
        self.maxChoices = maxChoices
        self.recordsSpans = recordsSpans
    }

    deinit {
        storage.pointee.drawn.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The choices drawn so far.
    public var choices: [UInt64] {
        Array(UnsafeBufferPointer(start: storage.pointee.drawn, count: storage.pointee.count))
    }

    /// A source that draws at random from `seed`, at `size` (in `0...1`) of the largest values.
    public static func random(seed: UInt64, maxChoices: Int = 100_000, size: Double = 1) -> ChoiceSource {
        let source = ChoiceSource(
            storage: Storage(isRandom: true, rng: Xoshiro256StarStar(seed: seed), prefix: []),
            maxChoices: maxChoices, recordsSpans: false)
        source.size = min(max(size, 0), 1)
        return source
    }

    /// The source of run `run` of a check seeded with `seed`: its own seed derived from the check's, at the run's size.
    /// The engine draws every run this way, and a failure's original case is drawn again the same way.
    public static func run(_ run: Int, of seed: UInt64, maxChoices: Int = 100_000) -> ChoiceSource {
        random(seed: SplitMix64.derive(seed, UInt64(run)), maxChoices: maxChoices, size: size(ofRun: run))
    }

    /// The size of run `index` of a check: runs grow from small to full size over the first `rampRuns` runs.
    ///
    /// It depends on the run's index alone, so a run replayed by its index, on any worker or shard, has its size.
    public static func size(ofRun index: Int, rampRuns: Int = 200) -> Double {
        min(1, Double(index + 1) / Double(max(rampRuns, 1)))
    }

    /// A source that replays `choices`, then draws zeros.
    public static func replaying(
        _ choices: [UInt64], maxChoices: Int = 100_000, recordsSpans: Bool = true
    ) -> ChoiceSource {
        ChoiceSource(
            storage: Storage(isRandom: false, rng: Xoshiro256StarStar(seed: 0), prefix: choices),
            maxChoices: maxChoices, recordsSpans: recordsSpans)
    }

    /// Whether this source draws at random.
    public var isRandom: Bool { storage.pointee.isRandom }

    /// Draws a choice in `0...bound`. While generating, a large bound is drawn
    /// log-uniformly half the time so that small values and edge cases come up.
    public func draw(upTo bound: UInt64) throws(Stop) -> UInt64 {
        let s = storage
        let index = s.pointee.count
        guard index < maxChoices else { throw .overrun }
        let value: UInt64
        if s.pointee.isRandom {
            if bound < 64 || s.pointee.rng.next() & 1 == 0 {
                value = s.pointee.rng.next(upTo: bound)
            } else {
                let bits = s.pointee.rng.next(upTo: UInt64(64 - bound.leadingZeroBitCount))
                let mask: UInt64 = bits >= 64 ? .max : (1 << bits) &- 1
                value = min(s.pointee.rng.next() & mask, bound)
            }
        } else {
            value = index < s.pointee.prefix.count ? min(s.pointee.prefix[index], bound) : 0
        }
        s.pointee.append(value)
        return value
    }

    /// Draws a choice in `0...bound` scaled by ``size`` while generating (at least `0...1`, so that the
    /// smallest runs still vary); replaying reads the recorded choice whatever the size.
    public func drawSized(upTo bound: UInt64) throws(Stop) -> UInt64 {
        guard storage.pointee.isRandom, size < 1 else { return try draw(upTo: bound) }
        return try draw(upTo: max(min(bound, 1), UInt64((Double(bound) * size).rounded(.up))))
    }

    /// Draws a boolean that is true with `probability` while generating; `false` (0) is simplest.
    public func drawBool(probability: Double = 0.5) throws(Stop) -> Bool {
        let s = storage
        let index = s.pointee.count
        guard index < maxChoices else { throw .overrun }
        let value: UInt64
        if s.pointee.isRandom {
            value = Double(s.pointee.rng.next() >> 11) * 0x1p-53 < probability ? 1 : 0
        } else {
            value = index < s.pointee.prefix.count ? min(s.pointee.prefix[index], 1) : 0
        }
        s.pointee.append(value)
        return value == 1
    }

    // Inlinable, with the recording apart: generated runs record no spans, and open and close one at every step.

    /// Opens a span; every choice until the matching ``endSpan()`` belongs to it.
    @inlinable
    public func startSpan(_ label: String) {
        if recordsSpans { recordSpanStart(label) }
    }

    @usableFromInline
    func recordSpanStart(_ label: String) {
        openSpans.append(spans.count)
        spans.append(Span(start: mark, end: mark, depth: openSpans.count - 1, label: label))
    }

    /// Closes the innermost open span.
    @inlinable
    public func endSpan() {
        if recordsSpans { recordSpanEnd() }
    }

    @usableFromInline
    func recordSpanEnd() {
        guard let index = openSpans.popLast() else { return }
        spans[index].end = mark
    }

    /// Runs `body` inside a span.
    @inlinable
    public func span<T>(_ label: String, _ body: () throws(Stop) -> T) throws(Stop) -> T {
        startSpan(label)
        defer { endSpan() }
        return try body()
    }

    /// The number of choices drawn so far: a mark to ``rewind(to:)`` to.
    public var mark: Int { storage.pointee.count }

    /// Forgets the choices drawn since `mark` and the spans that started after it.
    ///
    /// While generating, the next draws are fresh random ones. While replaying, the
    /// forgotten choices are cut out of the sequence being replayed, so the next
    /// draw reads what followed them: this is how a step whose precondition no
    /// longer holds is dropped from a shrink candidate. Every span opened after
    /// `mark` must be closed.
    public func rewind(to mark: Int) {
        precondition(mark >= 0, "rewind(to:) to a negative mark")
        let removed = storage.pointee.count - mark
        guard removed > 0 else { return }
        storage.pointee.count = mark
        if !storage.pointee.isRandom, mark < storage.pointee.prefix.count {
            storage.pointee.prefix.removeSubrange(mark..<min(storage.pointee.prefix.count, mark + removed))
        }
        if recordsSpans {
            precondition(
                openSpans.allSatisfy { spans[$0].start < mark },
                "rewind(to:) with a span opened after the mark still open")
            if let cut = spans.firstIndex(where: { $0.start >= mark }) { spans.removeSubrange(cut...) }
        }
    }
}
