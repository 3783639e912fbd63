
/// An implementation under test, driven in-process: who it is and what it declares.
///
/// An adapter conforms to the protocol of each kind of behaviour it has, which the suite's module declares:
/// `NavigationImplementation` for the navigation and session suites, `DecodingImplementation` for the decoding suite,
/// `ClientImplementation` for the client suite.
/// The suites that run are those the adapter both conforms to and declares in its ``capabilities``.
public protocol Implementation: AnyObject {
    /// Who the implementation is.
    var info: ImplementationInfo { get }
    /// What it supports.
    var capabilities: Capabilities { get }
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
