package import JSON
public import NavigationModel
public import ProcessProtocol
public import RUFClientModel

/// The client suite's messages over the process protocol: `clientReset`, then one `client` request per input, each
/// answered with `{"state", "events"}`.
package struct ClientWire: SteppedWire {
    package init() {}

    package var resetCommand: String { "clientReset" }
    package var replyShape: String { #"a client reply ({"state", "events"})"# }

    package func writeReset(
        _ start: (stack: ScreenStack, profile: NavigationProfile), into request: inout JSONOutput, seq: Int
    ) {
        request.clientReset(start.stack, start.profile, seq: seq)
    }

    package func write(_ input: ClientInput, into request: inout JSONOutput, seq: Int) {
        request.client(input, seq: seq)
    }

    package func context(_ input: ClientInput, step: Int) -> String { "client step \(step) (\(Self.summary(input)))" }

    package func batchContext(count: Int) -> String { "the batch of a client run (clientReset and \(count) inputs)" }

    package func read(_ reply: JSONValue) throws(WireError) -> ClientObservation { try Wire.clientObservation(reply) }

    /// An input in a few words, for a step's context: `create HOME`, `action TAP on CART`, `response`.
    static func summary(_ input: ClientInput) -> String {
        switch input {
        case .create(let screen, _): return "create \(screen)"
        case .dispatch(let action): return "action \(action.type) on \(action.screen)"
        case .respond(let response):
            return response.navigation.map { "response with navigation \($0)" } ?? "response"
        }
    }
}

/// A process implementation drives a RUF client as the client suite's wire says.
extension ProcessImplementation: ClientImplementation {
    public func resetClient(to stack: ScreenStack, profile: NavigationProfile) throws {
        try reset(ClientWire(), to: (stack, profile))
    }

    public func apply(_ input: ClientInput) throws -> ClientObservation {
        try step(ClientWire(), input)
    }

    public func run(
        initial: ScreenStack, profile: NavigationProfile, inputs: [ClientInput]
    ) throws -> [ClientObservation] {
        try run(ClientWire(), from: (initial, profile), inputs: inputs)
    }
}
