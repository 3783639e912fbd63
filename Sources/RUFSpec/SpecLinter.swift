/// Lints a spec: errors and warnings with their place and rule ID.
public enum SpecLinter {
    /// The rules, with what each checks.
    public static let rules: [(id: String, severity: SpecProblem.Severity, summary: String)] = [
        ("SPEC-YAML", .error, "A spec file must be well-formed YAML of the supported subset."),
        ("SPEC-REF", .error, "A $ref must resolve, must not be cyclic, and must not leave the spec's folder."),
        ("SPEC-SCREENS", .error, "A spec declares at least one screen."),
        ("SPEC-BEHAVIOR", .error, "A navigates_to flow behavior must be KEEP, REMOVE_PREVIOUS or START_NEW."),
        ("SPEC-SCREEN", .error, "A navigates_to screen must be declared in the spec."),
        (
            "SPEC-FLOW", .warning,
            "A navigates_to flow should be among the target screen's declared flows (the client records the directive's flow, so this is legal but likely a mistake)."
        ),
        ("SPEC-SCREEN-NAME", .error, "Screen names are SCREAMING_SNAKE_CASE."),
    ]

    /// Every problem of the spec, sorted by place.
    public static func lint(_ spec: Spec) -> [SpecProblem] {
        var problems = spec.problems
        // A screen declared twice is a duplicate key, which the YAML reader reports as SPEC-YAML with both lines.
        for screen in spec.screens {
            if !isScreamingSnakeCase(screen.name) {
                problems.append(
                    .init(
                        rule: "SPEC-SCREEN-NAME", severity: .error, location: screen.location,
                        message: "screen \(screen.name) is not SCREAMING_SNAKE_CASE"))
            }
        }
        let declared = Dictionary(spec.screens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for navigation in spec.navigations {
            if let behavior = navigation.behavior, !["KEEP", "REMOVE_PREVIOUS", "START_NEW"].contains(behavior) {
                problems.append(
                    .init(
                        rule: "SPEC-BEHAVIOR", severity: .error,
                        location: navigation.behaviorLocation ?? navigation.location,
                        message:
                            "\(navigation.action) navigates with behavior \(behavior); it must be KEEP, REMOVE_PREVIOUS or START_NEW"
                    ))
            }
            guard let screen = navigation.screen else {
                problems.append(
                    .init(
                        rule: "SPEC-SCREEN", severity: .error, location: navigation.location,
                        message: "\(navigation.action) has a navigates_to entry without a screen"))
                continue
            }
            guard let target = declared[screen] else {
                problems.append(
                    .init(
                        rule: "SPEC-SCREEN", severity: .error,
                        location: navigation.screenLocation ?? navigation.location,
                        message: "\(navigation.action) navigates to \(screen), which the spec does not declare"))
                continue
            }
            if let flow = navigation.flowName, !target.flows.contains(flow) {
                problems.append(
                    .init(
                        rule: "SPEC-FLOW", severity: .warning, location: navigation.flowLocation ?? navigation.location,
                        message:
                            "\(navigation.action) navigates to \(screen) in flow \(flow), which \(screen) does not declare (its flows: \(target.flows.isEmpty ? "none" : target.flows.joined(separator: ", ")))"
                    ))
            }
        }
        return problems.sorted()
    }

    static func isScreamingSnakeCase(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isUppercase else { return false }
        let allowed = name.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" }
        return allowed && !name.hasSuffix("_") && !name.contains("__")
    }
}
