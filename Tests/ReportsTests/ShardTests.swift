import Testing
import FlowCheck
import PropertyTesting
import Reports
import SampleImplementations

@Suite("Shards")
struct ShardTests {
    @Test("Shards split runs deterministically and cover every run exactly once")
    func shardShares() {
        #expect(Shard("2/4") == Shard(index: 1, count: 4))
        #expect(Shard("0/4") == nil && Shard("5/4") == nil && Shard("x") == nil)
        for total in [0, 1, 7, 400] {
            #expect((0..<3).map { Shard(index: $0, count: 3).share(of: total) }.reduce(0, +) == total)
        }
    }

    @Test("Merging the shards' JSON lines gives the same counts and coverage as one unsharded run with the same seed")
    func mergeEqualsUnsharded() throws {
        let whole = try Fixtures.input(SampleNavigator(), seed: 8)
        var files: [(name: String, text: String)] = []
        for index in 0..<3 {
            let shard = Shard(index: index, count: 3)
            let result = ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 8, shard: shard)).run()
            #expect(result.verdict == .conforming, "a shard judges divergence only")
            files.append(("shard-\(index + 1).jsonl", JSONLinesReport.lines(result, shard: shard.description).joined(separator: "\n") + "\n"))
        }
        let merged = try ReportInput.read(files)
        #expect(merged.shards == 3)
        #expect(merged.runs == whole.runs && merged.steps == whole.steps)
        #expect(merged.coverage.map { Set($0.rows) } == whole.coverage.map { Set($0.rows) })
        #expect(merged.verdict == .conforming)
        // One shard alone misses coverage that the merge has.
        let alone = try ReportInput.read([files[0]])
        #expect(alone.runs < whole.runs)
    }

    @Test("A sharded failure's replay command names its shard")
    func shardedReplay() throws {
        let result = ConformanceRunner(implementation: SampleNavigator(bug: .popToBottomMost),
                                       options: .init(seed: 5, suites: [.navigation], sut: "builtin:mutant:pop-to-bottom-most",
                                                     shard: Shard(index: 1, count: 2))).run()
        #expect(try #require(result.failures.first).replay
            == "flowcheck run --sut builtin:mutant:pop-to-bottom-most --suite navigation --seed 5 --runs 400 --max-steps 30 --shard 2/2")
    }
}
