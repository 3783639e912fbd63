import Foundation

/// The one thread every implementation process is started from when it gets a parent-death signal.
///
/// Linux sends that signal when the *thread* that started the process ends, not the process: a worker thread that
/// ended after its suite would kill the implementation it started, and the next suite would read that as a crash.
/// This thread never ends.
final class LaunchThread: @unchecked Sendable {
    static let shared = LaunchThread()

    private let condition = NSCondition()
    private var queue: [() -> Void] = []

    private init() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while queue.isEmpty { condition.wait() }
                let next = queue.removeFirst()
                condition.unlock()
                next()
            }
        }
        thread.name = "flowcheck-launch"
        thread.start()
    }

    /// Runs `body` on this thread and returns its result, blocking the caller until it has. (Escaping: the thread
    /// may still hold the closure for a moment after the caller has its result.)
    func run<T>(_ body: @escaping () -> T) -> T {
        let slot = ResultSlot<T>()
        let done = DispatchSemaphore(value: 0)
        condition.lock()
        queue.append {
            slot.value = body()
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        return slot.value!
    }
}

/// Where the launch thread leaves a result for the caller that waits for it.
private final class ResultSlot<T>: @unchecked Sendable {
    var value: T?
}
