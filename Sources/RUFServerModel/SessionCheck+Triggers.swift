package import JSON
import RUFSpec

extension SessionCheck {
    /// The rules an answer was a trial of: those whose every premise the request or the answer met, so that the
    /// answer could have broken them (<doc:Server>, "When a rule is exercised"). A rule about what an answer carries
    /// (a component, a metric, a navigation) is tried by each answer carrying one; a rule about what a request asks
    /// for (a create, an action that forces an update) by each such request. `navigationsBefore` is how many
    /// navigations the session's earlier answers carried. SRV-IDEMPOTENT is the caller's: it needs two answers.
    package func triggered(
        status: Int, body: JSONValue?, answering request: Request, navigationsBefore: Int
    ) -> [String] {
        var rules: [String] = [.srvShape]
        if case .create = request { rules.append(.srvCreateScreen) }
        var action: SpecAction?
        if case .action(let screenName, let type) = request {
            rules.append(.srvActionResultPresent)
            if let declared = self.action(screenName, type) {
                action = declared
                let variant = resolved(declared, declared.versions)
                if Self.forcesUpdate(variant) { rules.append(.srvForceUpdate) }
                if !variant.navigatesTo.isEmpty && !variant.errors.isEmpty { rules.append(.srvNavFailed) }
            }
        }
        guard status == 200, let fields = body?.objectPairs else { return rules }
        let field = { (name: String) in fields.first { $0.key == name }?.value }
        let screens = field("screens")?.objectPairs ?? []
        let components = screens.flatMap {
            $0.value.objectPairs?.first { $0.key == "components" }?.value.objectPairs ?? []
        }
        let navigation = field("navigation")?.objectPairs
        var carriesVersioned = false
        if field("currentScreen") != nil || !screens.isEmpty { rules.append(.srvScreenDeclared) }
        if !screens.isEmpty {
            rules.append(.srvMetricDeclared)
            carriesVersioned = true
        }
        if !components.isEmpty {
            rules += [.srvComponentDeclared, .srvBehaviorDeclared, .srvComponentTypes, .srvMergeStrategy]
        }
        if !components.isEmpty || field("meta") != nil { rules.append(.srvUndeclaredField) }
        if field("meta") != nil { rules.append(.srvMetaPatch) }
        if let navigation {
            rules += [.srvNavID, .srvNavValid]
            if navigationsBefore > 0 { rules.append(.srvNavIDUnique) }
            let mode = navigation.first { $0.key == "mode" }?.value.stringValue ?? ""
            if Self.toScreen.contains(mode) && field("currentScreen") != nil { rules.append(.srvCurrentFollowsNav) }
            if action != nil {
                rules.append(.srvNavDeclared)
                carriesVersioned = true
            }
        }
        if field("actionResult") != nil {
            rules.append(.srvActionResult)
            if action != nil { carriesVersioned = true }
        }
        if carriesVersioned && picksOlderVariant { rules.append(.srvVersionResolution) }
        return Array(Set(rules)).sorted()
    }

    /// Whether the session's client version resolves some component, action or metric of the spec to a variant
    /// other than its latest: only then can an answer serve the wrong variant.
    package var picksOlderVariant: Bool {
        spec.screens.contains { screen in
            screen.components.contains { resolved($0, $0.versions) != $0 }
                || screen.actions.contains { resolved($0, $0.versions) != $0 }
                || (screen.screenMetrics + screen.navigationMetrics).contains { resolved($0, $0.versions) != $0 }
        }
    }
}
