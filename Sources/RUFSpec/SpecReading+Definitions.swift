import YAML

extension SpecReading {
    // MARK: Components

    func component(_ node: YAMLNode, _ file: String, _ path: String) -> SpecComponent? {
        if let resolved = reference(node, file, path, section: "components", what: "a component", resolve: {
            self.sharedComponent($0, file, $1, path)
        }) {
            return resolved
        }
        return componentDefinition(node, file, path, version: nil)
    }

    /// A component definition; in a version entry, the `rel` may be left out and is the top-level one.
    func componentDefinition(_ node: YAMLNode, _ file: String, _ path: String, version: SpecComponent?)
        -> SpecComponent?
    {
        let known = ["description", "alias", "rel", "behaviors"] + (version == nil ? ["versions"] : [])
        guard mapping(node, file, path, what: "a component", known: known) != nil else { return nil }
        var component = SpecComponent(
            rel: text(node["rel"], file, path + ".rel", what: "rel") ?? version?.rel, behaviors: [],
            location: SpecLocation(file, node.position), path: path)
        if version == nil { require(node, "rel", in: "a component", file, path) }
        if let behaviors = node["behaviors"] {
            let entries = list(
                behaviors, file, path + ".behaviors", what: "behaviors", entry: "- name: VISIBLE",
                fields: ["name", "locale", "payload", "mergeStrategy"]) ?? []
            for (index, entry) in entries.enumerated() {
                if let behavior = behavior(entry, file, "\(path).behaviors[\(index)]") {
                    component.behaviors.append(behavior)
                }
            }
        } else {
            require(node, "behaviors", in: "a component", file, path)
        }
        if version == nil, let versions = node["versions"] {
            component.versions = self.versions(versions, file, path + ".versions") { entry, entryPath in
                self.componentDefinition(entry, file, entryPath, version: component)
            }
        }
        return component
    }

    func behavior(_ node: YAMLNode, _ file: String, _ path: String) -> SpecBehavior? {
        guard
            mapping(node, file, path, what: "a behavior", known: ["name", "locale", "payload", "mergeStrategy"])
                != nil
        else { return nil }
        let name = text(node["name"], file, path + ".name", what: "name")
        require(node, "name", in: "a behavior", file, path)
        return SpecBehavior(
            name: name, locale: node["locale"].flatMap { objectType($0, file, path + ".locale", what: "locale") },
            payload: node["payload"].flatMap { type($0, file, path + ".payload") },
            mergeStrategy: text(node["mergeStrategy"], file, path + ".mergeStrategy", what: "mergeStrategy"),
            location: SpecLocation(file, node.position), path: path)
    }

    // MARK: Actions

    func action(_ node: YAMLNode, _ file: String, _ path: String) -> SpecAction? {
        if let resolved = reference(node, file, path, section: "actions", what: "an action", resolve: {
            self.sharedAction($0, file, $1, path)
        }) {
            return resolved
        }
        return actionDefinition(node, file, path, version: nil)
    }

    func actionDefinition(_ node: YAMLNode, _ file: String, _ path: String, version: SpecAction?) -> SpecAction? {
        let known =
            ["description", "alias", "type", "payload", "navigates_to", "errors"] + (version == nil ? ["versions"] : [])
        guard mapping(node, file, path, what: "an action", known: known) != nil else { return nil }
        let type = text(node["type"], file, path + ".type", what: "type") ?? version?.type
        if version == nil { require(node, "type", in: "an action", file, path) }
        var action = SpecAction(
            type: type, payload: node["payload"].flatMap { self.type($0, file, path + ".payload") }, navigatesTo: [],
            errors: [], location: SpecLocation(file, node.position), path: path)
        if let navigatesTo = node["navigates_to"], !navigatesTo.isNull {
            let entries = list(
                navigatesTo, file, path + ".navigates_to", what: "navigates_to",
                entry: "- screen: CART with a flow { name, behavior }", fields: ["screen", "flow", "transition"]) ?? []
            for (index, entry) in entries.enumerated() {
                if let navigation = navigation(entry, file, "\(path).navigates_to[\(index)]") {
                    action.navigatesTo.append(navigation)
                }
            }
        }
        if let errors = node["errors"], !errors.isNull,
            let pairs = mapping(errors, file, path + ".errors", what: "errors", known: nil)
        {
            for pair in pairs {
                if let error = errorCase(pair, file, Self.child(path + ".errors", pair.key)) {
                    action.errors.append(error)
                }
            }
        }
        if version == nil, let versions = node["versions"] {
            action.versions = self.versions(versions, file, path + ".versions") { entry, entryPath in
                self.actionDefinition(entry, file, entryPath, version: action)
            }
        }
        return action
    }

