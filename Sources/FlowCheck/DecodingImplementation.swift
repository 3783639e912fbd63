import FlowSchema

/// A flow-document decoder under test, driven in-process.
///
/// An SDK's test target conforms an adapter: decode the text with the SDK's own
/// decoder and describe the result in the canonical form (``FlowSchema/CanonicalFlow``),
/// or report its error code. The process protocol's `decode` command is the same for other languages.
public protocol DecodingImplementation: NavigationImplementation {
    /// Decodes a document (a bare FlowDefinition or a resolve response).
    func decode(_ text: String) throws -> DecodeOutcome
}
