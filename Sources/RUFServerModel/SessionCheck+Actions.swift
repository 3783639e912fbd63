import JSON
package import RUFSpec

extension SessionCheck {
    static let modes = ["PUSH", "REPLACE", "RESET", "POP", "FAILED"]
    static let toScreen: Set<String> = ["PUSH", "REPLACE", "RESET"]
    static let flowBehaviors = ["START_NEW", "KEEP", "REMOVE_PREVIOUS"]

    func action(_ screenName: String, _ type: String) -> SpecAction? {
        screen(screenName)?.actions.first { $0.type?.value == type }
    }

    /// A navigation directive: an id, a mode, a destination where the mode needs one; for an action, one of its
    /// declared destinations for the client's version.
    func navigation(_ value: JSONValue, request: Request, currentScreen: String?) -> [ServerViolation] {
        guard let fields = value.objectPairs else {
            return [.init(.srvShape, "$.navigation", "\(SpecType.kind(value)), not an object")]
        }
        let field = { (name: String) in fields.first { $0.key == name }?.value }
        var found: [ServerViolation] = []
        if (field("id")?.stringValue ?? "").isEmpty {
            found.append(.init(.srvNavID, "$.navigation.id", "the directive carries no id"))
        }
        guard let mode = field("mode")?.stringValue, Self.modes.contains(mode) else {
            return found + [
                .init(.srvNavValid, "$.navigation.mode", "not one of " + Self.modes.joined(separator: ", "))
            ]
        }
        guard Self.toScreen.contains(mode) else {
            let extra = fields.map(\.key).filter { ["screen", "flow", "transition"].contains($0) }
            if !extra.isEmpty {
                found.append(
                    .init(
                        .srvNavValid, "$.navigation",
                        "\(mode) carries \(extra.joined(separator: ", ")), not only id and mode"))
            }
            return found
        }
        guard let target = field("screen")?.stringValue else {
            return found + [.init(.srvNavValid, "$.navigation.screen", "\(mode) names no screen")]
        }
        if screen(target) == nil {
            found.append(.init(.srvScreenDeclared, "$.navigation.screen", "\"\(target)\" is not a screen of the spec"))
        }
        let flow = field("flow")?.objectPairs
        let flowName = flow?.first { $0.key == "name" }?.value.stringValue
        let behavior = flow?.first { $0.key == "behavior" }?.value.stringValue
        if flowName == nil || behavior.map(Self.flowBehaviors.contains) != true {
            found.append(
                .init(
                    .srvNavValid, "$.navigation.flow",
                    "\(mode) needs a flow with a name and a behavior of " + Self.flowBehaviors.joined(separator: ", ")))
        }
        if let currentScreen, currentScreen != target {
            found.append(
                .init(
                    .srvCurrentFollowsNav, "$.currentScreen", "\(currentScreen), while the navigation goes to \(target)"
                ))
        }
        guard case .action(let screenName, let type) = request, let declared = action(screenName, type) else {
            return found
        }
        func goes(_ variant: SpecAction) -> Bool {
            variant.navigatesTo.contains {
                $0.screen?.value == target && $0.flowName?.value == flowName && $0.behavior?.value == behavior
            }
        }
        let variant = resolved(declared, declared.versions)
        if goes(variant) { return found }
        if Self.forcesUpdate(variant) {
            return found + [.init(.srvForceUpdate, "$.navigation", "\(type) must send this client to FORCE_UPDATE")]
        }
        if others(declared, declared.versions).contains(where: goes) {
            return found + [
                .init(.srvVersionResolution, "$.navigation", "\(target) is another client version's destination")
            ]
        }
        return found + [
            .init(
                .srvNavDeclared, "$.navigation",
                "\(type) on \(screenName) does not declare navigating to \(target) (flow \(flowName ?? "none"), "
                    + "\(behavior ?? "no behavior"))")
        ]
    }

    /// Whether a variant's every destination is the update screen.
    package static func forcesUpdate(_ variant: SpecAction) -> Bool {
        !variant.navigatesTo.isEmpty && variant.navigatesTo.allSatisfy { $0.screen?.value == "FORCE_UPDATE" }
    }

    /// For an action: a variant that forces an update is answered with it; a failing action that declares
    /// destinations answers FAILED.
    func failedNavigation(
        _ fields: [(key: String, value: JSONValue)], screen: String, type: String
    ) -> [ServerViolation] {
        guard let declared = action(screen, type) else { return [] }
        let variant = resolved(declared, declared.versions)
        let navigation = fields.first { $0.key == "navigation" }?.value.objectPairs
        let mode = navigation?.first { $0.key == "mode" }?.value.stringValue
        if Self.forcesUpdate(variant) && navigation == nil {
            return [.init(.srvForceUpdate, "$", "\(type) must send this client to FORCE_UPDATE, and has no navigation")]
        }
        guard !variant.navigatesTo.isEmpty, mode != "FAILED",
            let result = fields.first(where: { $0.key == "actionResult" })?.value.objectPairs
        else { return [] }
        let kind = result.first { $0.key == "type" }?.value.stringValue
        let severity = result.first { $0.key == "severity" }?.value.stringValue
        let failed = kind == "ERROR" || kind == "FORM_ERROR" || (kind == "TOAST" && severity == "ERROR")
        guard failed else { return [] }
        let answered = mode.map { "navigates \($0)" } ?? "has no navigation"
        return [
            .init(
                .srvNavFailed, navigation == nil ? "$" : "$.navigation",
                "\(type) declares destinations and failed (\(kind ?? "")), but the answer \(answered), not FAILED")
        ]
    }

