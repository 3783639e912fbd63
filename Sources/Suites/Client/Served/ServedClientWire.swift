import JSON
import NavigationModel
import ProcessProtocol
import RUFClientModel

/// The client wire under `flowcheck serve`: the same commands, a response input carrying `"delivered"` (whether the
/// kit answered a waiting request with it on the network), which the harness waits for instead of applying it.
struct ServedClientWire: SteppedWire {
    var resetCommand: String { ClientWire().resetCommand }
    var replyShape: String { ClientWire().replyShape }

    func writeReset(_ start: (stack: ScreenStack, profile: NavigationProfile), into request: inout JSONOutput, seq: Int)
    {
        ClientWire().writeReset(start, into: &request, seq: seq)
    }

    func write(_ input: (input: ClientInput, delivered: Bool?), into request: inout JSONOutput, seq: Int) {
        request.raw(#"{"cmd":"client","#)
        if let delivered = input.delivered { request.raw(delivered ? #""delivered":true,"# : #""delivered":false,"#) }
        request.raw(#""input":"#)
        request.clientInput(input.input)
        request.raw(#","seq":"#)
        request.int(seq)
        request.raw("}")
    }

    func context(_ input: (input: ClientInput, delivered: Bool?), step: Int) -> String {
        ClientWire().context(input.input, step: step)
    }

    func batchContext(count: Int) -> String { ClientWire().batchContext(count: count) }

    func read(_ reply: JSONValue) throws(WireError) -> ClientObservation { try ClientWire().read(reply) }
}
