import JSON
package import NavigationModel
package import ProcessProtocol

/// A request of the navigation and session suites, as an implementation reads it: `reset`, `navigate` or
/// `optimistic`. The benchmark's echo and the tests answer with it; the kit writes these through ``NavigationWire``.
package enum NavigationRequest: Equatable {
    /// Puts the implementation in a stack and profile.
    case reset(ScreenStack, NavigationProfile)
    /// A navigate or optimistic command.
    case command(NavigationCommand)

    /// The request a suite command holds, or `nil` when the command is not one of the navigation suites'.
    package init?(_ command: String, _ members: Wire.Pairs) throws(WireError) {
        switch command {
        case "reset":
            self = .reset(
                try Wire.field(members, "stack", Wire.stack), try Wire.field(members, "profile", Wire.profile))
        case "navigate":
            self = .command(.navigate(try Wire.optionalField(members, "directive", Wire.directive)))
        case "optimistic":
            self = .command(.optimistic(try Wire.field(members, "directive", Wire.directive)))
        default:
            return nil
        }
    }

    /// Writes the request as one JSON object, keys sorted, without a newline.
    package func write(seq: Int, into output: inout JSONOutput) {
        switch self {
        case .reset(let stack, let profile): output.reset(stack, profile, seq: seq)
        case .command(let command): output.command(command, seq: seq)
        }
    }

    /// One line of sorted-key JSON, without its newline.
    package func line(seq: Int) -> String {
        var output = JSONOutput()
        write(seq: seq, into: &output)
        return output.text
    }

    /// The request as the transport holds a suite's command (its own line read back), for a batch built item by item.
    package var request: Request {
        guard case .object(let members)? = try? JSONParser.parse(line(seq: 0)) else {
            preconditionFailure("a navigation request writes one JSON object")
        }
        let command = Wire.lookup(members, "cmd")?.stringValue ?? ""
        return .suite(command, members.filter { $0.key != "cmd" && $0.key != "seq" })
    }
}
