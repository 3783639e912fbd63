import FlowCheckClientSuite
import FlowCheckDecodingSuite
import FlowCheckRecords
import FlowSchema
package import Foundation
import GoldenCorpus
import JSON
import Reports
import RUFSpec
import YAML
import FlowCheckNavigationSuite

/// A reader under fuzzing: its seed inputs, the tokens of its syntax, and one execution that must return
/// (a thrown error is fine; a crash or a hang is a finding).
package struct FuzzTarget: Sendable {
    /// The target's name: `json`, `decoder`, `yaml`, `spec`, `corpus` or `report`.
    package var name: String
    /// The files of `Corpus/` it starts from (paths relative to the corpus folder ending in one of these).
    package var seedSuffixes: [String]
    /// The tokens of its syntax.
    package var tokens: [String]
    /// Seeds it makes itself, for inputs the corpus does not hold.
    package var madeSeeds: @Sendable () -> [String] = { [] }
    /// Runs the reader on one input.
    package var execute: @Sendable (String) -> Void

    /// Every target.
    package static let all: [FuzzTarget] = [
        FuzzTarget(
            name: "json", seedSuffixes: [".json"],
            tokens: ["\"a\":", "[[[[", "{\"a\":{", "1.5e308", "-", "+1", "01", "\\\""]
        ) {
            _ = try? JSONParser.parse($0)
        },
        FuzzTarget(
            name: "decoder", seedSuffixes: [".json"],
            tokens: [
                "\"nodes\":", "\"layout\":", "\"children\":[", "\"type\":\"stack\"", "\"schema_version\":\"9.0\"",
                "\"version\":",
            ]
        ) { text in
            _ = ReferenceFlowDecoder.decode(text)
            _ = ReferenceFlowDecoder.decode(text, options: DecoderOptions(componentTypes: ["text"], migrations: false))
        },
        FuzzTarget(
            name: "yaml", seedSuffixes: [".yaml"],
            tokens: ["- ", ": ", "|", ">", "&a", "*a", "!!str", "? ", "---", "'", "  "]
        ) {
            _ = try? YAMLParser.parse($0)
        },
        FuzzTarget(
            name: "spec", seedSuffixes: [".yaml"],
            tokens: [
                "$ref: ", "'#/shared/", "navigates_to:", "screens:", "behavior: ", "components:", "- rel: ", "- type: ",
                "versions:", "mergeStrategy: ", "Record<string, ", "[]",
            ]
        ) { text in
            // The root file is the input; a $ref in it resolves to itself or to nothing.
            let spec = SpecReader { $0 == "root.ruf.yaml" ? text : nil }.spec(file: "root.ruf.yaml")
            _ = SpecLinter.lint(spec)
        },
        FuzzTarget(
            name: "corpus", seedSuffixes: [".json"],
            tokens: [
                "\"steps\":[", "\"expect\":", "\"initial\":[", "\"rules\":[", "\"mode\":\"POP\"", "\"input\":",
                "\"document\":", "\"level\":\"SHOULD\"", "\\ud800", "null",
            ]
        ) { text in
            // Every reader of a golden case: a navigation or session case, a client case (completed or not), a
            // decoding case.
            let data = Data(text.utf8)
            _ = try? CorpusLoader.decode(data, file: "fuzz.json")
            _ = try? ClientGoldenCase.read(data, file: "fuzz.json")
            _ = try? ClientGoldenCase.read(data, file: "fuzz.json", computingExpectations: true)
            _ = try? DecodingGoldenCase.read(data, file: "fuzz.json")
        },
        FuzzTarget(
            name: "report", seedSuffixes: [],
            tokens: [
                "{\"type\":\"header\"", "{\"type\":\"failure\"", "{\"type\":\"summary\"", "\"formatVersion\":",
                "\"shard\":\"2/2\"", "\"rules\":[", "\n", "null", "1e999",
            ],
            madeSeeds: RecordSeeds.texts
        ) { text in
            // Read alone and as two shards of one run, and each record read rendered as every report.
            for files in [[("fuzz.jsonl", text)], [("a.jsonl", text), ("b.jsonl", text)]] {
                guard let record = try? RunRecord.read(files) else { continue }
                _ = HTMLReport.render(record)
                _ = MarkdownReport.render(record)
                _ = JUnitReport.render(record)
            }
        },
    ]

    /// The seed inputs: every corpus file whose path ends with one of the target's suffixes.
    package func seeds(corpus: URL) -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        let files = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            if seedSuffixes.contains(where: url.path.hasSuffix),
                let data = FileManager.default.contents(atPath: url.path)
            {
                seeds.append(Array(data))
            }
        }
        return (seeds + madeSeeds().map { Array($0.utf8) }).sorted { $0.lexicographicallyPrecedes($1) }
    }
}
