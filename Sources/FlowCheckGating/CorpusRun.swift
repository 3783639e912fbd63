import ConformanceRules
package import FlowCheckEngine
public import FlowCheckCore
public import FlowCheckRecords
import FlowSchema
public import Foundation
public import GoldenCorpus
import JSON
import NavigationModel
public import PropertyTesting

/// Runs golden cases against an implementation, and turns counterexamples into golden cases.
public enum CorpusRun {
    /// Runs every navigation and session case (or this shard's), skipping those the skip list names or the
    /// capabilities cannot run; once `stop` is requested, no further case starts.
    public static func run(
        _ cases: [CorpusLoader.LoadedCase], on implementation: any Implementation,
        skip: SkipList = SkipList(), shard: (index: Int, count: Int)? = nil, stop: StopRequest? = nil
    ) -> [CaseRecord] {
        NavigationCorpus.run(
            cases, on: implementation, skip: { skip.reason(id: $0, features: $1) }, shard: shard, stop: stop)
    }

    /// A hash of the corpus content (not its formatting): the same cases give the same hash everywhere.
    package static func hash(_ formats: [GoldenCases]) -> String {
        "fnv1a64:" + FailureIdentity.hex(FailureIdentity.fnv1a(formats.reduce(Data()) { $0 + $1.content }))
    }

    /// A counterexample as a golden case whose expectations come from the model, with an id derived from its content.
    /// `nil` for a failure of another suite.
    public static func goldenCase(for failure: FailureRecord) -> GoldenCase? {
        NavigationCorpus.goldenCase(for: failure)
    }

    /// What saving a case did.
    public typealias SaveOutcome = GoldenCorpus.SaveOutcome

    /// Writes a case into `folder/<suite>/<id>.json`; a file with the same name and other content is never overwritten.
    public static func save(_ goldenCase: GoldenCase, into folder: URL) throws -> SaveOutcome {
        try NavigationCorpus.save(goldenCase, into: folder)
    }
}
