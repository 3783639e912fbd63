import FlowCheckEngine
import FlowCheckRecords
import FlowCheckSuites
import PropertyTesting
import SampleImplementations

/// Seeds for fuzzing the record reader: the JSON lines of real runs, failures and all. The corpus holds no records
/// (a record is what a user's run writes), so they are made here, with every wall-clock figure zeroed so that the
/// same fuzz seed mutates the same bytes.
enum RecordSeeds {
    /// Small runs (a large record makes every input slow to read): a navigation mutant, one shard of it, a decoder
    /// mutant and a client mutant, each with a failure or two and its coverage.
    static func texts() -> [String] {
        let runs: [(String, Shard?)] = [
            ("builtin:mutant:remove-previous-top-run", nil),
            ("builtin:mutant:remove-previous-top-run", Shard(index: 0, count: 2)),
            ("builtin:mutant:decoder-unknown-type-drops-siblings", nil), ("builtin:mutant:client-append-replaces", nil),
        ]
        return runs.compactMap { name, shard in
            guard let implementation = BuiltinImplementations.named(name),
                let result = try? ConformanceRunner(
                    implementation: implementation,
                    options: .init(seed: 1, runs: 10, shard: shard, maxFailures: 2)
                ).run()
            else { return nil }
            return result.timeless.text
        }
    }
}
