import JSON
package import NavigationModel
package import RUFClientModel

/// One generated client run: a starting stack and profile, and the inputs fed to the client in turn.
package struct ClientCase: Hashable, Sendable {
    /// The profile the client runs with.
    package var profile: NavigationProfile {
        didSet { reference = nil }
    }
    /// The stack the client starts on.
    package var initial: ScreenStack {
        didSet { reference = nil }
    }
    /// How the implementation queues actions (its `actionQueue` capability).
    package var queueing: ReferenceClient.Queueing {
        didSet { reference = nil }
    }
    /// The inputs, in order: a create first, then actions and the responses that answer them.
    package var inputs: [ClientInput] {
        didSet { reference = nil }
    }
    /// One coverage label per response.
    package var responseLabels: [String]
    /// The spec's coverage labels of the navigations the generator drew (a spec-driven run), beside ``labels``.
    package var specLabels: [String]

    /// The features the run exercises, each once, sorted (coverage), with its spec labels.
    ///
    /// Worked out from the reference client's steps when asked, not while the case is generated: a shrink tries
    /// thousands of cases and reads no label of any.
    package var labels: [String] {
        var labels = Set(specLabels)
        let counter = ClientTriggers()
        for (input, step) in zip(inputs, steps) { labels.formUnion(counter.features(input, before: step.before)) }
        return labels.sorted()
    }

    /// How many inputs fell under each rule's trigger.
    package var triggers: [String: Int] { triggers(upTo: inputs.count) }

    /// The rules the input at `index` fell under.
    package func triggers(at index: Int) -> [String] {
        guard inputs.indices.contains(index), steps.indices.contains(index) else { return [] }
        var tally = ClientTriggers()
        tally.count(inputs[index], before: steps[index].before, after: steps[index].observation)
        return tally.triggers.filter { $0.value > 0 }.keys.sorted()
    }

    /// How many of the first `count` inputs fell under each rule's trigger.
    package func triggers(upTo count: Int) -> [String: Int] {
        var tally = ClientTriggers()
        for (input, step) in zip(inputs, steps).prefix(count) {
            tally.count(input, before: step.before, after: step.observation)
        }
        return tally.triggers
    }

    /// What the reference client did at one input: its state before the input, and what it showed after.
    package struct ReferenceStep: Sendable {
        package var before: ReferenceClient
        package var observation: ClientObservation
    }

    /// The reference client at each input, as the generator saw it while it drew the inputs; `nil` when it is not at
    /// hand. Not part of the case's identity: it follows from the rest, and a change to any of what it follows from
    /// forgets it. The states cost no copy to keep: the generator holds each one across its step anyway.
    var reference: [ReferenceStep]?

    /// The reference client's observation after each input.
    package var expected: [ClientObservation] { steps.map(\.observation) }

    /// The reference client at each input: as the generator saw it, or replayed.
    var steps: [ReferenceStep] {
        if let reference, reference.count == inputs.count { return reference }
        guard var client = try? ReferenceClient(stack: initial, profile: profile, queueing: queueing) else { return [] }
        return inputs.map { input in
            let before = client
            return ReferenceStep(before: before, observation: client.apply(input))
        }
    }

    package init(
        profile: NavigationProfile, initial: ScreenStack, queueing: ReferenceClient.Queueing, inputs: [ClientInput],
        responseLabels: [String], specLabels: [String], reference: [ReferenceStep]? = nil
    ) {
        self.profile = profile
        self.initial = initial
        self.queueing = queueing
        self.inputs = inputs
        self.responseLabels = responseLabels
        self.specLabels = specLabels
        self.reference = reference
    }

    package static func == (a: ClientCase, b: ClientCase) -> Bool {
        a.profile == b.profile && a.initial == b.initial && a.queueing == b.queueing && a.inputs == b.inputs
            && a.responseLabels == b.responseLabels && a.specLabels == b.specLabels
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(profile)
        hasher.combine(initial)
        hasher.combine(queueing)
        hasher.combine(inputs)
        hasher.combine(responseLabels)
        hasher.combine(specLabels)
    }

    /// The number of responses, the suite's unit.
    package var responses: Int { responseLabels.count }

    /// The same run with other inputs, its labels and triggers counted again (the spec's labels of the inputs it
    /// no longer follows are dropped); `nil` when they are not a run a client could see (a response with no request
    /// in flight, no create first).
    package func with(inputs: [ClientInput]) -> ClientCase? {
        guard case .create? = inputs.first,
            var client = try? ReferenceClient(stack: initial, profile: profile, queueing: queueing)
        else { return nil }
        var responseLabels: [String] = []
        var reference: [ReferenceStep] = []
        for input in inputs {
            if case .respond(let response) = input {
                guard client.state.inFlight != nil else { return nil }
                responseLabels.append(ClientGenerator.label(response))
            }
            let before = client
            reference.append(ReferenceStep(before: before, observation: client.apply(input)))
        }
        var result = self
        result.inputs = inputs
        result.responseLabels = responseLabels
        result.specLabels = []
        result.reference = reference
        return result
    }
}
