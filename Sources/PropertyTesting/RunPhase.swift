#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The generated run the calling thread is computing for the engine, if any: `nil` in a replay, a shrink's candidate
/// or a suite's own judging.
///
/// Workers compute runs ahead of the engine, and how far ahead depends on timing: a run past the one the engine stops
/// at is computed with some `--jobs` and not with others. What a system under test does during such a run (a
/// breakdown it recovered from) must not reach the result; with this and ``CheckResult/lastTakenRun`` it need not.
/// A thread-local value of the thread's own: a task-local, bound for every run, cost a run more than a thousand
/// instructions.
package enum RunPhase {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "a thread-local key for the current run")
        return key
    }()

    /// The generated run the calling thread is computing, if any.
    package static var generatedRun: UInt64? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return UInt64(UInt(bitPattern: pointer) - 1)
    }

    /// Runs `body` on this thread as the computation of generated run `index`.
    package static func generating<T>(_ index: UInt64, _ body: () throws -> T) rethrows -> T {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(index) + 1))
        defer { pthread_setspecific(key, nil) }
        return try body()
    }
}
