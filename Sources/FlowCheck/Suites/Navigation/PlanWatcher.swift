import NavigationModel

/// Follows a plan as the generator draws it: the run's start, then each step once the model has taken it.
///
/// The generator is generic over its watcher, so a plan drawn with ``NoWatcher`` costs nothing more than before.
protocol PlanWatcher {
    /// The run starts at `initial` with `profile`; no step was drawn yet.
    mutating func start(at initial: ScreenStack, profile: Profile)
    /// The model took `command`, with `outcome`, and now stands at `model`.
    mutating func step(_ command: Command, outcome: Outcome, model: borrowing Session)
}

/// Watches nothing: plans drawn to be checked afterwards.
struct NoWatcher: PlanWatcher {
    @inline(__always) func start(at initial: ScreenStack, profile: Profile) {}
    @inline(__always) func step(_ command: Command, outcome: Outcome, model: borrowing Session) {}
}
