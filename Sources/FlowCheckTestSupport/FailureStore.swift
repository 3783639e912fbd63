import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import Foundation

/// The runs that failed before, kept in a file so that the next test replays them first, as Hypothesis's example
/// database does: a bug found once at a fresh seed is not lost when the next run draws other cases.
///
/// JSON shape: `{"failures": [{"maxSteps": 30, "run": 19, "seed": 7, "strict": false, "suite": "runtime"}]}`,
/// sorted. An entry whose run passes again is dropped.
struct FailureStore: Codable, Hashable {
    /// One failed run: the suite, the seed and the run index that replay it alone.
    struct Entry: Codable, Hashable, Comparable {
        var suite: String
        var seed: UInt64
        var run: Int
        var maxSteps: Int?
        var strict: Bool

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.suite, lhs.seed, lhs.run) < (rhs.suite, rhs.seed, rhs.run)
        }

        /// The entry a failure's replay names, when it names a run.
        init?(_ replay: Replay) {
            guard let run = replay.run else { return nil }
            self.init(
                suite: replay.suite.rawValue, seed: replay.seed, run: run, maxSteps: replay.maxSteps,
                strict: replay.strict)
        }

        init(suite: String, seed: UInt64, run: Int, maxSteps: Int?, strict: Bool) {
            self.suite = suite
            self.seed = seed
            self.run = run
            self.maxSteps = maxSteps
            self.strict = strict
        }
    }

    var failures: [Entry] = []

    /// The store at `path`; empty when the file does not exist yet or cannot be read (it is a cache, never an input
    /// a test depends on).
    static func load(_ path: String) -> FailureStore {
        guard let data = FileManager.default.contents(atPath: path),
            let store = try? JSONDecoder().decode(FailureStore.self, from: data)
        else { return FailureStore() }
        return store
    }

    /// Writes the store whole, sorted; a store with no entry removes the file.
    func save(_ path: String) {
        let url = URL(fileURLWithPath: path)
        guard !failures.isEmpty else {
            try? FileManager.default.removeItem(at: url)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var sorted = self
        sorted.failures = Array(Set(failures)).sorted()
        guard let data = try? encoder.encode(sorted) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url, options: .atomic)
    }
}
