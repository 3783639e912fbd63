import ConformanceRules
import FlowCheckCore
import NavigationModel

/// A request of the process protocol, version 1. One JSON object per line.
package enum Request {
    case hello(KitInfo)
    case reset(ScreenStack, Profile)
    case command(Command)
    case batch([BatchItem])
    case decode(String)
    case stop

    /// Writes the request as one JSON object, keys sorted, without a newline.
    package func write(seq: Int, into output: inout JSONOutput) {
        switch self {
        case .hello(let kit):
            output.raw(#"{"cmd":"hello","kit":{"name":"#)
            output.string(kit.name)
            output.raw(#","version":"#)
            output.string(kit.version)
            output.raw(#"},"protocol":1,"seq":"#)
            output.int(seq)
            output.raw("}")
        case .reset(let stack, let profile):
            output.reset(stack, profile, seq: seq)
        case .command(let command):
            output.command(command, seq: seq)
        case .batch(let inner):
            output.raw(#"{"cmd":"batch","commands":["#)
            for (index, item) in inner.enumerated() {
                if index > 0 { output.raw(",") }
                item.request.write(seq: item.seq, into: &output)
            }
            output.raw(#"],"seq":"#)
            output.int(seq)
            output.raw("}")
        case .decode(let text):
            output.raw(#"{"cmd":"decode","seq":"#)
            output.int(seq)
            output.raw(#","text":"#)
            output.string(text)
            output.raw("}")
        case .stop:
            output.raw(#"{"cmd":"stop","seq":"#)
            output.int(seq)
            output.raw("}")
        }
    }

    /// One line of sorted-key JSON, without its newline.
    package func line(seq: Int) -> String {
        var output = JSONOutput()
        write(seq: seq, into: &output)
        return output.text
    }
}

/// One request inside a batch, with its own `seq`.
package final class BatchItem {
    package let seq: Int
    package let request: Request

    package init(seq: Int, request: Request) {
        self.seq = seq
        self.request = request
    }
}

/// The hello reply's payload.
package struct HelloReply: Hashable {
    package var seq: Int
    package var `protocol`: Int
    package var implementation: ImplementationInfo
    package var capabilities: Capabilities
}
