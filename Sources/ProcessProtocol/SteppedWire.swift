package import JSON

/// What a suite says over the process protocol when it drives an implementation step by step: the reset that starts a
/// run, the request of one step, and how a step's reply reads.
///
/// ``ProcessImplementation`` frames the exchange alike for every such suite (seqs, the `ok` of a reset, errored
/// replies, batches, breakdowns and restarts), so a suite supplies only what its own messages say.
package protocol SteppedWire {
    /// What a reset puts the implementation in.
    associatedtype Start
    /// One step's input.
    associatedtype Input
    /// What the implementation replies to one step.
    associatedtype Output

    /// The reset's command, as messages name it (`clientReset`).
    var resetCommand: String { get }
    /// What a reply is, for messages: `a client reply ({"state", "events"})`.
    var replyShape: String { get }
    /// Writes the reset request.
    func writeReset(_ start: Start, into request: inout JSONOutput, seq: Int)
    /// Writes one step's request.
    func write(_ input: Input, into request: inout JSONOutput, seq: Int)
    /// One step, for messages: `client step 3 (create HOME)`.
    func context(_ input: Input, step: Int) -> String
    /// A batch of `count` steps, for messages.
    func batchContext(count: Int) -> String
    /// Reads a step's reply.
    func read(_ reply: JSONValue) throws(WireError) -> Output
    /// Reads the reply to the step of seq `seq` straight from its line's bytes, or gives `nil` for ``read(_:)`` to
    /// read the parsed line (and say what is wrong with it). A suite with a hot path (navigation replies, each with the
    /// whole stack) skips the JSON tree this way; by default every line is parsed.
    func scan(_ line: UnsafeBufferPointer<UInt8>, seq: Int) -> Output?
    /// Reads the reply to a batch of seq `seq` (a reset and `count - 1` steps) straight from its line's bytes: the
    /// steps' outputs, the reset's ok checked and left out; or `nil` for the general reader.
    func scanBatch(_ line: UnsafeBufferPointer<UInt8>, seq: Int, count: Int) -> [Output]?
}

extension SteppedWire {
    package func scan(_ line: UnsafeBufferPointer<UInt8>, seq: Int) -> Output? { nil }
    package func scanBatch(_ line: UnsafeBufferPointer<UInt8>, seq: Int, count: Int) -> [Output]? { nil }

    /// Writes a whole run as one batch request of seq `seq`: the reset at `seq + 1`, then each step at the next seq.
    package func writeBatch(_ start: Start, _ inputs: [Input], into request: inout JSONOutput, seq: Int) {
        request.raw(#"{"cmd":"batch","commands":["#)
        writeReset(start, into: &request, seq: seq + 1)
        for (index, input) in inputs.enumerated() {
            request.raw(",")
            write(input, into: &request, seq: seq + 2 + index)
        }
        request.raw(#"],"seq":"#)
        request.int(seq)
        request.raw("}")
    }
}
