import ConformanceRules
import FlowCheckCore
import Foundation
import JSON

/// A problem with a JSON-lines input, naming the file and line.
public struct RecordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON-lines file.
    public var file: String
    /// The line in it, from 1; 0 when the problem is the file as a whole.
    public var line: Int
    /// What is wrong, in plain words.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

extension RunRecord {
    /// Reads JSON-lines texts, given as `(file name, text)`, and merges them: the shards of one run become the
    /// record of that run, with counts summed, coverage merged and the verdict computed from the merge.
    public static func read(_ files: [(name: String, text: String)]) throws(RecordError) -> RunRecord {
        var header: RunHeader?
        var suites: [SuiteRecord] = []
        var failures: [FailureRecord] = []
        var errors: [ErrorRecord] = []
        var cases: [CaseRecord] = []
        var seconds = 0.0
        var interrupted: String?
        var gate: GateRecord?
        var shards: [(file: String, shard: String?)] = []
        let decoder = JSONDecoder()
        for file in files {
            var sawSummary = false
            for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.isEmpty {
                guard line.utf8.count <= RecordFormat.maxLineBytes else {
                    throw RecordError(
                        file: file.name, line: index + 1,
                        message: "a line of \(line.utf8.count) bytes: a record line may be at most 64 MB")
                }
                let content: RecordLine
                do {
                    content = try decoder.decode(RecordLine.self, from: Data(line.utf8))
                } catch let invalid as RecordLine.Invalid {
                    throw RecordError(
                        file: file.name, line: index + 1,
                        message: "not a valid \(invalid.what) record: \(Self.plain(invalid.error))")
                } catch {
                    // Not JSON: the kit's own reader says where the line breaks (its column), where Foundation only
                    // says that it does.
                    do { _ = try JSONParser.parse(String(line)) } catch {
                        throw RecordError(
                            file: file.name, line: index + 1,
                            message: "not JSON at column \(error.column): \(error.message)")
                    }
                    throw RecordError(
                        file: file.name, line: index + 1,
                        message: "not a valid JSON-lines record: \(Self.plain(error))")
                }
                switch content {
                case .otherVersion(let version):
                    throw RecordError(
                        file: file.name, line: index + 1,
                        message: "written in record format \(version); this kit reads format \(RecordFormat.version)")
                case .header(let next):
                    if let header,
                        header.implementation != next.implementation || header.seed != next.seed
                            || header.runID != next.runID
                    {
                        throw RecordError(
                            file: file.name, line: index + 1,
                            message:
                                "this file is from another run (\(next.implementation.name), seed \(next.seed), run \(next.runID)) than the first (\(header.implementation.name), seed \(header.seed), run \(header.runID))"
                        )
                    }
                    if header == nil { header = next }
                    shards.append((file.name, next.shard))
                case .suite(let record):
                    if let at = suites.firstIndex(where: { $0.suite == record.suite }) {
                        suites[at] = merge(suites[at], record)
                    } else {
                        suites.append(record)
                    }
                case .failure(let record):
                    // Two shards that shrank to the same case: one failure, with the runs of both.
                    if let same = failures.firstIndex(where: { $0.id == record.id }) {
                        failures[same].occurrences += record.occurrences
                    } else {
                        failures.append(record)
                    }
                case .error(let record):
                    errors.append(record)
                case .case(let record):
                    if !cases.contains(where: { $0.id == record.id }) { cases.append(record) }
                case .summary(let summary):
                    seconds += summary.seconds
                    interrupted = interrupted ?? summary.verdict.interrupted
                    gate = summary.gate
                    sawSummary = true
                case .unknown(let other):
                    throw RecordError(file: file.name, line: index + 1, message: "unknown record type \"\(other)\"")
                }
            }
            if !sawSummary {
                throw RecordError(file: file.name, line: 0, message: "no summary record: the run did not finish")
            }
        }
        guard let header else {
            throw RecordError(file: files.first?.name ?? "-", line: 0, message: "no header record")
        }
        try checkShards(shards)
        if files.count > 1 {
            // Each shard folded its own failures by cause, and those an earlier suite of the shard had found: two
            // shards can each hold one of the same cause, or one shard's session suite a bug another's navigation
            // suite found.
            var merged: [FailureRecord] = []
            for index in suites.indices {
                var own = FailureRecord.ordered(
                    FailureRecord.folded(failures.filter { $0.suite == suites[index].suite }))
                FailureRecord.foldReportedElsewhere(&own, into: &merged, record: &suites[index])
                merged += own
            }
            failures = merged
        }
        if files.count > 1 {
            // Each shard could not judge coverage alone; the merge judges it on the summed counts.
            for index in suites.indices {
                let stopped =
                    failures.contains { $0.suite == suites[index].suite }
                    || errors.contains { $0.suite == suites[index].suite }
                suites[index].missingCoverage =
                    stopped ? [] : suites[index].coverage.filter { $0.required && $0.runs == 0 }.map(\.label).sorted()
            }
        }
        var record = RunRecord(
            header: header, suites: suites, failures: failures, errors: errors,
            cases: cases.sorted { $0.file < $1.file },
            seconds: seconds, shards: files.count, interrupted: interrupted)
        // A shard's gate judged that shard alone: merged shards are gated again, or not at all.
        if files.count == 1 { record.gate = gate }
        return record
    }

