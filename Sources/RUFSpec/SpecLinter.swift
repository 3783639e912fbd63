/// Lints a spec against every rule of the RUF spec reference: errors and warnings with their place, path and rule.
package enum SpecLinter {
    /// The rules, with what each checks.
    package static var rules: [SpecRule] { SpecRule.all }

    /// Every problem of the spec, reading problems included, sorted by place.
    package static func lint(_ spec: Spec) -> [SpecProblem] {
        var lint = Linting(spec: spec)
        lint.run()
        return Array(Set(spec.problems + lint.problems)).sorted()
    }

    static func isScreamingSnakeCase(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        let allowed = name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
        return allowed && !name.hasSuffix("_") && !name.contains("__")
    }
}

/// One pass of the linter over a spec.
private struct Linting {
    let spec: Spec
    var problems: [SpecProblem] = []
    /// Each named type with where it is first used.
    var named: [String: (location: SpecLocation, path: String)] = [:]

    /// The first declaration of each screen name, so that a navigation's target is found in constant time.
    let screensByName: [String: SpecScreen]

    init(spec: Spec) {
        self.spec = spec
        screensByName = Dictionary(spec.screens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func add(_ rule: String, _ location: SpecLocation, _ path: String, _ message: String) {
        let severity = SpecRule.all.first { $0.id == rule }?.severity ?? .error
        problems.append(SpecProblem(rule: rule, severity: severity, location: location, path: path, message: message))
    }

    mutating func oneOf(_ value: Located<String>?, _ allowed: [String], _ rule: String, _ what: String) {
        guard let value, !allowed.contains(value.value) else { return }
        add(rule, value.location, value.path, "\(what) \(value.value) is not one of \(allowed.joined(separator: ", "))")
    }

    mutating func run() {
        rufVersion()
        versioning()
        if let meta = spec.meta { self.meta(meta) }
        // A shared definition is linted once where it is defined, not once per screen that references it.
        for (_, component) in spec.sharedComponents { self.component(component) }
        for (_, action) in spec.sharedActions { self.action(action) }
        for (_, metric) in spec.sharedMetrics { self.metric(metric) }
        var screens: [String: SpecLocation] = [:]
        for screen in spec.screens {
            if let first = screens[screen.name] {
                add(
                    "SPEC-DUPLICATE-SCREEN", screen.location, "screens." + screen.name,
                    "the screen \(screen.name) is declared twice (first at \(at(first, from: screen.location)))")
            } else {
                screens[screen.name] = screen.location
            }
            self.screen(screen)
        }
        // The reference has no place to define a named type: only a spec that defines some (a root types:) can
        // leave one undefined.
        for (name, place) in named.sorted(by: { $0.value.location < $1.value.location })
        where spec.types.map({ $0[name] == nil }) ?? false {
            add(
                "SPEC-NAMED-TYPE", place.location, place.path,
                "the named type \(name) is not among the spec's types; values of it are generated as objects with only an "
                    + "id, and not checked")
        }
    }

    /// Where an earlier finding's place is, from a later one: its line in the same file, else file and line.
    func at(_ first: SpecLocation, from place: SpecLocation) -> String {
        first.file == place.file ? "line \(first.line)" : "\(first.file):\(first.line)"
    }

    mutating func screen(_ screen: SpecScreen) {
        let path = "screens." + screen.name
        if !SpecLinter.isScreamingSnakeCase(screen.name) {
            add("SPEC-SCREEN-NAME", screen.location, path, "the screen \(screen.name) is not SCREAMING_SNAKE_CASE")
        }
        oneOf(screen.defaultTransition, SpecRule.transitions, "SPEC-TRANSITION", "the default_transition")
        if let params = screen.params { types(params, path + ".params", at: screen.location) }
        var rels: [String: SpecLocation] = [:]
        for component in screen.components {
            if let rel = component.rel {
                let place = component.reference?.location ?? component.location
                if let first = rels[rel.value] {
                    add(
                        "SPEC-DUPLICATE-REL", place, component.reference?.path ?? component.path,
                        "two components of \(screen.name) have the rel \(rel.value) "
                            + "(first at \(at(first, from: place)))"
                    )
                } else {
                    rels[rel.value] = place
                }
            }
            if !component.path.hasPrefix("shared.") { self.component(component) }
        }
        var types: [String: SpecLocation] = [:]
        for action in screen.actions {
            if let type = action.type {
                let place = action.reference?.location ?? action.location
                if let first = types[type.value] {
                    add(
                        "SPEC-DUPLICATE-ACTION", place, action.reference?.path ?? action.path,
                        "two actions of \(screen.name) have the type \(type.value) (first at \(at(first, from: place)))"
                    )
                } else {
                    types[type.value] = place
                }
            }
            if !action.path.hasPrefix("shared.") { self.action(action) }
        }
        for metric in screen.navigationMetrics + screen.screenMetrics where !metric.path.hasPrefix("shared.") {
            self.metric(metric)
        }
    }

    mutating func component(_ component: SpecComponent) {
        for behavior in component.behaviors {
            oneOf(behavior.mergeStrategy, SpecRule.mergeStrategies, "SPEC-MERGE-STRATEGY", "the mergeStrategy")
            if let strategy = behavior.mergeStrategy, SpecRule.mergeStrategies.contains(strategy.value),
                behavior.payload?.containsList != true
            {
                add(
                    "SPEC-MERGE-LIST", strategy.location, strategy.path,
                    "mergeStrategy \(strategy.value) stands on a behavior whose payload has no list; the reference "
                        + "gives it for list payloads only")
            }
            if let locale = behavior.locale { types(locale, behavior.path + ".locale", at: behavior.location) }
            if let payload = behavior.payload { types(payload, behavior.path + ".payload", at: behavior.location) }
        }
        versionKeys(component.versions.map(\.key))
        for version in component.versions {
            identity("rel", component.rel, version.construct.rel, key: version.key.value)
            self.component(version.construct)
        }
    }

    mutating func action(_ action: SpecAction) {
        if let payload = action.payload { types(payload, action.path + ".payload", at: action.location) }
        for navigation in action.navigatesTo { self.navigation(navigation) }
        for error in action.errors {
            oneOf(error.type, SpecRule.errorTypes, "SPEC-ERROR-TYPE", "the error type")
            if error.type?.value == "TOAST" {
                oneOf(error.severity, SpecRule.toastSeverities, "SPEC-TOAST-SEVERITY", "the TOAST severity")
            } else if let severity = error.severity {
                add(
                    "SPEC-UNKNOWN-KEY", severity.location, severity.path,
                    "severity applies to a TOAST error; the kit does not read it on "
                        + (error.type?.value ?? "this error")
                )
            }
            if error.type?.value != "FORM_ERROR", let field = error.fields.first {
                add(
                    "SPEC-UNKNOWN-KEY", field.location, error.code.path + ".fields",
                    "fields apply to a FORM_ERROR; the kit does not read them on \(error.type?.value ?? "this error")")
            }
        }
        versionKeys(action.versions.map(\.key))
        for version in action.versions {
            identity("type", action.type, version.construct.type, key: version.key.value)
            self.action(version.construct)
        }
    }

    mutating func navigation(_ navigation: Navigation) {
        oneOf(navigation.behavior, SpecRule.flowBehaviors, "SPEC-BEHAVIOR", "the flow behavior")
        oneOf(navigation.transition, SpecRule.transitions, "SPEC-TRANSITION", "the transition")
        guard let screen = navigation.screen else { return }
        guard let target = screensByName[screen.value] else {
            add("SPEC-SCREEN", screen.location, screen.path, "\(screen.value) is not a screen the spec declares")
            return
        }
        if let flow = navigation.flowName, !target.flowNames.contains(flow.value) {
            let flows = target.flowNames.isEmpty ? "none" : target.flowNames.joined(separator: ", ")
            add(
                "SPEC-FLOW", flow.location, flow.path,
                "the flow \(flow.value) is not among \(screen.value)'s flows (its flows: \(flows))")
        }
    }

    mutating func metric(_ metric: SpecMetric) {
        if let payload = metric.payload { types(payload, metric.path + ".payload", at: metric.location) }
        versionKeys(metric.versions.map(\.key))
        for version in metric.versions {
            identity("rel", metric.rel, version.construct.rel, key: version.key.value)
            identity("type", metric.type, version.construct.type, key: version.key.value)
            identity("name", metric.name, version.construct.name, key: version.key.value)
            self.metric(version.construct)
        }
    }

    mutating func meta(_ meta: SpecMeta) {
        for (shape, path) in [(meta.shape, "meta")] + meta.versions.map({ ($0.construct, $0.key.path) }) {
            if let field = shape[field: "version"] {
                add(
                    "SPEC-META-VERSION", field.location, path + ".version",
                    "meta declares version, which is reserved: the protocol adds it to every SessionMeta")
            }
            types(shape, path, at: meta.location)
        }
        versionKeys(meta.versions.map(\.key))
    }

    /// Remembers the named types a type uses, for SPEC-NAMED-TYPE.
    mutating func types(_ type: SpecType, _ path: String, at location: SpecLocation) {
        for (name, field, inner) in type.namedTypes where named[name] == nil {
            named[name] = (field?.location ?? location, path + inner)
        }
    }

    // MARK: Versions

    mutating func rufVersion() {
        if let ruf = spec.ruf, ruf.value != "1.0" {
            add(
                "SPEC-RUF-VERSION", ruf.location, ruf.path,
                "ruf \(ruf.value) is not a version of the RUF spec YAML format the kit reads (1.0); it is read as 1.0")
        }
    }

    /// A version entry redefines its construct, never another one: its identity is the top-level definition's.
    mutating func identity(_ name: String, _ top: Located<String>?, _ variant: Located<String>?, key: String) {
        guard let top, let variant, variant.value != top.value else { return }
        add(
            "SPEC-VERSION-IDENTITY", variant.location, variant.path,
            "the version \(key) changes \(name) from \(top.value) to \(variant.value); a version redefines its construct "
                + "and keeps its identity")
    }

    mutating func versioning() {
        if let versioning = spec.versioning, spec.versioningFormat == nil {
            add(
                "SPEC-VERSIONING", versioning.location, versioning.path,
                "versioning \(versioning.value) is not one of semantic, incremental")
        }
        if let current = spec.currentVersion { versionFormat(current, what: "current_version") }
    }

    mutating func versionFormat(_ key: Located<String>, what: String) {
        guard let format = spec.versioningFormat else {
            if spec.versioning == nil {
                add(
                    "SPEC-VERSIONING-UNDECLARED", key.location, key.path,
                    "\(what) \(key.value) is given, but the spec declares no versioning (semantic or incremental)")
            }
            return
        }
        if format.parse(key.value) == nil {
            add(
                "SPEC-VERSION-FORMAT", key.location, key.path,
                "\(what) \"\(key.value)\" does not fit \(format.rawValue) versioning: \(format.shape)")
        }
    }

    mutating func versionKeys(_ keys: [Located<String>]) {
        var previous: (key: Located<String>, value: [Int])?
        var seen: [[Int]: Located<String>] = [:]
        for key in keys {
            versionFormat(key, what: "the version key")
            guard let value = spec.versioningFormat?.parse(key.value) else { continue }
            if let first = seen[value] {
                if first.value != key.value {
                    add(
                        "SPEC-VERSION-REPEAT", key.location, key.path,
                        "the version \(key.value) is the same version as \(first.value) (at \(first.location))")
                }
                continue
            }
            seen[value] = key
            if let previous, value.lexicographicallyPrecedes(previous.value) {
                add(
                    "SPEC-VERSION-ORDER", key.location, key.path,
                    "the version \(key.value) comes after \(previous.key.value); list versions in ascending order")
            }
            previous = (key, value)
        }
    }
}
