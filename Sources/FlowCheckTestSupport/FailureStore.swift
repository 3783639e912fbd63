import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import Foundation
import Synchronization

/// The runs that failed before, kept in a file so that the next test replays them first, as Hypothesis's example
/// database does: a bug found once at a fresh seed is not lost when the next run draws other cases.
///
/// JSON shape: `{"failures": [{"implementation": "route-stack", "maxSteps": 30, "run": 19, "seed": 7,
/// "strict": false, "suite": "runtime"}]}`, sorted. An entry whose run passes again is dropped.
///
/// Several tests may share one store: each entry names the implementation (by the name it gives in its `info`) whose
/// run failed, and a test replays and rewrites only its own. A test saves by reading the file again and merging,
/// under a lock held by every test of the process, so that tests running in parallel do not lose each other's
/// entries.
struct FailureStore: Codable, Hashable {
    /// One failed run: the implementation, the suite, the seed and the run index that replay it alone.
    struct Entry: Codable, Hashable, Comparable {
        /// The implementation's name; `nil` in a store written before entries had one (replayed by every test).
        var implementation: String?
        var suite: String
        var seed: UInt64
        var run: Int
        var maxSteps: Int?
        var strict: Bool

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.implementation ?? "", lhs.suite, lhs.seed, lhs.run)
                < (rhs.implementation ?? "", rhs.suite, rhs.seed, rhs.run)
        }

        /// The entry a failure's replay names, when it names a run.
        init?(_ replay: Replay, implementation: String) {
            guard let run = replay.run else { return nil }
            self.init(
                implementation: implementation, suite: replay.suite.rawValue, seed: replay.seed, run: run,
                maxSteps: replay.maxSteps, strict: replay.strict)
        }

        init(implementation: String?, suite: String, seed: UInt64, run: Int, maxSteps: Int?, strict: Bool) {
            self.implementation = implementation
            self.suite = suite
            self.seed = seed
            self.run = run
            self.maxSteps = maxSteps
            self.strict = strict
        }
    }

    var failures: [Entry] = []

    /// Serialises every test's read-merge-write of a store within the process.
    private static let lock = Mutex(())

    /// The entries of one implementation (and those of a store that names none).
    func entries(of implementation: String) -> [Entry] {
        failures.filter { $0.implementation == nil || $0.implementation == implementation }
    }

    /// Reads the store at `path` again and replaces `removed` with `added`, leaving every other entry (another
    /// test's) as the file has it now.
    static func update(_ path: String, removing removed: [Entry], adding added: [Entry]) {
        lock.withLock { _ in
            var store = load(path)
            let gone = Set(removed)
            store.failures = store.failures.filter { !gone.contains($0) } + added
            store.save(path)
        }
    }

    /// The store at `path`; empty when the file does not exist yet or cannot be read (it is a cache, never an input
    /// a test depends on).
    static func load(_ path: String) -> FailureStore {
        guard let data = FileManager.default.contents(atPath: path),
            let store = try? JSONDecoder().decode(FailureStore.self, from: data)
        else { return FailureStore() }
        return store
    }

    /// Writes the store whole, sorted; a store with no entry removes the file.
    private func save(_ path: String) {
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
