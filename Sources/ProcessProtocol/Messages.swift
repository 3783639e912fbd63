import ConformanceRules
package import FlowCheckCore
package import JSON

/// A request of the process protocol, version 1. One JSON object per line.
package enum Request {
    /// The first request: the kit says who it is, the implementation what it declares.
    case hello(KitInfo)
    /// Several requests, each with its own seq, answered in one line.
    case batch([BatchItem])
    /// A suite's command (`reset`, `navigate`, `clientReset`, `decode`), with its members as sent; the suite reads
    /// them, and writes its own commands faster than as members.
    case suite(String, [(key: String, value: JSONValue)])
    /// The last request: the implementation exits without answering.
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
        case .batch(let inner):
            output.raw(#"{"cmd":"batch","commands":["#)
            for (index, item) in inner.enumerated() {
                if index > 0 { output.raw(",") }
                item.request.write(seq: item.seq, into: &output)
            }
            output.raw(#"],"seq":"#)
            output.int(seq)
            output.raw("}")
        case .suite(let command, let members):
            var pairs = members.filter { $0.key != "cmd" && $0.key != "seq" }
            pairs += [(key: "cmd", value: .string(command)), (key: "seq", value: .number(Double(seq)))]
            output.bytes.append(contentsOf: JSONWriter.bytes(.object(pairs)))
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
    /// The request's own seq.
    package let seq: Int
    /// The request.
    package let request: Request

    /// Creates a batch item.
    package init(seq: Int, request: Request) {
        self.seq = seq
        self.request = request
    }
}

/// The hello reply's payload.
package struct HelloReply: Hashable {
    /// The seq it echoes: 0.
    package var seq: Int
    /// The protocol version it speaks.
    package var `protocol`: Int
    /// Who it is.
    package var implementation: ImplementationInfo
    /// What it declares.
    package var capabilities: Capabilities
}
