import Foundation
import Fuzzing
import Testing

let regressionFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")
let corpusFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Corpus")

@Suite("Fuzzing")
struct FuzzingTests {
    @Test(
        "Every input that once crashed or hung a reader is read again, and returns",
        arguments: FuzzTarget.all.map(\.name))
    func regressions(target name: String) throws {
        let target = try #require(FuzzTarget.all.first { $0.name == name })
        let folder = regressionFolder.appendingPathComponent(name)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!files.isEmpty, "no regression inputs for \(name)")
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            target.execute(String(decoding: data, as: UTF8.self))
        }
    }

    @Test(
        "A short fuzz run of every target (the million-input runs are Benchmarks/fuzz.sh)",
        arguments: FuzzTarget.all.map(\.name))
    func shortRun(target name: String) throws {
        let target = try #require(FuzzTarget.all.first { $0.name == name })
        let summary = FuzzCampaign(target: target, seed: 20261123, corpus: corpusFolder).run(inputs: 1_500)
        #expect(summary.inputs == 1_500)
    }

    @Test("The mutator is deterministic and starts from the corpus")
    func deterministic() throws {
        let target = try #require(FuzzTarget.all.first { $0.name == "json" })
        let seeds = target.seeds(corpus: corpusFolder)
        #expect(seeds.count > 10)
        var a = Mutator(seed: 5, seeds: seeds, tokens: target.tokens),
            b = Mutator(seed: 5, seeds: seeds, tokens: target.tokens)
        for _ in 0..<200 { #expect(a.next() == b.next()) }
    }
}
