import FlowCheck
import Foundation
import NavigationModel

/// A problem with a JSON-lines input, naming the file and line.
public struct ReportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON-lines file.
    public var file: String
    /// The line in it, from 1.
    public var line: Int
    /// What is wrong.
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}

/// The records of one or more JSON-lines files (shards of one run), merged: what every report format renders.
public struct ReportInput: Hashable, Sendable {
    /// The first file's header; the other shards must share its implementation and seed.
    public var header: JSONLinesReport.Header
    /// Coverage per suite, shards merged: counts summed, `missing` recomputed from the merged counts.
    public var coverage: [JSONLinesReport.Coverage]
    /// Navigation counterexamples from every shard.
    public var counterexamples: [JSONLinesReport.Counterexample]
    /// Decoding counterexamples from every shard.
    public var decodingFailures: [DecodingFailure]
    /// Suites that could not run, from every shard.
    public var errors: [JSONLinesReport.SuiteError]
    /// Golden cases run against the implementation.
    public var cases: [CorpusRun.CaseResult]
    /// Generated cases run, summed over the shards.
    public var runs: Int
    /// Steps run, summed over the shards.
    public var steps: Int
    /// Wall time, summed over the shards.
    public var seconds: Double
    /// How many files were merged.
    public var shards: Int

    /// Steps per second over the merged run; 0 when no time passed.
    public var stepsPerSecond: Double { seconds > 0 ? Double(steps) / seconds : 0 }

    /// Whether a suite stopped at its first failure or error (then what it did not reach is not judged).
    public func stopped(_ suite: Suite) -> Bool {
        counterexamples.contains { $0.suite == suite } || errors.contains { $0.suite == suite } || (suite == .decoding && !decodingFailures.isEmpty)
    }

    /// The verdict on the merged records: errored, divergent, insufficient coverage (also when nothing ran), or conforming.
    public var verdict: ConformanceVerdict {
        if !errors.isEmpty || cases.contains(where: { $0.status == .errored }) { return .errored }
        if !counterexamples.isEmpty || !decodingFailures.isEmpty || cases.contains(where: { $0.status == .failed }) { return .divergent }
        // Nothing ran (no suite, no golden case): nothing was exercised, so it is not a pass.
        if coverage.contains(where: { !$0.missing.isEmpty }) || (coverage.isEmpty && cases.isEmpty) { return .insufficientCoverage }
        return .conforming
    }

    /// Reads and merges JSON-lines texts, given as `(file name, text)`.
    public static func read(_ files: [(name: String, text: String)]) throws(ReportError) -> ReportInput {
        var header: JSONLinesReport.Header?
        var coverage: [Suite: [String: CoverageRow]] = [:]
        var suiteOrder: [Suite] = []
        var counterexamples: [JSONLinesReport.Counterexample] = []
        var decodingFailures: [DecodingFailure] = []
        var errors: [JSONLinesReport.SuiteError] = []
        var cases: [CorpusRun.CaseResult] = []
        var runs = 0, steps = 0, seconds = 0.0
        let decoder = JSONDecoder()
        for file in files {
            var sawSummary = false
            for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
                let data = Data(line.utf8)
                func decode<T: Decodable>(_ type: T.Type) throws(ReportError) -> T {
                    do { return try decoder.decode(type, from: data) } catch {
                        throw ReportError(file: file.name, line: index + 1, message: "not a valid \(type) record: \(error)")
                    }
                }
                struct Kind: Decodable { var type: String }
                switch try decode(Kind.self).type {
                case "header":
                    let next = try decode(JSONLinesReport.Header.self)
                    if let header, header.implementation != next.implementation || header.seed != next.seed {
                        throw ReportError(file: file.name, line: index + 1,
                                          message: "this file is from another run (\(next.implementation.name), seed \(next.seed)) than the first (\(header.implementation.name), seed \(header.seed))")
                    }
                    if header == nil { header = next }
                case "coverage":
                    let record = try decode(JSONLinesReport.Coverage.self)
                    if !suiteOrder.contains(record.suite) { suiteOrder.append(record.suite) }
                    for row in record.rows {
                        var merged = coverage[record.suite]?[row.label] ?? CoverageRow(label: row.label, runs: 0, steps: 0, required: false)
                        merged.runs += row.runs
                        merged.steps += row.steps
                        merged.required = merged.required || row.required
                        coverage[record.suite, default: [:]][row.label] = merged
                    }
                case "counterexample":
                    let record = try decode(JSONLinesReport.Counterexample.self)
                    if !counterexamples.contains(where: { $0.id == record.id }) { counterexamples.append(record) }
                case "decodingCounterexample":
                    let record = try decode(JSONLinesReport.DecodingCounterexample.self)
                    if !decodingFailures.contains(where: { $0.id == record.failure.id }) { decodingFailures.append(record.failure) }
                case "error":
                    errors.append(try decode(JSONLinesReport.SuiteError.self))
                case "case":
                    let record = try decode(CorpusRun.CaseResult.self)
                    if !cases.contains(where: { $0.id == record.id }) { cases.append(record) }
                case "summary":
                    let summary = try decode(JSONLinesReport.Summary.self)
                    runs += summary.runs
                    steps += summary.steps
                    seconds += summary.seconds
                    sawSummary = true
                case let other:
                    throw ReportError(file: file.name, line: index + 1, message: "unknown record type \"\(other)\"")
                }
            }
            if !sawSummary { throw ReportError(file: file.name, line: 0, message: "no summary record: the run did not finish") }
        }
        guard let header else { throw ReportError(file: files.first?.name ?? "-", line: 1, message: "no header record") }
        let merged = suiteOrder.map { suite -> JSONLinesReport.Coverage in
            let rows = (coverage[suite] ?? [:]).values.sorted { ($0.runs, $1.label) > ($1.runs, $0.label) }
            // A suite that stopped at its first failure is judged by that failure, not by what it did not reach.
            let stopped = counterexamples.contains { $0.suite == suite } || errors.contains { $0.suite == suite }
                || (suite == .decoding && !decodingFailures.isEmpty)
            let missing = stopped ? [] : rows.filter { $0.required && $0.runs == 0 }.map(\.label).sorted()
            return JSONLinesReport.Coverage(suite: suite, rows: rows, missing: missing)
        }
        return ReportInput(header: header, coverage: merged, counterexamples: counterexamples, decodingFailures: decodingFailures, errors: errors,
                           cases: cases.sorted { $0.file < $1.file }, runs: runs, steps: steps, seconds: seconds, shards: files.count)
    }
}
