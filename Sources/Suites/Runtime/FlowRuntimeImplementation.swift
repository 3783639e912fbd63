public import FlowCheckCore
public import FlowRuntimeModel

/// A flow runtime under test: it starts a flow and runs the user's action lists, and shows where it is, its
/// variables, the experiments it assigned, the events each step fired and how the flow ended.
///
/// An SDK's test target conforms an adapter: build the SDK's own flow from the ``RuntimeFlow`` (or decode the JSON
/// the process protocol sends), give it the context and, when the SDK takes one, a random source that returns the
/// kit's draws in order; then report what the SDK's session shows after each step.
public protocol FlowRuntimeImplementation: Implementation {
    /// Starts `flow` with `context`; abTest nodes take their draws from `draws`, in order, from the first again when
    /// spent. Replies with the state after the start.
    func startFlow(_ flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double]) throws -> RuntimeObservation
    /// Runs one interaction's action list and replies with the state after it and the events it fired.
    func act(_ actions: [RuntimeAction]) throws -> RuntimeObservation
    /// Starts, then runs every action list: one round trip for implementations that batch.
    func run(
        _ flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double], steps: [[RuntimeAction]]
    ) throws -> [RuntimeObservation]
}

extension FlowRuntimeImplementation {
    /// Starts, then runs the action lists one by one; implementations that batch override it.
    public func run(
        _ flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double], steps: [[RuntimeAction]]
    ) throws -> [RuntimeObservation] {
        var observations = [try startFlow(flow, context: context, draws: draws)]
        observations.reserveCapacity(steps.count + 1)
        for actions in steps { observations.append(try act(actions)) }
        return observations
    }
}
