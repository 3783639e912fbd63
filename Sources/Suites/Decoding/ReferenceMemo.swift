package import FlowSchema

/// One document's reading by the reference decoder, kept by the document once a run judged it.
///
/// Unchecked: the worker that generates a document judges it and counts its triggers, in that order, before the
/// engine takes the run; another thread only ever reads a document a worker is done with.
package final class ReferenceMemo: @unchecked Sendable {
    /// The options it was decoded with, its outcome and the rules it met; `nil` until a run judges the document.
    package internal(set) var decoded: (options: DecoderOptions, outcome: DecodeOutcome, trace: DecodeTrace)?

    package init() {}
}
