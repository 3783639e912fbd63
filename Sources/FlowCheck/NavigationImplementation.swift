import NavigationModel

/// A navigation implementation under test, driven in-process.
///
/// An SDK's test target conforms a small adapter to this protocol: reset the
/// SDK to a stack and profile, hand it commands, and report its reply (the
/// outcome and the state it shows afterwards). The process protocol's adapter
/// (`ProcessImplementation`) conforms to it too.
public protocol NavigationImplementation: AnyObject {
    /// Who the implementation is.
    var info: ImplementationInfo { get }
    /// What it supports.
    var capabilities: Capabilities { get }

    /// Puts the implementation in `stack` with `profile`, nothing pending.
    func reset(to stack: ScreenStack, profile: Profile) throws
    /// Performs one command and replies with the outcome and the state after it.
    func perform(_ command: Command) throws -> Reply
    /// Resets, then performs every command: one round trip for implementations that batch.
    func run(initial: ScreenStack, profile: Profile, commands: [Command]) throws -> [Reply]
}

extension NavigationImplementation {
    /// Resets, then performs the commands one by one; implementations that batch override it.
    public func run(initial: ScreenStack, profile: Profile, commands: [Command]) throws -> [Reply] {
        try reset(to: initial, profile: profile)
        var replies: [Reply] = []
        replies.reserveCapacity(commands.count)
        for command in commands { replies.append(try perform(command)) }
        return replies
    }
}
