import Foundation

/// Each implementation's expected failures, for a comparison of several (`flowcheck compare --expectations`): a
/// baseline per implementation, keyed by the name it gives at hello, each entry keyed by cause with a reason.
///
/// JSON shape: `{"ios-sdk": {"expectedFailures": [{"cause": "navigation: NAV-POP-TO", "reason": "…"}]}}`.
package struct Expectations: Hashable, Sendable {
    /// The baselines, by implementation name.
    package var byImplementation: [String: Baseline]

    /// Creates expectations.
    package init(_ byImplementation: [String: Baseline] = [:]) { self.byImplementation = byImplementation }

    /// Reads expectations; the error names the file and the JSON path.
    package static func load(_ path: String) throws(FileFormatError) -> Expectations {
        Expectations(try FileFormatError.decode(path) as [String: Baseline])
    }

    /// The file: sorted keys, one baseline per implementation.
    package var fileText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(byImplementation)) ?? Data(), as: UTF8.self) + "\n"
    }
}
