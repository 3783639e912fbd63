import Foundation

/// The generated list of failures a CI pipeline expects, so that it fails only on new ones.
///
/// JSON shape: `{"expectedFailures": ["navigation-3259e566278fca58", "pop-to-owned"]}` (sorted).
package struct Baseline: Hashable, Codable, Sendable {
    /// The ids of the failures expected, sorted.
    package var expectedFailures: [String]

    /// Creates a baseline; ids are deduplicated and sorted.
    package init(expectedFailures: [String]) { self.expectedFailures = Array(Set(expectedFailures)).sorted() }

    /// Reads a baseline; the error names the file and the JSON path.
    package static func load(_ path: String) throws(FileFormatError) -> Baseline { try FileFormatError.decode(path) }

    /// The verdict of a gate with this baseline.
    package struct Gate: Hashable, Sendable {
        /// Failures not in the baseline: these fail the gate.
        package var newFailures: [String]
        /// Baseline entries that now pass or no longer exist: these fail the gate too, so the baseline cannot rot.
        package var stale: [String]
        /// Failures the baseline expects.
        package var expected: [String]

        /// Whether the gate passes: no new failure and no stale entry.
        package var passes: Bool { newFailures.isEmpty && stale.isEmpty }
    }

    /// Compares this run's failures with the baseline.
    package func gate(failures: [String]) -> Gate {
        let failing = Set(failures), expectedSet = Set(expectedFailures)
        return Gate(
            newFailures: failing.subtracting(expectedSet).sorted(), stale: expectedSet.subtracting(failing).sorted(),
            expected: failing.intersection(expectedSet).sorted())
    }

    /// The baseline as a file: sorted keys, one entry per line.
    package var fileText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}
