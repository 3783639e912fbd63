import Synchronization

/// A request, from outside a check, to stop it after the run under way (on SIGINT, say).
///
/// A check that sees it stops as a time limit would, and says it was interrupted; what it found so far is kept.
public final class StopRequest: Sendable {
    private let state = Mutex<(requested: Bool, urgent: Bool, reason: String?, actions: [@Sendable () -> Void])>(
        (false, false, nil, []))

    /// Creates a request that has not been made.
    public init() {}

    /// Whether the stop was requested.
    public var isRequested: Bool { state.withLock { $0.requested } }

    /// Whether it was requested again: what exists is to be kept without another call into the implementation.
    public var isUrgent: Bool { state.withLock { $0.urgent } }

    /// Why it was requested, such as `SIGINT`.
    public var reason: String? { state.withLock { $0.reason } }

    /// Requests the stop, and runs the actions registered for it (once); a second request makes it urgent.
    public func request(reason: String) {
        let actions = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.requested else {
                state.urgent = true
                return []
            }
            state.requested = true
            state.reason = reason
            defer { state.actions = [] }
            return state.actions
        }
        for action in actions { action() }
    }

    /// Runs `action` when the stop is requested (at once if it already was), such as stopping a child process so
    /// that a call blocked on it returns.
    public func onRequest(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.requested { return true }
            state.actions.append(action)
            return false
        }
        if now { action() }
    }
}
