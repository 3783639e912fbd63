/// The registry of features: the groups that rules, corpus cases and report rows belong to.
public enum NavigationFeature {
    /// Every feature, in report order.
    public static let all = [
        "stack", "validation", "push", "replace", "reset", "pop", "present", "dismiss", "pop-to", "pop-to-root",
        "optimistic", "confirm", "rollback", "answer", "redirect",
    ]

    /// Whether `name` is a registered feature.
    public static func isRegistered(_ name: String) -> Bool { all.contains(name) }
}
