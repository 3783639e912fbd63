import ConformanceRules
import FlowCheckCore
import FlowCheckRecords
import FlowSchema
import PropertyTesting

/// The decoding suite: generated flow documents, decoded by the reference decoder (with the declared
/// component types and migrations) and by the implementation, whose canonical forms must agree (DEC- rules).
package struct DecodingSuite: ConformanceSuite {
    package var suite: Suite { .decoding }
    package var summary: String { "lenient decoding of flow documents (DEC- rules)" }
    package var unit: Count.Unit { .document }
    package var seedSalt: UInt64 { 3 }
    package var rules: [Rule] { DecodingRules.all }
    package var requiredProtocol: String { "DecodingImplementation" }

    /// Creates the suite.
    package init() {}

    package func subject(_ implementation: any Implementation) -> (any DecodingImplementation)? {
        implementation as? any DecodingImplementation
    }

    package func notCertified(_ capabilities: Capabilities) -> [String] {
        capabilities.migrations ? [] : ["content migrations (not declared: only version-8 documents were given)"]
    }

    package func uncertifiedRules(_ capabilities: Capabilities) -> [String] {
        capabilities.migrations ? [] : ["DEC-MIGRATE"]
    }

    package func generator(_ capabilities: Capabilities, context: SuiteContext) -> Gen<GeneratedDocument> {
        DocumentGenerator(capabilities: capabilities).documents
    }

    package func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        DocumentGenerator.requiredLabels(for: capabilities)
    }

    package func runLabels(_ value: GeneratedDocument) -> [String] { value.labels }

    package func unitLabels(_ value: GeneratedDocument) -> [String] { ["document"] }

    package func check(
        _ value: GeneratedDocument, on subject: any DecodingImplementation, capabilities: Capabilities
    ) throws(Abort) -> Bool {
        FlowDecoder.decode(value.text, options: capabilities.decoderOptions).agrees(
            with: try DecodingAnalysis.decode(value.text, with: subject))
    }

    package func describe(
        _ failing: FailingCase<GeneratedDocument>, on subject: any DecodingImplementation,
        capabilities: Capabilities
    ) throws(Abort) -> FailureRecord {
        try DecodingAnalysis.describe(failing, decoder: subject, options: capabilities.decoderOptions)
    }
}
