import ConformanceRules
import FlowCheckCore
import FlowCheckRecords
import FlowSchema
import PropertyTesting

/// The decoding suite: generated flow documents, decoded by the reference decoder (with the declared
/// component types and migrations) and by the implementation, whose canonical forms must agree (DEC- rules).
public struct DecodingSuite: ConformanceSuite {
    public var suite: Suite { .decoding }
    public var summary: String { "lenient decoding of flow documents (DEC- rules)" }
    public var unit: Count.Unit { .document }
    public var seedSalt: UInt64 { 3 }
    public var rules: [Rule] { DecodingRules.all }
    public var requiredProtocol: String { "DecodingImplementation" }

    /// Creates the suite.
    public init() {}

    public func subject(_ implementation: any Implementation) -> (any DecodingImplementation)? {
        implementation as? any DecodingImplementation
    }

    public func notCertified(_ capabilities: Capabilities) -> [String] {
        capabilities.migrations ? [] : ["content migrations (not declared: only version-8 documents were given)"]
    }

    public func generator(_ capabilities: Capabilities, context: SuiteContext) -> Gen<GeneratedDocument> {
        DocumentGenerator(capabilities: capabilities).documents
    }

    public func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        DocumentGenerator.requiredLabels(for: capabilities)
    }

    public func runLabels(_ value: GeneratedDocument) -> [String] { value.labels }

    public func unitLabels(_ value: GeneratedDocument) -> [String] { ["document"] }

    public func check(_ value: GeneratedDocument, on subject: any DecodingImplementation, capabilities: Capabilities) throws(Abort) -> Bool {
        FlowDecoder.decode(value.text, options: capabilities.decoderOptions).agrees(with: try DecodingAnalysis.decode(value.text, with: subject))
    }

    public func describe(_ failing: FailingCase<GeneratedDocument>, on subject: any DecodingImplementation,
                         capabilities: Capabilities) throws(Abort) -> FailureRecord {
        try DecodingAnalysis.describe(failing, decoder: subject, options: capabilities.decoderOptions)
    }
}
