import ArgumentParsing
import FlowCheckCore
import FlowCheckRecords
import Foundation
import JSON

/// `flowcheck report`: renders JSON-lines records, one run or the shards of one run merged.
struct ReportCommand: Subcommand {
    static let definition = CommandDefinition(
        "report", abstract: "Render JSON-lines records (one run, or the shards of one run merged) as reports.",
        discussion: """
            Writes the HTML report to Reports/<implementation>.html unless another output (--json, --junit, --markdown,
            --badge) is asked for without --html.

            EXIT CODES: 0 conforming (or, with --skip or --baseline, or a gate recorded in the input, the gate passed);
            1 not conforming; 2 a usage error or an unreadable input.
            """,
        options: OutputOptions.options(defaultHTML: RunCommand.defaultHTML) + GatingOptions.options,
        flags: OutputOptions.flags + GatingOptions.flags,
        positionals: [.init("jsonl", help: "JSON-lines files written by run --json.", variadic: true)])

    var files: [String]
    var outputs: OutputOptions
    var gating: GatingOptions

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        files = parsed.positionals
        outputs = try OutputOptions(parsed, defaultHTML: RunCommand.defaultHTML, htmlOnlyAlone: true)
        gating = try GatingOptions(parsed)
    }

    func run(_ console: Console) throws(ArgumentError) -> ExitCode {
        var texts: [(name: String, text: String)] = []
        for path in files {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ArgumentError(code: .invalidValue, message: "no such file: \(path)", commandPath: ["report"])
            }
            guard let data = FileManager.default.contents(atPath: path).map(ByteOrderMark.dropped) else {
                throw ArgumentError(code: .invalidValue, message: "\(path) cannot be read", commandPath: ["report"])
            }
            if let long = RecordFormat.overlongLine(in: data) {
                throw ArgumentError(
                    code: .invalidValue,
                    message: "\(path):\(long.line): a line of more than 64 MB: a record line may be at most 64 MB",
                    commandPath: ["report"])
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                let place = InvalidUTF8.first(in: data).map { "\($0.line): at byte \($0.column) of the line" } ?? "1"
                throw ArgumentError(
                    code: .invalidValue, message: "\(path):\(place): not UTF-8 text", commandPath: ["report"])
            }
            texts.append((path, text))
        }
        let read: RunRecord
        do { read = try RunRecord.read(texts) } catch {
            console.err("error: \(error)")
            return .usage
        }
        let (record, decision) = gating.gated(read)
        guard outputs.write(record, console: console) else { return .failure }
        let exercised = record.verdict.exercised.map(\.description)
        console.out(
            "\(counted(record.shards, "file")): "
                + ([counted(record.verdict.runs, "run")] + exercised).joined(separator: ", ")
                + ", \(counted(record.verdict.failures, "failure")); verdict \(record.verdict.overall.rawValue)")
        console.out("Verdict: \(record.verdict.sentence)")
        // Merged shards are gated like a single run, so a sharded CI job can keep its skip list and baseline.
        return gating.exitCode(record, decision: decision, console: console)
    }
}
