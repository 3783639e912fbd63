import Foundation

/// A value computed once per implementation and remembered for the run; the implementation is held weakly, so that
/// an entry whose implementation is gone (and whose identifier a new one may reuse) is recognized as stale.
final class ImplementationMemo<Value>: @unchecked Sendable {
    private final class Entry {
        weak var implementation: AnyObject?
        var value: Value
        init(_ implementation: AnyObject, _ value: Value) {
            self.implementation = implementation
            self.value = value
        }
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func value(for implementation: AnyObject, compute: () -> Value) -> Value {
        let id = ObjectIdentifier(implementation)
        lock.lock()
        if let entry = entries[id], entry.implementation === implementation {
            lock.unlock()
            return entry.value
        }
        lock.unlock()
        let value = compute()
        lock.lock()
        defer { lock.unlock() }
        entries = entries.filter { $0.value.implementation != nil }
        entries[id] = Entry(implementation, value)
        return value
    }
}
