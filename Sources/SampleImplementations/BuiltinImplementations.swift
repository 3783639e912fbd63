import FlowCheck

/// The implementations built into the kit, by the names the CLI accepts.
public enum BuiltinImplementations {
    /// `builtin:sample`, or `builtin:mutant:<bug>`; `nil` for any other name.
    public static func named(_ name: String) -> (any NavigationImplementation)? {
        if name == "builtin:sample" { return SampleNavigator() }
        let prefix = "builtin:mutant:"
        guard name.hasPrefix(prefix) else { return nil }
        let mutant = String(name.dropFirst(prefix.count))
        if let bug = SampleBug(rawValue: mutant) { return SampleNavigator(bug: bug) }
        if let bug = DecoderBug(rawValue: mutant) { return SampleNavigator(decoderBug: bug) }
        return nil
    }

    /// Every name `named(_:)` accepts.
    public static var names: [String] {
        ["builtin:sample"] + SampleBug.allCases.map { "builtin:mutant:\($0.rawValue)" } + DecoderBug.allCases.map { "builtin:mutant:\($0.rawValue)" }
    }
}