    /// An actionResult: SUCCESS, or an error the action declares for the client's version.
    func actionResult(_ value: JSONValue, request: Request) -> [ServerViolation] {
        guard let fields = value.objectPairs, let kind = fields.first(where: { $0.key == "type" })?.value.stringValue
        else {
            return [.init(.srvShape, "$.actionResult", "not an object with a type string")]
        }
        guard kind != "SUCCESS" else { return [] }
        guard case .action(let screenName, let type) = request, let declared = action(screenName, type) else {
            return []
        }
        let field = { (name: String) in fields.first { $0.key == name }?.value }
        func departure(in variant: SpecAction) -> String? {
            let code = field("code")?.stringValue
            switch kind {
            case "TOAST", "ERROR":
                guard let code, let error = variant.errors.first(where: { $0.code.value == code }) else {
                    return "\(type) declares no error \(field("code")?.stringValue ?? "(no code)")"
                }
                guard error.type?.value == kind else { return "\(code) is declared a \(error.type?.value ?? "?")" }
                if kind == "TOAST", let declaredSeverity = error.severity?.value,
                    field("severity")?.stringValue != declaredSeverity
                {
                    return "\(code)'s severity is declared \(declaredSeverity)"
                }
                return nil
            case "FORM_ERROR":
                let forms = variant.errors.filter { $0.type?.value == "FORM_ERROR" }
                if let code, !forms.contains(where: { $0.code.value == code }) {
                    return "\(type) declares no FORM_ERROR \(code)"
                }
                guard !forms.isEmpty else { return "\(type) declares no FORM_ERROR" }
                let allowed = Set(forms.flatMap { $0.fields.map(\.value) })
                if let fields = field("fields"), !fields.isObject {
                    return "fields is \(SpecType.kind(fields)), not an object of field → message"
                }
                let sent = field("fields")?.objectPairs?.map(\.key) ?? []
                let undeclared = sent.filter { !allowed.contains($0) }
                return undeclared.isEmpty ? nil : "fields \(undeclared.joined(separator: ", ")) are not declared"
            default:
                return "\(kind) is not SUCCESS, TOAST, ERROR or FORM_ERROR"
            }
        }
        guard let problem = departure(in: resolved(declared, declared.versions)) else { return [] }
        if others(declared, declared.versions).contains(where: { departure(in: $0) == nil }) {
            return [
                .init(
                    .srvVersionResolution, "$.actionResult",
                    "an error another client version's variant of \(type) declares, not the one client "
                        + "\(clientVersion) gets")
            ]
        }
        return [.init(.srvActionResult, "$.actionResult", problem)]
    }

    /// meta: a patch of the shape the client's version resolves to (the spec's `meta.versions`); `version` a number.
    /// A patch that fits another version's shape whole, and not this one's, was served for another version.
    func meta(_ value: JSONValue) -> [ServerViolation] {
        guard let pairs = value.objectPairs else {
            return [.init(.srvMetaPatch, "$.meta", "\(SpecType.kind(value)), not an object")]
        }
        guard let declared = spec.meta else { return [] }
        let found = metaDepartures(pairs, in: resolved(declared.shape, declared.versions))
        let typed = found.filter { $0.rule != .srvUndeclaredField }
        if !typed.isEmpty,
            others(declared.shape, declared.versions).contains(where: { metaDepartures(pairs, in: $0).isEmpty })
        {
            return [
                .init(
                    .srvVersionResolution, "$.meta",
                    "a patch of another client version's meta shape, not of the one client \(clientVersion) gets")
            ] + found.filter { $0.rule == .srvUndeclaredField }
        }
        return found
    }

    private func metaDepartures(_ pairs: [(key: String, value: JSONValue)], in shape: SpecType) -> [ServerViolation] {
        guard case .object(let fields) = shape else { return [] }
        var found: [ServerViolation] = []
        for (key, item) in pairs {
            let path = SpecType.member("$.meta", key)
            if key == "version" {
                if item.numberValue == nil {
                    found.append(.init(.srvMetaPatch, path, "the reserved version is not a number"))
                }
                continue
            }
            guard let field = fields.first(where: { $0.name == key }) else {
                found.append(
                    .init(
                        .srvUndeclaredField, path,
                        "a field the meta client \(clientVersion) gets does not declare"))
                continue
            }
            if case .null = item {
                if !field.isOptional { found.append(.init(.srvMetaPatch, path, "null for a required field")) }
                continue
            }
            found += typed(item, field.type, at: path, rule: .srvMetaPatch)
        }
        return found
    }
}
