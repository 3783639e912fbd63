package import JSON
public import NavigationModel
public import ProcessProtocol

/// The navigation and session suites' messages over the process protocol: `reset`, then one `navigate` or
/// `optimistic` request per command, each answered with `{"outcome", "reason", "state"}`. Replies written the plain way
/// are read straight from their bytes (``ReplyScanner``): each holds the whole stack, and a run has many.
package struct NavigationWire: SteppedWire {
    package init() {}

    package var resetCommand: String { "reset" }
    package var replyShape: String { #"a navigation reply ({"outcome", "reason", "state"})"# }

    package func writeReset(
        _ start: (stack: ScreenStack, profile: NavigationProfile), into request: inout JSONOutput, seq: Int
    ) {
        request.reset(start.stack, start.profile, seq: seq)
    }

    package func write(_ command: NavigationCommand, into request: inout JSONOutput, seq: Int) {
        request.command(command, seq: seq)
    }

    package func context(_ command: NavigationCommand, step: Int) -> String { "step \(step) (\(command))" }

    package func batchContext(count: Int) -> String { "the batch of a run (reset and \(count) commands)" }

    package func read(_ reply: JSONValue) throws(WireError) -> NavigationReply { try Wire.reply(reply) }

    package func scan(_ line: UnsafeBufferPointer<UInt8>, seq: Int) -> NavigationReply? {
        ReplyScanner.reply(in: line, seq: seq)
    }

    package func scanBatch(_ line: UnsafeBufferPointer<UInt8>, seq: Int, count: Int) -> [NavigationReply]? {
        ReplyScanner.replies(in: line, seq: seq, count: count)
    }
}

/// A process implementation drives a navigator as the navigation wire says.
extension ProcessImplementation: NavigationImplementation {
    public func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
        try reset(NavigationWire(), to: (stack, profile))
    }

    public func perform(_ command: NavigationCommand) throws -> NavigationReply {
        try step(NavigationWire(), command)
    }

    public func run(
        initial: ScreenStack, profile: NavigationProfile, commands: [NavigationCommand]
    ) throws -> [NavigationReply] {
        try run(NavigationWire(), from: (initial, profile), inputs: commands)
    }
}
