public import FlowCheckCore
public import FlowCheckRecords
public import Foundation
public import GoldenCorpus
public import PropertyTesting

/// One suite's golden cases, loaded from a corpus folder: what `corpus verify`, `corpus run` and `certify` do with
/// them, without naming the suite (``ConformanceSuite/goldenCases(in:)``).
public struct GoldenCases: Sendable {
    /// One case checked against the reference model: the lines that say so, and whether it held.
    public struct Verified: Sendable {
        public var lines: [String]
        public var held: Bool

        public init(lines: [String], held: Bool) {
            self.lines = lines
            self.held = held
        }

        /// A case checked by a verifier that lists its mismatches with the model (none: it holds), or throws.
        public init(
            file: String, rules: [String], description: String, mismatches: () throws -> [any CustomStringConvertible]
        ) {
            do {
                let found = try mismatches()
                guard !found.isEmpty else {
                    self.init(lines: ["PASS \(file) [\(rules.joined(separator: ", "))]"], held: true)
                    return
                }
                self.init(
                    lines: ["FAIL \(file): \(description)"]
                        + found.map { "  " + $0.description.replacingOccurrences(of: "\n", with: "\n  ") },
                    held: false)
            } catch {
                self.init(lines: ["FAIL \(file): \(error)"], held: false)
            }
        }
    }

    /// Every case's id (a skip list may name them).
    public var ids: [String]
    /// Every file of the suite's folders that could not be read.
    public var errors: [CorpusError]
    /// The cases' content, for the corpus hash: the same cases give the same bytes everywhere.
    public var content: Data
    /// Checks every case against the reference model.
    public var verify: @Sendable () -> [Verified]
    /// Runs the cases (or a shard's) against an implementation, skipping those `skip` gives a reason for; once `stop`
    /// is requested, no further case starts.
    public var run:
        @Sendable (
            _ implementation: any Implementation, _ skip: (_ id: String, _ features: [String]) -> String?,
            _ shard: (index: Int, count: Int)?, _ stop: StopRequest?
        ) -> [CaseRecord]

    /// Creates a suite's loaded cases.
    public init(
        ids: [String], errors: [CorpusError], content: Data, verify: @escaping @Sendable () -> [Verified],
        run:
            @escaping @Sendable (
                any Implementation, (String, [String]) -> String?, (index: Int, count: Int)?, StopRequest?
            ) -> [CaseRecord]
    ) {
        self.ids = ids
        self.errors = errors
        self.content = content
        self.verify = verify
        self.run = run
    }

    /// Whether the suite's folders held nothing at all, not even an unreadable file.
    public var isEmpty: Bool { ids.isEmpty && errors.isEmpty }
}
