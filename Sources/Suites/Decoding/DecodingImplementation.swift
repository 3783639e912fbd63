public import FlowCheckCore
public import FlowSchema

/// A flow-document decoder under test.
///
/// An SDK's test target conforms an adapter: decode the text with the SDK's own decoder and describe
/// the result in the canonical form (`CanonicalFlow`, FlowSchema), or report its error code. A decoder
/// needs no navigation: it conforms to this protocol alone and declares only the `decoding` suite.
public protocol DecodingImplementation: Implementation {
    /// Decodes a document (a bare FlowDefinition or a resolve response).
    func decode(_ text: String) throws -> DecodeOutcome
}
