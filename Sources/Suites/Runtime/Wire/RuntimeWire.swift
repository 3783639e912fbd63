public import FlowRuntimeModel
package import JSON
public import ProcessProtocol

/// The runtime suite's messages over the process protocol: `start` (the flow, context and draws; answered
/// `{"ok": true}`), then `state` once for what the start showed, then one `act` per action list; `state` and `act`
/// are answered with `{"state", "events"}`, the events being those fired since the previous reply.
package struct RuntimeWire: SteppedWire {
    /// What a run starts with.
    package struct Start {
        var flow: RuntimeFlow
        var context: [String: RuntimeValue]
        var draws: [Double]

        /// A start of `flow`.
        package init(flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double]) {
            self.flow = flow
            self.context = context
            self.draws = draws
        }
    }

    /// One request of a run after its start.
    package enum Input {
        /// What the start showed.
        case state
        /// An action list.
        case act([RuntimeAction])
    }

    package init() {}

    package var resetCommand: String { "start" }
    package var replyShape: String { #"a runtime reply ({"state", "events"})"# }

    package func writeReset(_ start: Start, into request: inout JSONOutput, seq: Int) {
        request.raw(#"{"cmd":"start","context":"#)
        request.value(RuntimeJSON.context(start.context))
        request.raw(#","draws":"#)
        request.value(.array(start.draws.map(JSONValue.number)))
        request.raw(#","flow":"#)
        request.value(RuntimeJSON.flow(start.flow))
        request.raw(#","seq":"#)
        request.int(seq)
        request.raw("}")
    }

    package func write(_ input: Input, into request: inout JSONOutput, seq: Int) {
        switch input {
        case .state:
            request.raw(#"{"cmd":"state","seq":"#)
        case .act(let actions):
            request.raw(#"{"actions":"#)
            request.value(.array(actions.map(RuntimeJSON.action)))
            request.raw(#","cmd":"act","seq":"#)
        }
        request.int(seq)
        request.raw("}")
    }

    package func context(_ input: Input, step: Int) -> String {
        switch input {
        case .state: return "the state after the start"
        case .act(let actions):
            return "step \(step) ("
                + (actions.isEmpty ? "no actions" : actions.map(\.description).joined(separator: ", "))
                + ")"
        }
    }

    package func batchContext(count: Int) -> String {
        "the batch of a runtime run (start, state and \(count - 1) acts)"
    }

    package func read(_ reply: JSONValue) throws(WireError) -> RuntimeObservation {
        try RuntimeJSON.readObservation(reply)
    }

    /// A run's requests after the start: the state, then each action list.
    package static func inputs(_ steps: [[RuntimeAction]]) -> [Input] { [.state] + steps.map(Input.act) }
}

/// A process implementation runs flows as the runtime suite's wire says.
extension ProcessImplementation: FlowRuntimeImplementation {
    public func startFlow(
        _ flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double]
    ) throws -> RuntimeObservation {
        let wire = RuntimeWire()
        try reset(wire, to: RuntimeWire.Start(flow: flow, context: context, draws: draws))
        return try step(wire, .state)
    }

    public func act(_ actions: [RuntimeAction]) throws -> RuntimeObservation {
        try step(RuntimeWire(), .act(actions))
    }

    public func run(
        _ flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double], steps: [[RuntimeAction]]
    ) throws -> [RuntimeObservation] {
        try run(
            RuntimeWire(), from: RuntimeWire.Start(flow: flow, context: context, draws: draws),
            inputs: RuntimeWire.inputs(steps))
    }
}
