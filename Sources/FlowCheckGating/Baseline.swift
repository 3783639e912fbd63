import Foundation

/// The failures a CI pipeline expects, keyed by their causes, so that it fails only on new ones.
///
/// A failure's cause is its suite and the rules it breaks (`navigation: NAV-POP-TO`), with the checks that broke where
/// one rule covers several (`client: RUF-REQUEST-WIRE [x-request-id]`), its suite and how it broke down
/// (`runtime: breakdown (exited)`), or a golden case's id: the same bug found at another seed, after a kit
/// upgrade or by another shard has the same cause, where its minimal counterexample (kept as evidence) differs.
///
/// JSON shape: `{"expectedFailures": [{"cause": "navigation: NAV-POP-TO", "example": "navigation-3259e566278fca58",
/// "replay": "flowcheck run …"}]}`, sorted by cause. An entry may also be a bare string, a cause or (as baselines
/// written before causes were) a counterexample id.
package struct Baseline: Hashable, Codable, Sendable {
    /// One expected failure.
    package struct Entry: Hashable, Codable, Sendable {
        /// What the entry matches: a failure's cause, or a counterexample or golden case id.
        package var cause: String
        /// The id of the counterexample the entry was written from: evidence, never compared.
        package var example: String?
        /// The command that replays that counterexample: evidence, never compared.
        package var replay: String?
        /// Why the failure is expected (a known bug and its ticket), written by hand; shown where it is excused.
        package var reason: String?

        /// Creates an entry.
        package init(cause: String, example: String? = nil, replay: String? = nil, reason: String? = nil) {
            self.cause = cause
            self.example = example
            self.replay = replay
            self.reason = reason
        }

        package init(from decoder: any Decoder) throws {
            if let bare = try? decoder.singleValueContainer().decode(String.self) {
                self.init(cause: bare)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                cause: try container.decode(String.self, forKey: .cause),
                example: try container.decodeIfPresent(String.self, forKey: .example),
                replay: try container.decodeIfPresent(String.self, forKey: .replay),
                reason: try container.decodeIfPresent(String.self, forKey: .reason))
        }

        /// Whether the entry expects `failure`.
        func matches(_ failure: FlowCheckGating.Gate.Failure) -> Bool { cause == failure.cause || cause == failure.id }
    }

    /// The entries, sorted by cause, one per cause.
    package var expectedFailures: [Entry]

    /// Creates a baseline: one entry per cause, sorted.
    package init(expectedFailures: [Entry]) {
        var seen = Set<String>()
        self.expectedFailures = expectedFailures.filter { seen.insert($0.cause).inserted }.sorted {
            $0.cause < $1.cause
        }
    }

    /// Reads a baseline; the error names the file and the JSON path.
    package static func load(_ path: String) throws(FileFormatError) -> Baseline { try FileFormatError.decode(path) }

    /// A run's failures compared with the baseline.
    package struct Comparison: Sendable {
        /// The ids of the failures no entry expects: these fail the gate.
        package var newFailures: [String]
        /// The entries no failure matched (their causes): these fail the gate too, so the baseline cannot rot.
        package var stale: [String]
        /// Each expected failure's id, with the cause of the entry that expects it.
        package var expected: [(id: String, cause: String)]

        /// Whether the gate passes: no new failure and no stale entry.
        package var passes: Bool { newFailures.isEmpty && stale.isEmpty }
    }

    /// Compares this run's failures with the baseline, by cause.
    package func gate(failures: [FlowCheckGating.Gate.Failure]) -> Comparison {
        var newFailures: [String] = []
        var expected: [(id: String, cause: String)] = []
        var matched = Set<String>()
        for failure in failures {
            let entries = expectedFailures.filter { $0.matches(failure) }
            if let entry = entries.first {
                expected.append((failure.id, entry.reason.map { "\(entry.cause): \($0)" } ?? entry.cause))
                matched.formUnion(entries.map(\.cause))
            } else {
                newFailures.append(failure.id)
            }
        }
        return Comparison(
            newFailures: newFailures.sorted(),
            stale: expectedFailures.map(\.cause).filter { !matched.contains($0) }, expected: expected)
    }

    /// The baseline as a file: sorted keys, one entry per cause.
    package var fileText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}
