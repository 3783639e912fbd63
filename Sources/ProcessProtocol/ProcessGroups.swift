import Foundation
import Synchronization

/// Every process group the kit has started and not yet reaped, so that a signal to the kit reaches them all.
///
/// A `flowcheck` command stopped by SIGINT or SIGTERM ends its implementations with SIGTERM, then SIGKILL after a
/// grace period (a call blocked on one then returns, even during hello); a second signal ends them with SIGKILL.
package enum ProcessGroups {
    private static let live = Mutex<Set<pid_t>>([])
    static func started(_ group: pid_t) { _ = live.withLock { $0.insert(group) } }

    static func ended(_ group: pid_t) { _ = live.withLock { $0.remove(group) } }

    /// The groups the kit runs now (each led by the process it started).
    static var liveGroups: Set<pid_t> { live.withLock { $0 } }

    /// Sends `signal` to every live group; returns how many there were.
    @discardableResult
    package static func signalAll(_ signal: Int32) -> Int {
        let groups = live.withLock { $0 }
        for group in groups { kill(-group, signal) }
        return groups.count
    }
}
