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
            EXIT CODES: 0 conforming (or, with --skip or --baseline, the gate passed); 1 not conforming; 2 a usage error
            or an unreadable input.
            """,
        options: OutputOptions.options(defaultHTML: RunCommand.defaultHTML) + GatingOptions.options,
        flags: OutputOptions.flags + GatingOptions.flags,
        positionals: [.init("jsonl", help: "JSON-lines files written by run --json.", variadic: true)])

    var files: [String]
    var outputs: OutputOptions
    var gating: GatingOptions

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        files = parsed.positionals
        outputs = try OutputOptions(parsed, defaultHTML: RunCommand.defaultHTML)
        gating = try GatingOptions(parsed)
    }

    /// `N: at byte B of the line`: where the first byte that is not UTF-8 is.
    static func firstInvalidUTF8(_ data: Data) -> String {
        var line = 1
        var column = 1
        var decoder = UTF8()
        var bytes = data.makeIterator()
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += UTF8.width(scalar)
                }
            case .emptyInput:
                return "\(line)"
            case .error:
                return "\(line): at byte \(column) of the line"
            }
        }
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
            guard let text = String(data: data, encoding: .utf8) else {
                throw ArgumentError(
                    code: .invalidValue, message: "\(path):\(Self.firstInvalidUTF8(data)): not UTF-8 text",
                    commandPath: ["report"])
            }
            texts.append((path, text))
        }
        let record: RunRecord
        do { record = try RunRecord.read(texts) } catch {
            console.err("error: \(error)")
            return .usage
        }
        guard outputs.write(record, console: console) else { return .failure }
        let exercised = record.verdict.exercised.map(\.description)
        console.out(
            "\(counted(record.shards, "file")): "
                + ([counted(record.verdict.runs, "run")] + exercised).joined(separator: ", ")
                + ", \(counted(record.verdict.failures, "failure")); verdict \(record.verdict.overall.rawValue)")
        console.out("Verdict: \(record.verdict.sentence)")
        // Merged shards are gated like a single run, so a sharded CI job can keep its skip list and baseline.
        return gating.exitCode(record, console: console)
    }
}