    func navigation(_ node: YAMLNode, _ file: String, _ path: String) -> Navigation? {
        guard
            mapping(node, file, path, what: "a navigates_to entry", known: ["screen", "transition", "flow"]) != nil
        else { return nil }
        var navigation = Navigation(
            action: "", screen: text(node["screen"], file, path + ".screen", what: "screen"),
            transition: text(node["transition"], file, path + ".transition", what: "transition"), flowName: nil,
            behavior: nil, location: SpecLocation(file, node.position), path: path)
        require(node, "screen", in: "a navigates_to entry", file, path)
        if let flow = node["flow"], !flow.isNull {
            if mapping(flow, file, path + ".flow", what: "a flow", known: ["name", "behavior"]) != nil {
                navigation.flowName = text(flow["name"], file, path + ".flow.name", what: "flow.name")
                navigation.behavior = text(flow["behavior"], file, path + ".flow.behavior", what: "flow.behavior")
                require(flow, "name", in: "a navigates_to flow", file, path + ".flow")
                require(flow, "behavior", in: "a navigates_to flow", file, path + ".flow")
            }
        } else {
            report(
                "SPEC-REQUIRED", .error, file, node.position, path,
                "a navigates_to entry has no flow, whose name and behavior the reference requires")
        }
        return navigation
    }

    func errorCase(_ pair: YAMLNode.Pair, _ file: String, _ path: String) -> SpecErrorCase? {
        guard
            mapping(pair.value, file, path, what: "an error", known: ["type", "severity", "fields"]) != nil
        else { return nil }
        let node = pair.value
        var error = SpecErrorCase(
            code: Located(pair.key, at: SpecLocation(file, pair.keyPosition), path: path),
            type: text(node["type"], file, path + ".type", what: "type"),
            severity: text(node["severity"], file, path + ".severity", what: "severity"), fields: [])
        require(node, "type", in: "the error \(pair.key)", file, path)
        if let fields = node["fields"], !fields.isNull,
            let items = list(fields, file, path + ".fields", what: "fields", entry: "- email")
        {
            for (index, item) in items.enumerated() {
                if let field = text(item, file, "\(path).fields[\(index)]", what: "a field") {
                    error.fields.append(field)
                }
            }
        }
        return error
    }

    // MARK: Metrics

    func metric(_ node: YAMLNode, _ file: String, _ path: String) -> SpecMetric? {
        if let resolved = reference(node, file, path, section: "metrics", what: "a metric", resolve: {
            self.sharedMetric($0, file, $1, path)
        }) {
            return resolved
        }
        return metricDefinition(node, file, path, version: nil)
    }

    /// A metric definition; in a version entry, `rel`, `type` and `name` may be left out and are the top-level ones.
    func metricDefinition(_ node: YAMLNode, _ file: String, _ path: String, version: SpecMetric?) -> SpecMetric? {
        let known = ["description", "alias", "rel", "type", "name", "payload"] + (version == nil ? ["versions"] : [])
        guard mapping(node, file, path, what: "a metric", known: known) != nil else { return nil }
        var metric = SpecMetric(
            rel: text(node["rel"], file, path + ".rel", what: "rel") ?? version?.rel,
            type: text(node["type"], file, path + ".type", what: "type") ?? version?.type,
            name: text(node["name"], file, path + ".name", what: "name") ?? version?.name,
            payload: node["payload"].flatMap { objectType($0, file, path + ".payload", what: "payload") },
            location: SpecLocation(file, node.position), path: path)
        // A version may leave out rel, type and name (they are the top-level ones), never the payload it redefines.
        for key in version == nil ? ["rel", "type", "name", "payload"] : ["payload"] {
            require(node, key, in: "a metric", file, path)
        }
        if version == nil, let versions = node["versions"] {
            metric.versions = self.versions(versions, file, path + ".versions") { entry, entryPath in
                self.metricDefinition(entry, file, entryPath, version: metric)
            }
        }
        return metric
    }

    // MARK: Meta and versions

    func meta(_ node: YAMLNode) -> SpecMeta? {
        guard let pairs = mapping(node, root, "meta", what: "meta", known: nil) else { return nil }
        var meta = SpecMeta(
            shape: object(pairs.filter { $0.key != "versions" }, root, "meta"), versions: [],
            location: SpecLocation(root, node.position))
        if let versions = node["versions"] {
            meta.versions = self.versions(versions, root, "meta.versions") { entry, entryPath in
                self.objectType(entry, self.root, entryPath, what: "a meta version")
            }
        }
        return meta
    }

    /// A `versions:` map: version keys to full redefinitions, in the order written.
    func versions<T>(
        _ node: YAMLNode, _ file: String, _ path: String, read: (YAMLNode, String) -> T?
    ) -> [SpecVersion<T>] {
        guard let pairs = node.pairs else {
            report(
                "SPEC-KIND", .error, file, node.position, path,
                "versions must be a mapping of version keys to definitions (\"2.1.9\": { … }); it is "
                    + Self.kind(node))
            return []
        }
        checkKeys(pairs, file, path, what: "versions", known: nil)
        return pairs.compactMap { pair in
            let entryPath = Self.child(path, pair.key)
            guard let construct = read(pair.value, entryPath) else { return nil }
            return SpecVersion(
                key: Located(pair.key, at: SpecLocation(file, pair.keyPosition), path: entryPath), construct: construct)
        }
    }
}
