public import NavigationModel

/// An implementation under test, driven in-process: who it is and what it declares.
///
/// An adapter conforms to the protocol of each kind of behaviour it has: ``NavigationImplementation``
/// for the navigation and session suites, or a suite module's own (`DecodingImplementation`, `ClientImplementation`).
/// The suites that run are those the adapter both conforms to and declares in its ``capabilities``.
public protocol Implementation: AnyObject {
    /// Who the implementation is.
    var info: ImplementationInfo { get }
    /// What it supports.
    var capabilities: Capabilities { get }
}

/// A navigation implementation under test: a stack that takes directives.
///
/// An SDK's test target conforms a small adapter to this protocol: reset the SDK to a stack and
/// profile, hand it commands, and report its reply (the outcome and the state it shows afterwards).
/// The process protocol's adapter (`ProcessImplementation`) conforms to it too.
public protocol NavigationImplementation: Implementation {
    /// Puts the implementation in `stack` with `profile`, nothing pending.
    func reset(to stack: ScreenStack, profile: NavigationProfile) throws
    /// Performs one command and replies with the outcome and the state after it.
    func perform(_ command: NavigationCommand) throws -> NavigationReply
    /// Resets, then performs every command: one round trip for implementations that batch.
    func run(
        initial: ScreenStack, profile: NavigationProfile, commands: [NavigationCommand]
    ) throws -> [NavigationReply]
    /// Whether the kit may hand over each command as soon as it draws it, bypassing
    /// ``run(initial:profile:commands:)``: ``reset(to:profile:)`` at the start of a run, then ``perform(_:)`` step by
    /// step, each reply compared before the next command is drawn.
    ///
    /// `false` by default: the kit hands whole runs to ``run(initial:profile:commands:)``. An adapter that does not
    /// implement `run` itself (the default `run` resets, then performs each command) returns `true`, and the kit runs
    /// its reference model once per step instead of twice. An adapter whose `run` is a path of its own (an SDK's
    /// apply-all call, one round trip, a restart after a crash) keeps `false`, so that this path is what is certified.
    var takesCommandsAsDrawn: Bool { get }
}

extension NavigationImplementation {
    public var takesCommandsAsDrawn: Bool { false }

    /// Resets, then performs the commands one by one; implementations that batch override it.
    public func run(
        initial: ScreenStack, profile: NavigationProfile, commands: [NavigationCommand]
    ) throws -> [NavigationReply] {
        try reset(to: initial, profile: profile)
        var replies: [NavigationReply] = []
        replies.reserveCapacity(commands.count)
        for command in commands { replies.append(try perform(command)) }
        return replies
    }
}

/// An implementation that recovers from a breakdown by starting afresh, as a process implementation restarts its
/// process: the runner then keeps a failure it found even if a later replay broke the implementation, and says so.
public protocol RecoveringImplementation: Implementation {
    /// The breakdowns it recovered from, oldest first, one sentence each.
    var breakdowns: [String] { get }
    /// Makes the next call start on a fresh instance (a new process), so that a replay says what the input does and
    /// not what the instance's age does.
    func startAfresh()
}

extension RecoveringImplementation {
    /// Nothing to do for an implementation with no instance to renew.
    public func startAfresh() {}
}

/// An implementation whose calls can block (a process), told when a suite's `--time-limit` ends so that no single
/// call outlasts it.
public protocol TimeBoundImplementation: Implementation {
    /// The instant no call may wait past; `nil` for no limit.
    var stopBy: ContinuousClock.Instant? { get set }
    /// How long one step may take before it is a timeout; `nil` when there is no such limit. A timeout whose replay
    /// takes most of it is reported as slow input rather than as a breakdown that did not recur.
    var stepLimit: Duration? { get }
}

extension TimeBoundImplementation {
    public var stepLimit: Duration? { nil }
}

/// An in-process implementation that can run on several workers at once, each with an instance of its own.
///
/// `flowcheck run --jobs N` and `expectConformance(jobs:)` give each worker one instance: the one passed in, and
/// N − 1 more from ``makeWorker()``. An adapter that does not conform runs on one worker, since the kit cannot know
/// whether two of its instances share state (a singleton router, a global cache). The result is the same for every
/// number of workers: each run is seeded from the suite's seed and its own index, and results are merged in run order.
public protocol ParallelImplementation: Implementation {
    /// A new instance, independent of this one (no shared mutable state), with the same capabilities.
    func makeWorker() throws -> Self
}
