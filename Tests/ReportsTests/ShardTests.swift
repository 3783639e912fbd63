import FlowCheckCommands
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import FlowCheckSuites
import NavigationModel
import PropertyTesting
import Reports
import SampleImplementations
import Testing

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
            files.append(("shard-\(index + 1).jsonl", try Fixtures.lines(SampleNavigator(), seed: 8, shard: shard)))
        }
        let merged = try RunRecord.read(files)
        #expect(merged.shards == 3)
        #expect(merged.verdict.runs == whole.verdict.runs && merged.verdict.exercised == whole.verdict.exercised)
        #expect(merged.suites.map { Set($0.coverage) } == whole.suites.map { Set($0.coverage) })
        #expect(merged.verdict.overall == .conforming)
        // One shard alone, a shard twice, or a whole run among shards is refused, naming what is wrong.
        #expect { try RunRecord.read([files[0]]) } throws: { error in
            "\(error)" == "shard-1.jsonl: an incomplete set of shards: 2/3, 3/3 are missing"
        }
        #expect { try RunRecord.read([files[0], files[1], files[1]]) } throws: { error in
            "\(error)" == "shard-2.jsonl:1: shard 2/3 is given twice (also shard-2.jsonl)"
        }
        let wholeText = try Fixtures.lines(SampleNavigator(), seed: 8)
        #expect(throws: RecordError.self) { try RunRecord.read(files + [("whole.jsonl", wholeText)]) }
    }

    @Test("Merged shards fold failures by cause as one run does: no rule set listed twice, none a combination")
    func mergeFoldsByCause() throws {
        let mutant = SampleNavigator(bug: .removePreviousTopRun)
        var files: [(name: String, text: String)] = []
        for index in 0..<3 {
            let shard = try #require(Shard("\(index + 1)/3"))
            files.append(
                (
                    "shard-\(index + 1).jsonl",
                    try Fixtures.lines(mutant, seed: 5, suites: [.navigation, .session], shard: shard)
                ))
        }
        let merged = try RunRecord.read(files)
        let whole = try RunRecord.read([
            ("whole.jsonl", try Fixtures.lines(mutant, seed: 5, suites: [.navigation, .session]))
        ])
        let sets = merged.failures.map { Set($0.ruleIDs) }
        #expect(Set(sets).count == sets.count, "\(sets)")
        #expect(Set(sets) == Set(whole.failures.map { Set($0.ruleIDs) }))
        // And with the same runs behind them: the shards' failing runs add up to the whole run's (a run whose
        // combination of causes was folded may count under either of its causes, so the total is compared).
        let runs = { (record: RunRecord) in record.failures.map(\.occurrences).reduce(0, +) }
        #expect(runs(merged) == runs(whole), "\(merged.failures.map(\.occurrences)) against \(runs(whole))")
    }

    @Test("A sharded failure's replay command runs its one run alone, which needs no shard")
    func shardedReplay() throws {
        let mutant = SampleNavigator(bug: .popToBottomMost)
        var sharded = ConformanceRunner(
            implementation: mutant, options: .init(seed: 5, suites: [.navigation], shard: Shard(index: 1, count: 2)))
        sharded.replayText = CommandLineReplay(sut: "builtin:mutant:pop-to-bottom-most").text
        let result = try sharded.run()
        let failure = try #require(result.failures.first)
        let run = try #require(
            failure.replay.split(separator: "--run ").last?.split(separator: " ").first.flatMap { Int($0) })
        #expect(
            failure.replay
                == "flowcheck run --sut builtin:mutant:pop-to-bottom-most --suite navigation --seed 5 --run \(run) --max-steps 30"
        )
        var options = ConformanceRunner.Options(seed: 5, suites: [.navigation])
        options.onlyRun = run
        #expect(
            try ConformanceRunner(implementation: mutant, options: options).run().failures.map(\.origin) == [
                failure.origin
            ])
    }
}
