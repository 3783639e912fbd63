import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckGating
import FlowCheckRecords
import FlowCheckSuites
import GoldenCorpus
import Foundation

/// A golden corpus run from a test, its cases added to the run's record as `certify` adds them.
enum TestCorpus {
    /// `result` with the cases of the corpus at `folder` run against `implementation`; a folder without a case is an
    /// errored case of its own, never a corpus that passed by holding nothing.
    static func run(
        _ folder: String, on implementation: any Implementation, adding result: RunRecord
    )
        -> RunRecord
    {
        let formats = SuiteRegistry.goldenCases(in: URL(fileURLWithPath: folder, isDirectory: true))
        var cases = formats.flatMap { $0.run(implementation, { _, _ in nil }, nil, nil) }
        for error in formats.flatMap(\.errors) {
            var record = CaseRecord(
                id: error.file, file: error.file, suite: CaseRecord.unreadableFile,
                description: "a golden case file that could not be read", features: [], rules: [], level: .must,
                status: .errored)
            record.message = "\(error)"
            cases.append(record)
        }
        if formats.allSatisfy(\.isEmpty) {
            var record = CaseRecord(
                id: folder, file: folder, suite: CaseRecord.unreadableFile, description: "the corpus folder",
                features: [], rules: [], level: .must, status: .errored)
            record.message = "no golden cases found under \(folder)"
            cases.append(record)
        }
        var header = result.header
        header.corpusHash = CorpusRun.hash(formats)
        var record = RunRecord(
            header: header, suites: result.suites, failures: result.failures, errors: result.errors, cases: cases,
            seconds: result.seconds, interrupted: result.interrupted)
        record.gate = result.gate
        return record
    }
}
