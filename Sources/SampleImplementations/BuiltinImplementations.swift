import FlowCheck

/// The implementations built into the kit, by the names the CLI accepts.
public enum BuiltinImplementations {
    /// `builtin:sample`, or `builtin:mutant:<bug>`; `nil` for any other name.
    public static func named(_ name: String) -> (any NavigationImplementation)? {
        if name == "builtin:sample" { return SampleNavigator() }
        let prefix = "builtin:mutant:"
        guard name.hasPrefix(prefix), let bug = SampleBug(rawValue: String(name.dropFirst(prefix.count))) else { return nil }
        return SampleNavigator(bug: bug)
    }

    /// Every name `named(_:)` accepts.
    public static var names: [String] {
        ["builtin:sample"] + SampleBug.allCases.map { "builtin:mutant:\($0.rawValue)" }
    }
}
