/// Walks an implementation's trace and says which invariants it broke, and where.
///
/// The monitor derives each step's ``Observation/Effect`` from the trace alone:
/// it remembers the optimistic change the implementation said it applied, and
/// the stack the implementation showed before it, so that a later FAILED can be
/// judged against the implementation's own history.
public struct TraceMonitor: Sendable {
    /// The invariants checked, by default the whole ``InvariantCatalogue``.
    public var invariants: [Invariant]
    /// The profile in force.
    public var profile: NavigationProfile

    private var pending: (directive: NavigationDirective, base: ScreenStack)?

    /// Creates a monitor.
    public init(profile: NavigationProfile, invariants: [Invariant] = InvariantCatalogue.all) {
        self.profile = profile
        self.invariants = invariants
    }

    /// Observes one step and returns the invariants it broke, in catalogue order.
    public mutating func observe(
        before: SessionState, command: NavigationCommand, reply: NavigationReply, step: Int
    ) -> [Violation] {
        let effect = effect(of: command, before: before)
        switch command {
        case .optimistic(let directive):
            if pending == nil && reply.outcome.isApplied { pending = (directive, before.stack) }
        case .navigate:
            pending = nil
        }
        let observation = StepObservation(
            before: before, command: command, reply: reply, profile: profile, effect: effect)
        return invariants.compactMap { invariant in
            invariant.holds(observation)
                ? nil
                : Violation(invariant: invariant.id, rule: invariant.rule, step: step, message: invariant.message)
        }
    }

    /// Checks a whole trace that starts at `initial` (nothing pending).
    public static func violations(
        profile: NavigationProfile, initial: ScreenStack, steps: [(command: NavigationCommand, reply: NavigationReply)],
        invariants: [Invariant] = InvariantCatalogue.all
    ) -> [Violation] {
        var monitor = TraceMonitor(profile: profile, invariants: invariants)
        var before = SessionState(stack: initial, pendingID: nil)
        var result: [Violation] = []
        for (index, step) in steps.enumerated() {
            result += monitor.observe(before: before, command: step.command, reply: step.reply, step: index)
            before = step.reply.state
        }
        return result
    }

    private func effect(of command: NavigationCommand, before: SessionState) -> StepObservation.Effect {
        switch command {
        case .optimistic(let directive):
            return pending == nil ? .apply(directive, base: before.stack, afterRollback: false) : .optimisticInFlight
        case .navigate(let directive):
            guard let current = pending else {
                guard let directive else { return .noNavigation }
                return .apply(directive, base: before.stack, afterRollback: false)
            }
            guard let directive else { return .noNavigation }
            if let id = directive.id, id == current.directive.id, directive.asksForSameChange(as: current.directive) {
                return .confirm
            }
            if directive.mode == .failed { return .rollback(base: current.base) }
            return .apply(directive, base: current.base, afterRollback: true)
        }
    }
}