    /// Shards merge only as a complete set, each once: `1/3`, `2/3` and `3/3`, or one unsharded run alone.
    static func checkShards(_ shards: [(file: String, shard: String?)]) throws(RecordError) {
        let parsed = shards.map { entry -> (file: String, index: Int, count: Int)? in
            guard let text = entry.shard else { return nil }
            let parts = text.split(separator: "/").compactMap { Int($0) }
            return parts.count == 2 ? (entry.file, parts[0], parts[1]) : nil
        }
        if shards.count > 1, let whole = shards.first(where: { $0.shard == nil }) {
            throw RecordError(
                file: whole.file, line: 1,
                message: "this is a whole run, not a shard: it cannot be merged with other files")
        }
        let present = parsed.compactMap { $0 }
        guard let first = present.first else { return }
        if let other = present.first(where: { $0.count != first.count }) {
            throw RecordError(
                file: other.file, line: 1,
                message:
                    "this is shard \(other.index)/\(other.count), but \(first.file) is shard \(first.index)/\(first.count): shards of different splits"
            )
        }
        var seen: [Int: String] = [:]
        for shard in present {
            if let earlier = seen[shard.index] {
                throw RecordError(
                    file: shard.file, line: 1,
                    message: "shard \(shard.index)/\(shard.count) is given twice (also \(earlier))")
            }
            seen[shard.index] = shard.file
        }
        let missing = (1...first.count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw RecordError(
                file: first.file, line: 0,
                message: "an incomplete set of shards: "
                    + missing.map { "\($0)/\(first.count)" }.joined(separator: ", ")
                    + " \(missing.count == 1 ? "is" : "are") missing")
        }
    }

    /// Two shards' records of one suite: counts summed, coverage rows merged label by label.
    static func merge(_ a: SuiteRecord, _ b: SuiteRecord) -> SuiteRecord {
        var merged = a
        merged.runs += b.runs
        merged.exercised.value += b.exercised.value
        merged.seconds += b.seconds
        var rows = Dictionary(a.coverage.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        for row in b.coverage {
            var into = rows[row.label] ?? CoverageRow(label: row.label, runs: 0, units: 0, required: false)
            into.runs += row.runs
            into.units += row.units
            into.required = into.required || row.required
            rows[row.label] = into
        }
        merged.coverage = rows.values.sorted { ($0.runs, $1.label) > ($1.runs, $0.label) }
        merged.triggered.merge(b.triggered, uniquingKeysWith: +)
        if let notes = b.notes { merged.notes = (a.notes ?? []) + notes }
        if let searched = b.searchedTriggers {
            merged.searchedTriggers = Array(Set((a.searchedTriggers ?? []) + searched)).sorted()
        }
        if let diverged = b.divergedTriggered {
            merged.divergedTriggered = (a.divergedTriggered ?? [:]).merging(diverged, uniquingKeysWith: +)
        }
        if let masked = b.maskedTriggered {
            merged.maskedTriggered = (a.maskedTriggered ?? [:]).merging(masked, uniquingKeysWith: +)
        }
        merged.failureCap = merged.failureCap ?? b.failureCap
        if let more = b.reportedElsewhere {
            let ids = (a.reportedElsewhere ?? []) + more.filter { !(a.reportedElsewhere ?? []).contains($0) }
            merged.reportedElsewhere = ids
        }
        return merged
    }

    /// A Swift type, in the JSON words a record's reader knows.
    static func kind(_ type: Any.Type) -> String {
        let name = "\(type)"
        if name.hasPrefix("Dictionary") || name.hasPrefix("Kind") { return "an object" }
        if name.hasPrefix("Array") { return "an array" }
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Double", "UInt64", "Int64"].contains(name) { return "a number" }
        return "of the expected kind (\(name))"
    }

    /// A decoding error in plain words, with the JSON path where it applies.
    static func plain(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("$") { $0 + ($1.intValue.map { "[\($0)]" } ?? ".\($1.stringValue)") }
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath)).\(key.stringValue) is missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is not \(kind(type))"
        case .dataCorrupted(let context):
            // Foundation's words here ("The given data was not valid JSON.") name neither the value nor the place.
            return context.codingPath.isEmpty
                ? "a value this kit cannot read (such as a number too large for a double)"
                : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// One line of a JSON-lines record, decoded in one pass over the line: its `type` says which record it holds.
private enum RecordLine: Decodable {
    /// A record that does not have the shape of its type (`what`: `header`, `suite`, or `JSON-lines` when the line
    /// does not even say its type).
    struct Invalid: Error {
        var what: String
        var error: any Error
    }

    /// Only what the merge does not compute again: the verdict is always worked out anew.
    struct Summary: Decodable {
        struct Facts: Decodable { var interrupted: String? }
        var seconds: Double
        var verdict: Facts
        var gate: GateRecord?
    }

    case header(RunHeader)
    /// A header of a record format this kit does not read.
    case otherVersion(Int)
    case suite(SuiteRecord)
    case failure(FailureRecord)
    case error(ErrorRecord)
    case `case`(CaseRecord)
    case summary(Summary)
    case unknown(String)

    init(from decoder: any Decoder) throws {
        struct Kind: Decodable { var type: String }
        struct Version: Decodable { var formatVersion: Int? }
        func read<T: Decodable>(_ type: T.Type, _ what: String) throws(Invalid) -> T {
            do { return try T(from: decoder) } catch { throw Invalid(what: what, error: error) }
        }
        switch try read(Kind.self, "JSON-lines").type {
        case "header":
            let version = try read(Version.self, "header").formatVersion ?? 1
            self =
                version == RecordFormat.version ? .header(try read(RunHeader.self, "header")) : .otherVersion(version)
        case "suite": self = .suite(try read(SuiteRecord.self, "suite"))
        case "failure": self = .failure(try read(FailureRecord.self, "failure"))
        case "error": self = .error(try read(ErrorRecord.self, "error"))
        case "case": self = .case(try read(CaseRecord.self, "case"))
        case "summary": self = .summary(try read(Summary.self, "summary"))
        case let other: self = .unknown(other)
        }
    }
}
