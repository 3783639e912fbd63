import ConformanceRules
package import FlowCheckCore

/// The implementations built into the kit, by the names the CLI accepts.
package enum BuiltinImplementations {
    /// `builtin:sample` (navigation and decoding), `builtin:decoder` (decoding only), `builtin:runtime` (the flow
    /// runtime), `builtin:runtime-own-random` (the flow runtime picking variants with its own random numbers), or
    /// `builtin:mutant:<bug>`
    /// (a navigation mutant of the sample, a decoding-only mutant of its decoder, or with `client-` a RUF client
    /// mutant of the sample, with `runtime-` a mutant of the sample runtime); `nil` for any other name.
    package static func named(_ name: String) -> (any Implementation)? {
        if name == "builtin:sample" { return SampleNavigator() }
        if name == "builtin:decoder" { return SampleFlowDecoder() }
        if name == "builtin:runtime" { return SampleFlowRunner() }
        if name == "builtin:runtime-own-random" { return SampleFlowRunner(ownRandom: true) }
        let prefix = "builtin:mutant:"
        guard name.hasPrefix(prefix) else { return nil }
        let mutant = String(name.dropFirst(prefix.count))
        if let bug = SampleBug(rawValue: mutant) { return SampleNavigator(bug: bug) }
        if let bug = DecoderBug(rawValue: mutant) { return SampleFlowDecoder(bug: bug) }
        if let bug = ClientBug(rawValue: mutant) { return SampleNavigator(clientBug: bug) }
        if let bug = RuntimeBug(rawValue: mutant) { return SampleFlowRunner(bugs: [bug]) }
        switch ManyBugMutant(rawValue: mutant) {
        case let many? where !many.sampleBugs.isEmpty: return SampleNavigator(bugs: many.sampleBugs)
        case .client?: return SampleNavigator(bugs: [], clientBugs: ManyBugMutant.client.clientBugs)
        case let many?: return SampleFlowDecoder(bugs: many.decoderBugs)
        case nil: return nil
        }
    }

    /// Every name `named(_:)` accepts.
    package static var names: [String] {
        ["builtin:sample", "builtin:decoder", "builtin:runtime", "builtin:runtime-own-random"]
            + SampleBug.allCases.map { "builtin:mutant:\($0.rawValue)" }
            + DecoderBug.allCases.map { "builtin:mutant:\($0.rawValue)" } + clientMutantNames
            + ManyBugMutant.allCases.map { "builtin:mutant:\($0.rawValue)" }
            + RuntimeBug.allCases.map { "builtin:mutant:\($0.rawValue)" }
    }

    /// `builtin:mutant:client-<bug>`: the sample with one RUF client bug.
    package static var clientMutantNames: [String] { ClientBug.allCases.map { "builtin:mutant:\($0.rawValue)" } }
}
