import ConformanceRules
import FlowCheckCore
import FlowSchema

/// The sample SDK's decoder on its own: a decoding-only implementation, the way a flow-document library
/// with no navigation would be certified. It conforms to `DecodingImplementation` alone and
/// declares only the `decoding` suite.
///
/// With a ``DecoderBug`` it becomes a mutant that the kit must catch.
package final class SampleFlowDecoder: DecodingImplementation, ParallelImplementation {
    /// The planted decoding bug, or `nil`.
    package let bug: DecoderBug?

    /// The declared component types, taken once: the capabilities are made anew each time they are asked for.
    private let componentTypes: [String]

    /// Creates the decoder, with a planted bug or none.
    package init(bug: DecoderBug? = nil) {
        self.bug = bug
        componentTypes = Capabilities(suites: [.decoding], migrations: true).componentTypes
    }

    package func makeWorker() -> SampleFlowDecoder { SampleFlowDecoder(bug: bug) }

    package var info: ImplementationInfo {
        ImplementationInfo(
            name: bug.map { "sample decoder (mutant \($0.rawValue))" } ?? "sample decoder",
            version: KitInfo.current.version,
            language: "Swift")
    }

    package var capabilities: Capabilities {
        Capabilities(suites: [.decoding], componentTypes: componentTypes, migrations: true)
    }

    package func decode(_ text: String) throws -> DecodeOutcome {
        SampleDecoder(componentTypes: componentTypes, bug: bug).decode(text)
    }
}
