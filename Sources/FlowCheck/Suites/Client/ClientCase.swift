import JSON
import NavigationModel
import RUFClientModel

/// One generated client run: a starting stack and profile, and the inputs fed to the client in turn.
package struct ClientCase: Hashable, Sendable {
    /// The profile the client runs with.
    package var profile: Profile
    /// The stack the client starts on.
    package var initial: ScreenStack
    /// How the implementation queues actions (its `actionQueue` capability).
    package var queueing: ReferenceClient.Queueing
    /// The inputs, in order: a create first, then actions and the responses that answer them.
    package var inputs: [ClientInput]
    /// One coverage label per response.
    package var responseLabels: [String]
    /// The features the run exercises, each once (coverage).
    package var labels: [String]
    /// How many inputs fell under each rule's trigger.
    package var triggers: [String: Int]

    /// The reference client's observation after each input.
    package var expected: [ClientObservation] {
        guard var client = try? ReferenceClient(stack: initial, profile: profile, queueing: queueing) else { return [] }
        return inputs.map { client.apply($0) }
    }

    /// The number of responses, the suite's unit.
    package var responses: Int { responseLabels.count }
}
