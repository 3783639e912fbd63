public import FlowCheckCore
public import NavigationModel

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
