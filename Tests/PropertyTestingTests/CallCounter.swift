import Synchronization

/// Counts calls from any thread: how many times a property's test or pass ran.
final class CallCounter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
