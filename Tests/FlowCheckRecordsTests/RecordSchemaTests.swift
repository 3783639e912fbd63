import FlowCheckCommands
import FlowCheckRecords
import Foundation
import SchemaValidation
import Testing

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let recordSchemas = SchemaValidator(folder: repository.appendingPathComponent("Sources/FlowCheckRecords/Schemas"))

/// The JSON lines `flowcheck` writes for `arguments`.
func recordLines(_ arguments: [String]) throws -> [String] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flowcheck-records-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = FlowCheckCommand.main(
        arguments + ["--no-html", "--json", file.path],
        console: Console(out: { _ in }, err: { _ in }, isTerminal: false))
    return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
}

@Suite("Record schemas")
struct RecordSchemaTests {
    @Test(
        "Every record a run writes matches the JSON Schema of its type, and every record type is seen and has a schema")
    func recordsMatchSchemas() throws {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowcheck-records-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: corpus.appendingPathComponent("navigation"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: corpus) }
        try FileManager.default.copyItem(
            at: repository.appendingPathComponent("Corpus/navigation/base-rule-modal.json"),
            to: corpus.appendingPathComponent("navigation/base-rule-modal.json"))
        try Data("{ not a case".utf8).write(to: corpus.appendingPathComponent("navigation/broken.json"))
        // Exits at its first command, then will not start again: a breakdown that cannot be shrunk is an error.
        let started = corpus.appendingPathComponent("started").path
        let erroring =
            #"[ -e \#(started) ] && exit 4; touch \#(started); read l; echo '{"seq":0,"protocol":1,"implementation":{"name":"broken","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["PUSH","POP"],"behaviors":["KEEP"],"nesting":"owned"}}'; read l; exit 3"#
        let runs = [
            ["run", "--sut", "builtin:mutant:remove-previous-top-run", "--seed", "1"],
            ["run", "--sut", "builtin:mutant:decoder-unknown-type-drops-siblings", "--seed", "1"],
            [
                "run", "--sut", "builtin:sample", "--seed", "1", "--runs", "3", "--spec",
                repository.appendingPathComponent("Corpus/specs/shop.ruf.yaml").path,
            ],
            ["run", "--sut", erroring, "--seed", "1", "--runs", "3"],
            ["corpus", "run", "--sut", "builtin:sample", "--corpus", corpus.path],
        ]
        var seen: Set<String> = []
        for arguments in runs {
            for line in try recordLines(arguments) {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let type = try #require(object["type"] as? String)
                seen.insert(type)
                let problems = try recordSchemas.validate(object, file: "\(type).record.schema.json")
                #expect(problems.isEmpty, "\(arguments.prefix(3)) \(type): \(problems)")
            }
        }
        #expect(seen == ["header", "suite", "failure", "error", "case", "summary"])
        let files = try FileManager.default.contentsOfDirectory(atPath: recordSchemas.folder.path)
        #expect(
            Set(files.filter { $0.hasSuffix(".record.schema.json") }) == Set(seen.map { "\($0).record.schema.json" }))
    }

    @Test("A record from another format version is refused with both versions named")
    func formatVersion() throws {
        var lines = try recordLines([
            "run", "--sut", "builtin:sample", "--suite", "navigation", "--seed", "1", "--runs", "5",
        ])
        lines[0] = lines[0].replacingOccurrences(of: "\"formatVersion\":3", with: "\"formatVersion\":7")
        #expect { try RunRecord.read([("old.jsonl", lines.joined(separator: "\n"))]) } throws: { error in
            (error as? RecordError)?.description == "old.jsonl:1: written in record format 7; this kit reads format 3"
        }
    }

    @Test("A damaged record names its type and the field, an unknown type is named, and each names its line")
    func damagedRecords() throws {
        let lines = try recordLines([
            "run", "--sut", "builtin:sample", "--suite", "navigation", "--seed", "1", "--runs", "5",
        ])
        let suiteLine = try #require(lines.firstIndex { $0.contains(#""type":"suite""#) })
        var damaged = lines
        damaged[suiteLine] = damaged[suiteLine].replacingOccurrences(of: #""runs":"#, with: #""ran":"#)
        #expect { try RunRecord.read([("damaged.jsonl", damaged.joined(separator: "\n"))]) } throws: { error in
            (error as? RecordError)?.description
                == "damaged.jsonl:\(suiteLine + 1): not a valid suite record: $.runs is missing"
        }
        var unknown = lines
        unknown[suiteLine] = #"{"type":"sweet"}"#
        #expect { try RunRecord.read([("unknown.jsonl", unknown.joined(separator: "\n"))]) } throws: { error in
            (error as? RecordError)?.description == "unknown.jsonl:\(suiteLine + 1): unknown record type \"sweet\""
        }
        var broken = lines
        broken[suiteLine] = #"{"type": "suite", "#
        #expect { try RunRecord.read([("broken.jsonl", broken.joined(separator: "\n"))]) } throws: { error in
            (error as? RecordError)?.description.hasPrefix("broken.jsonl:\(suiteLine + 1): not JSON at column ") == true
        }
    }
}
