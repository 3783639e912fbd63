/// Where a golden case comes from, whatever its suite's format.
public enum CaseOrigin: String, Hashable, Codable, Sendable {
    /// A worked example of the source documents.
    case docsExample = "docs-example"
    /// A decision the kit takes where the sources are silent or disagree.
    case edgeDecision = "edge-decision"
    /// A counterexample found by the kit and saved so it can never come back.
    case regression
}
