package import FlowCheckCore
package import FlowCheckRecords
package import Foundation
package import GoldenCorpus
package import PropertyTesting

/// A suite's golden-case format: how its cases load, hash, verify and run on an implementation.
///
/// What every format shares is written once, here: the order of the corpus hash, the verification lines, shards,
/// skip lists, the kit's stop, and an implementation's breakdown making a case errored. ``GoldenCases/init(_:corpus:)``
/// hands a format to the generic corpus commands.
package protocol GoldenCaseFormat: Sendable {
    /// One case as its file says it.
    associatedtype Case: Sendable
    /// What a case runs on: the suite's implementation protocol.
    associatedtype Subject

    /// Reads the suite's folders of a corpus: each case with its file, and every file that could not be read.
    func load(corpus: URL) -> (cases: [(file: String, value: Case)], errors: [CorpusError])
    /// The case's id.
    func id(of goldenCase: Case) -> String
    /// The cases' bytes for the corpus hash, the cases sorted by id: the same cases give the same bytes everywhere.
    func content(of cases: [Case]) -> Data
    /// Checks a case against the reference model.
    func verify(_ goldenCase: Case, file: String) -> GoldenCases.Verified
    /// What one case is judged as on an implementation with these capabilities: the case as written, adapted to a
    /// declared profile, or once under each profile the case holds in.
    func trials(of goldenCase: Case, file: String, capabilities: Capabilities) -> [GoldenCaseTrial<Case>]
    /// The implementation as the suite drives it, or `nil` when it is not one.
    func subject(_ implementation: any Implementation) -> Subject?
    /// Why a case is skipped on an implementation that is not a ``Subject``: `not certified: …`.
    var notSubject: String { get }
    /// Runs a case and judges the implementation's replies into `record` (left passed when they agree); throws when
    /// the implementation breaks down.
    func judge(
        _ goldenCase: Case, on subject: Subject, capabilities: Capabilities, into record: inout CaseRecord
    ) throws
}

/// One case as it is judged on an implementation: the record it starts from, and why it cannot run, if so.
package struct GoldenCaseTrial<Case> {
    /// Why a case does not run.
    package enum Problem {
        /// The implementation's declarations leave the case out: skipped, with the reason.
        case unsupported(String)
        /// The case itself is wrong (the reference model does not meet it): errored, with the diff.
        case corpusError(message: String, diff: String)
    }

    /// The case as judged.
    package var value: Case
    /// Its record before it runs (passed).
    package var record: CaseRecord
    /// The id a skip list names it by: the case's own, for a variant too.
    package var skipID: String
    /// Why it does not run, or `nil`.
    package var problem: Problem?

    /// Creates a trial.
    package init(value: Case, record: CaseRecord, skipID: String, problem: Problem? = nil) {
        self.value = value
        self.record = record
        self.skipID = skipID
        self.problem = problem
    }
}

extension GoldenCaseFormat {
    /// Runs the cases (or this shard's) against an implementation, skipping those `skip` gives a reason for or its
    /// declarations leave out; once `stop` is requested, no further case starts, and a case it cut off is left out.
    package func run(
        _ cases: [(file: String, value: Case)], on implementation: any Implementation,
        skip: (_ id: String, _ features: [String]) -> String? = { _, _ in nil },
        shard: (index: Int, count: Int)? = nil, stop: StopRequest? = nil
    ) -> [CaseRecord] {
        let capabilities = implementation.capabilities
        let subject = self.subject(implementation)
        var results: [CaseRecord] = []
        for (index, loaded) in cases.enumerated() where shard.map({ index % $0.count == $0.index }) ?? true {
            for trial in trials(of: loaded.value, file: loaded.file, capabilities: capabilities) {
                if stop?.isRequested == true { return results }
                var record = trial.record
                switch skip(trial.skipID, record.features).map(GoldenCaseTrial<Case>.Problem.unsupported)
                    ?? trial.problem
                {
                case .unsupported(let reason)?:
                    record.status = .skipped
                    record.message = reason
                case .corpusError(let message, let diff)?:
                    record.status = .errored
                    record.message = message
                    record.diff = diff
                case nil:
                    guard let subject else {
                        record.status = .skipped
                        record.message = notSubject
                        break
                    }
                    do {
                        try judge(trial.value, on: subject, capabilities: capabilities, into: &record)
                    } catch {
                        // A case cut off by the kit's own stop is not the implementation's error: it was not run to
                        // the end.
                        if stop?.isRequested == true { return results }
                        record.status = .errored
                        record.message = "\(error)"
                    }
                }
                results.append(record)
            }
        }
        return results
    }
}

extension GoldenCases {
    /// A suite's cases in a corpus, loaded in its format.
    package init<Format: GoldenCaseFormat>(_ format: Format, corpus: URL) {
        let (cases, errors) = format.load(corpus: corpus)
        self.init(
            ids: cases.map { format.id(of: $0.value) }, errors: errors,
            content: format.content(of: cases.map(\.value).sorted { format.id(of: $0) < format.id(of: $1) }),
            verify: { cases.map { format.verify($0.value, file: $0.file) } },
            run: { format.run(cases, on: $0, skip: $1, shard: $2, stop: $3) })
    }
}
