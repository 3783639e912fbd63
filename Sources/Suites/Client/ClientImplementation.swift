public import FlowCheckCore
public import NavigationModel
public import RUFClientModel

/// A RUF client under test: it takes session creates, user actions and Session responses, and shows its state and
/// the events each caused.
///
/// An SDK's test target conforms an adapter: reset the SDK's client to a stack with nothing cached, feed it each
/// input (a response as if the server had sent it, an action as if the user had tapped), and report its observable
/// state (stack, component cache, meta, current screen, request in flight, queued actions) and the events since
/// the previous input (requests sent, metrics fired, navigations handled, actionResults shown).
public protocol ClientImplementation: Implementation {
    /// Puts the client on `stack` with `profile`: an empty cache and meta, nothing in flight or queued.
    func resetClient(to stack: ScreenStack, profile: NavigationProfile) throws
    /// Applies one input and replies with the state after it and the events it caused, in order.
    func apply(_ input: ClientInput) throws -> ClientObservation
    /// Resets, then applies every input: one round trip for implementations that batch.
    func run(initial: ScreenStack, profile: NavigationProfile, inputs: [ClientInput]) throws -> [ClientObservation]
}

extension ClientImplementation {
    /// Resets, then applies the inputs one by one; implementations that batch override it.
    public func run(
        initial: ScreenStack, profile: NavigationProfile, inputs: [ClientInput]
    ) throws -> [ClientObservation] {
        try resetClient(to: initial, profile: profile)
        var observations: [ClientObservation] = []
        observations.reserveCapacity(inputs.count)
        for input in inputs { observations.append(try apply(input)) }
        return observations
    }
}
