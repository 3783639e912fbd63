import JSON
import RUFSpec

extension SessionCheck {
    /// `screens`: each a declared screen, its components and metrics declared for it and typed.
    func screens(_ value: JSONValue) -> [ServerViolation] {
        guard let screens = value.objectPairs else {
            return [ServerViolation(.srvShape, "$.screens", "\(SpecType.kind(value)), not an object of screens")]
        }
        var found: [ServerViolation] = []
        for (name, payload) in screens {
            let path = SpecType.member("$.screens", name)
            guard let declared = screen(name) else {
                found.append(.init(.srvScreenDeclared, path, "\"\(name)\" is not a screen of the spec"))
                continue
            }
            guard let fields = payload.objectPairs else {
                found.append(.init(.srvShape, path, "\(SpecType.kind(payload)), not a screen object"))
                continue
            }
            for (key, value) in fields {
                let inner = SpecType.member(path, key)
                switch key {
                case "components":
                    guard let components = value.objectPairs else {
                        found.append(.init(.srvShape, inner, "\(SpecType.kind(value)), not an object of components"))
                        continue
                    }
                    for (rel, component) in components {
                        found += self.component(component, rel: rel, of: declared, at: SpecType.member(inner, rel))
                    }
                case "metrics", "navigationMetrics":
                    guard let metrics = value.arrayValue else {
                        found.append(.init(.srvShape, inner, "\(SpecType.kind(value)), not an array of metrics"))
                        continue
                    }
                    let allowed = key == "metrics" ? declared.screenMetrics : declared.navigationMetrics
                    for (index, metric) in metrics.enumerated() {
                        found += self.metric(metric, among: allowed, of: declared, kind: key, at: "\(inner)[\(index)]")
                    }
                default: break
                }
            }
        }
        return found
    }

    /// One component: declared for its screen, its behavior and types those of its variant for the client's version.
    func component(_ value: JSONValue, rel: String, of screen: SpecScreen, at path: String) -> [ServerViolation] {
        guard let fields = value.objectPairs else {
            return [ServerViolation(.srvShape, path, "\(SpecType.kind(value)), not a component object")]
        }
        guard let declared = screen.components.first(where: { $0.rel?.value == rel }) else {
            return [ServerViolation(.srvComponentDeclared, path, "\(screen.name) declares no component \"\(rel)\"")]
        }
        let field = { (name: String) in fields.first { $0.key == name }?.value }
        guard let behaviorName = field("behavior")?.stringValue else {
            return [ServerViolation(.srvShape, SpecType.member(path, "behavior"), "no behavior string")]
        }
        for name in ["locale", "payload"] {
            if let value = field(name), !value.isObject {
                return [
                    ServerViolation(.srvShape, SpecType.member(path, name), "\(SpecType.kind(value)), not an object")
                ]
            }
        }
        let variant = resolved(declared, declared.versions)
        let others = self.others(declared, declared.versions)
        func departures(in variant: SpecComponent) -> [ServerViolation]? {
            guard let behavior = variant.behaviors.first(where: { $0.name?.value == behaviorName }) else { return nil }
            return typed(
                field("locale"), behavior.locale, at: SpecType.member(path, "locale"), rule: .srvComponentTypes)
                + typed(
                    field("payload"), behavior.payload, at: SpecType.member(path, "payload"), rule: .srvComponentTypes)
                + mergeStrategy(field("mergeStrategy"), declared: behavior.mergeStrategy?.value, at: path)
        }
        let wrong = { (violations: [ServerViolation]) in violations.filter { $0.rule != .srvUndeclaredField } }
        guard let own = departures(in: variant) else {
            if others.contains(where: { departures(in: $0).map { wrong($0).isEmpty } ?? false }) {
                return [
                    .init(
                        .srvVersionResolution, path,
                        "behavior \(behaviorName) is another client version's; \(variantName(declared.versions)), "
                            + "which client \(clientVersion) gets, does not declare it")
                ]
            }
            return [.init(.srvBehaviorDeclared, path, "\(screen.name).\(rel) declares no behavior \(behaviorName)")]
        }
        if !wrong(own).isEmpty, others.contains(where: { departures(in: $0).map { wrong($0).isEmpty } ?? false }) {
            let first = wrong(own)[0]
            return [
                .init(
                    .srvVersionResolution, path,
                    "the shape of another client version's variant, not of \(variantName(declared.versions)) that "
                        + "client \(clientVersion) gets (\(first.path): \(first.message))")
            ]
        }
        return own
    }

    /// A mergeStrategy, `{"type": …}`: one of the three, and the behavior's own.
    func mergeStrategy(_ value: JSONValue?, declared: String?, at path: String) -> [ServerViolation] {
        guard let value else { return [] }
        let here = SpecType.member(path, "mergeStrategy")
        guard let type = value.objectPairs?.first(where: { $0.key == "type" })?.value.stringValue else {
            return [.init(.srvShape, here, "not an object {\"type\": …}, as the api-contract page writes it")]
        }
        guard ["REPLACE", "APPEND", "MATCH"].contains(type) else {
            return [.init(.srvMergeStrategy, here, "\(type) is not REPLACE, APPEND or MATCH")]
        }
        let expected = declared ?? "REPLACE"
        return type == expected
            ? [] : [.init(.srvMergeStrategy, here, "\(type), where the behavior declares \(expected)")]
    }

    /// One metric: a declared one of its kind (by rel), its type and name, its payload typed.
    func metric(
        _ value: JSONValue, among declared: [SpecMetric], of screen: SpecScreen, kind: String, at path: String
    ) -> [ServerViolation] {
        guard let fields = value.objectPairs else {
            return [.init(.srvShape, path, "\(SpecType.kind(value)), not a metric object")]
        }
        let field = { (name: String) in fields.first { $0.key == name }?.value.stringValue }
        guard let rel = field("rel"),
            let metric = declared.first(where: { $0.rel?.value == rel })
        else {
            let list = kind == "metrics" ? "metrics.screen" : "metrics.navigation"
            return [
                .init(.srvMetricDeclared, path, "\(screen.name)'s \(list) declares no metric \"\(field("rel") ?? "")\"")
            ]
        }
        func departures(in variant: SpecMetric) -> [ServerViolation] {
            var found: [ServerViolation] = []
            if let type = variant.type?.value, field("type") != type {
                found.append(.init(.srvMetricDeclared, SpecType.member(path, "type"), "not the declared type \(type)"))
            }
            if let name = variant.name?.value, field("name") != name {
                found.append(.init(.srvMetricDeclared, SpecType.member(path, "name"), "not the declared name \(name)"))
            }
            let payload = fields.first { $0.key == "payload" }?.value
            return found
                + typed(payload, variant.payload, at: SpecType.member(path, "payload"), rule: .srvMetricDeclared)
        }
        let own = departures(in: resolved(metric, metric.versions))
        let wrong = own.filter { $0.rule != .srvUndeclaredField }
        if !wrong.isEmpty,
            others(metric, metric.versions).contains(where: {
                departures(in: $0).allSatisfy { $0.rule == .srvUndeclaredField }
            })
        {
            return [
                .init(
                    .srvVersionResolution, path,
                    "the shape of another client version's variant, not of \(variantName(metric.versions)) that "
                        + "client \(clientVersion) gets (\(wrong[0].path): \(wrong[0].message))")
            ]
        }
        return own
    }
}
