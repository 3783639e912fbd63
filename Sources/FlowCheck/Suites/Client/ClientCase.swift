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

    /// The same run with other inputs, its labels and triggers counted again; `nil` when they are not a run a client
    /// could see (a response with no request in flight, no create first).
    package func with(inputs: [ClientInput]) -> ClientCase? {
        guard case .create? = inputs.first,
            var client = try? ReferenceClient(stack: initial, profile: profile, queueing: queueing)
        else { return nil }
        var tally = ClientTriggers()
        var labels: Set<String> = []
        var responseLabels: [String] = []
        for input in inputs {
            if case .respond(let response) = input {
                guard client.state.inFlight != nil else { return nil }
                responseLabels.append(ClientGenerator.label(response))
            }
            let before = client
            labels.formUnion(tally.features(input, before: before))
            tally.count(input, before: before, after: client.apply(input))
        }
        var result = self
        result.inputs = inputs
        result.responseLabels = responseLabels
        result.labels = labels.sorted()
        result.triggers = tally.triggers
        return result
    }
}
