import FlowCheckEngine
import NavigationModel

/// Follows a plan as the generator draws it: the run's start, then each step once the model has taken it.
///
/// The generator is generic over its watcher, so a plan drawn with ``NoWatcher`` costs nothing more than before.
protocol PlanWatcher {
    /// Whether the plan drawn keeps its commands and its initial stack. A watcher that checks each step as it is drawn
    /// may let them go: then each step's directive is freed at the end of its step, rather than all of a run's at its
    /// end, and the session's stack is its own from the first step.
    static var keepsCommands: Bool { get }
    /// The run starts at `initial` with `profile`; no step was drawn yet.
    mutating func start(at initial: ScreenStack, profile: NavigationProfile)
    /// The model took `command`, with `outcome`, and now stands at `model`.
    mutating func step(_ command: NavigationCommand, outcome: NavigationOutcome, model: borrowing NavigationSession)
}

/// Watches nothing: plans drawn to be checked afterwards.
struct NoWatcher: PlanWatcher {
    static var keepsCommands: Bool { true }
    @inline(__always) func start(at initial: ScreenStack, profile: NavigationProfile) {}
    @inline(__always) func step(
        _ command: NavigationCommand, outcome: NavigationOutcome, model: borrowing NavigationSession
    ) {}
}
