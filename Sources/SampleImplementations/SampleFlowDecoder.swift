import ConformanceRules
package import FlowCheckCore
import FlowCheckDecodingSuite
package import FlowSchema

/// The sample SDK's decoder on its own: a decoding-only implementation, the way a flow-document library
/// with no navigation would be certified. It conforms to `DecodingImplementation` alone and
/// declares only the `decoding` suite.
///
/// With a ``DecoderBug`` it becomes a mutant that the kit must catch.
package final class SampleFlowDecoder: DecodingImplementation, ParallelImplementation {
    /// The planted decoding bugs: none, one, or several at once.
    package let bugs: Set<DecoderBug>
    /// The planted bug, when exactly one is planted.
    package var bug: DecoderBug? { bugs.count == 1 ? bugs.first : nil }

    /// The declared component types, taken once: the capabilities are made anew each time they are asked for.
    private let componentTypes: [String]

    /// Creates the decoder, with a planted bug or none.
    package convenience init(bug: DecoderBug? = nil) {
        self.init(bugs: bug.map { [$0] } ?? [])
    }

    /// Creates the decoder with several planted bugs at once: a mutant with many bugs, some sharing a symptom.
    package init(bugs: Set<DecoderBug>) {
        self.bugs = bugs
        componentTypes = DecoderOptions.standardComponentTypes
    }

    package func makeWorker() -> SampleFlowDecoder { SampleFlowDecoder(bugs: bugs) }

    package var info: ImplementationInfo {
        ImplementationInfo(
            name: bugs.isEmpty
                ? "sample decoder" : "sample decoder (mutant \(bugs.map(\.rawValue).sorted().joined(separator: ", ")))",
            version: KitInfo.current.version,
            language: "Swift")
    }

    package var capabilities: Capabilities {
        var declared = Capabilities(suites: [.decoding])
        declared.decoding = DecodingCapabilities(componentTypes: componentTypes, migrations: true)
        return declared
    }

    package func decode(_ text: String) throws -> DecodeOutcome {
        SampleDecoder(componentTypes: componentTypes, bugs: bugs).decode(text)
    }
}
