import YAML

extension SpecReading {
    // MARK: Screens

    func screen(_ pair: YAMLNode.Pair) -> SpecScreen {
        var screen = SpecScreen(name: pair.key, location: SpecLocation(root, pair.keyPosition))
        let path = Self.child("screens", pair.key)
        var node = pair.value
        var file = root
        if let reference = node["$ref"] {
            if let pairs = node.pairs, pairs.count > 1 { ignoredBesideReference(pairs, root, path) }
            guard let (target, targetFile) = screenFile(reference, in: root, path: path) else { return screen }
            node = target
            file = targetFile
        }
        let what = "the screen \(pair.key)"
        guard
            mapping(
                node, file, path, what: what,
                known: [
                    "description", "alias", "params", "default_transition", "flows", "components", "actions", "metrics",
                ]) != nil
        else { return screen }
        screen.description = text(node["description"], file, path + ".description", what: "description")?.value
        screen.alias = text(node["alias"], file, path + ".alias", what: "alias")?.value
        if let params = node["params"] { screen.params = objectType(params, file, path + ".params", what: "params") }
        screen.defaultTransition = text(
            node["default_transition"], file, path + ".default_transition", what: "default_transition")
        if let flows = node["flows"], !flows.isNull,
            let items = list(flows, file, path + ".flows", what: "flows", entry: "- DISCOVERY")
        {
            for (index, item) in items.enumerated() {
                if let flow = text(item, file, "\(path).flows[\(index)]", what: "a flow name") {
                    screen.flows.append(flow)
                }
            }
        }
        if let components = node["components"] {
            let entries =
                list(
                    components, file, path + ".components", what: "components",
                    entry: "- rel: appbar with its behaviors, or - $ref: '#/shared/components/<key>'",
                    fields: ["rel", "behaviors", "description", "alias"]) ?? []
            for (index, entry) in entries.enumerated() {
                if let component = component(entry, file, "\(path).components[\(index)]") {
                    screen.components.append(component)
                }
            }
        } else {
            report(
                "SPEC-REQUIRED", .error, file, node.position, path,
                "\(what) has no components, which the reference "
                    + "requires (write components: [] for none)")
        }
        if let actions = node["actions"] {
            let entries =
                list(
                    actions, file, path + ".actions", what: "actions",
                    entry: "- type: ADD_TO_CART, or - $ref: '#/shared/actions/<key>'",
                    fields: ["type", "payload", "navigates_to", "errors", "description", "alias"]) ?? []
            for (index, entry) in entries.enumerated() {
                if let action = action(entry, file, "\(path).actions[\(index)]") {
                    screen.actions.append(relabeled(action, "\(pair.key).\(action.type?.value ?? "#\(index)")"))
                }
            }
        } else {
            report(
                "SPEC-REQUIRED", .error, file, node.position, path,
                "\(what) has no actions, which the reference "
                    + "requires (write actions: [] for none)")
        }
        if let metrics = node["metrics"], metrics.pairs == nil {
            // The one place metrics are not a list: say what goes there, not only that a list does not.
            report(
                "SPEC-KIND", .error, file, metrics.position, path + ".metrics",
                "a screen's metrics must be a mapping of metric lists by when they fire, navigation: and screen: "
                    + "(such as metrics: {navigation: [...]}); it is \(Self.kind(metrics))")
        } else if let metrics = node["metrics"],
            mapping(metrics, file, path + ".metrics", what: "metrics", known: ["navigation", "screen"]) != nil
        {
            screen.navigationMetrics = metricList(metrics["navigation"], file, path + ".metrics.navigation")
            screen.screenMetrics = metricList(metrics["screen"], file, path + ".metrics.screen")
        }
        return screen
    }

    func metricList(_ node: YAMLNode?, _ file: String, _ path: String) -> [SpecMetric] {
        guard let node, !node.isNull else { return [] }
        let entries =
            list(
                node, file, path, what: String(path.split(separator: ".").suffix(2).joined(separator: ".")),
                entry: "- rel: screen_view with type, name and payload, or - $ref: '#/shared/metrics/<key>'",
                fields: ["rel", "type", "name", "payload", "description", "alias"]) ?? []
        return entries.enumerated().compactMap { index, entry in metric(entry, file, "\(path)[\(index)]") }
    }

    /// A type that must be an object (params, a meta shape), reported when it is written as text.
    func objectType(_ node: YAMLNode, _ file: String, _ path: String, what: String) -> SpecType? {
        guard let pairs = node.pairs else {
            if node.isNull { return .object([]) }
            report(
                "SPEC-KIND", .error, file, node.position, path,
                "\(what) must be a mapping of field names to types; it is \(Self.kind(node))")
            return nil
        }
        return object(pairs, file, path)
    }

    func ignoredBesideReference(_ pairs: [YAMLNode.Pair], _ file: String, _ path: String) {
        for pair in pairs where pair.key != "$ref" {
            report(
                "SPEC-UNKNOWN-KEY", .warning, file, pair.keyPosition, Self.child(path, pair.key),
                "\"\(pair.key)\" stands beside a $ref, which replaces the whole entry; the kit does not read it")
        }
    }

    /// Names every navigation of an action (and of its versions) after the screen entry that holds it.
    func relabeled(_ action: SpecAction, _ label: String) -> SpecAction {
        var action = action
        for index in action.navigatesTo.indices { action.navigatesTo[index].action = label }
        for version in action.versions.indices {
            for index in action.versions[version].construct.navigatesTo.indices {
                action.versions[version].construct.navigatesTo[index].action =
                    "\(label)@\(action.versions[version].key.value)"
            }
        }
        return action
    }

    // MARK: Shared definitions

    func readShared(_ node: YAMLNode?, into spec: inout Spec) {
        guard let node, !node.isNull,
            mapping(node, root, "shared", what: "shared", known: ["components", "actions", "metrics"]) != nil
        else { return }
        for section in ["components", "actions", "metrics"] {
            guard let sectionNode = node[section], !sectionNode.isNull else { continue }
            let path = "shared." + section
            guard let pairs = sectionNode.pairs else {
                report(
                    "SPEC-KIND", .error, root, sectionNode.position, path,
                    "\(path) must be a mapping keyed by identifier (appbar: { rel: …, behaviors: […] }); it is "
                        + Self.kind(sectionNode))
                continue
            }
            checkKeys(pairs, root, path, what: path, known: nil)
            for pair in pairs {
                switch section {
                case "components":
                    if let value = sharedComponent(pair.key, root, pair.keyPosition, path) {
                        spec.sharedComponents.append((pair.key, value))
                    }
                case "actions":
                    if let value = sharedAction(pair.key, root, pair.keyPosition, path) {
                        spec.sharedActions.append((pair.key, relabeled(value, "shared.actions.\(pair.key)")))
                    }
                default:
                    if let value = sharedMetric(pair.key, root, pair.keyPosition, path) {
                        spec.sharedMetrics.append((pair.key, value))
                    }
                }
            }
        }
    }

    func sharedComponent(
        _ key: String, _ file: String, _ position: YAMLNode.Position, _ path: String
    )
        -> SpecComponent?
    {
        if let done = components[key] { return done }
        return shared("components", key, file, position, path) { node, sharedPath in
            let value = self.component(node, self.root, sharedPath)
            self.components[key] = value
            return value
        }
    }

    func sharedAction(_ key: String, _ file: String, _ position: YAMLNode.Position, _ path: String) -> SpecAction? {
        if let done = actions[key] { return done }
        return shared("actions", key, file, position, path) { node, sharedPath in
            let value = self.action(node, self.root, sharedPath)
            self.actions[key] = value
            return value
        }
    }

    func sharedMetric(_ key: String, _ file: String, _ position: YAMLNode.Position, _ path: String) -> SpecMetric? {
        if let done = metrics[key] { return done }
        return shared("metrics", key, file, position, path) { node, sharedPath in
            let value = self.metric(node, self.root, sharedPath)
            self.metrics[key] = value
            return value
        }
    }

    private func shared<T>(
        _ section: String, _ key: String, _ file: String, _ position: YAMLNode.Position, _ path: String,
        read: (YAMLNode, String) -> T?
    ) -> T? {
        let id = "#/shared/\(section)/\(key)"
        if failedShared.contains(id) || entering(section, key, file, position, path) { return nil }
        guard let node = sharedNode(section, key, from: file, position, path: path) else {
            failedShared.insert(id)
            return nil
        }
        reading.append(id)
        defer { reading.removeLast() }
        let value = read(node, Self.child("shared.\(section)", key))
        if value == nil { failedShared.insert(id) }
        return value
    }

    /// Resolves a list entry that is a `$ref` to a shared definition.
    func reference<T: SharedReferable>(
        _ node: YAMLNode, _ file: String, _ path: String, section: String, what: String,
        resolve: (String, YAMLNode.Position) -> T?
    ) -> T?? {
        guard let reference = node["$ref"] else { return .none }
        if let pairs = node.pairs, pairs.count > 1 { ignoredBesideReference(pairs, file, path) }
        guard let key = sharedKey(reference, section: section, what: what, in: file, path: path) else {
            return .some(nil)
        }
        guard var resolved = resolve(key, reference.position) else { return .some(nil) }
        resolved.reference = Located(
            reference.string ?? "", at: SpecLocation(file, node.position), path: path)
        return .some(resolved)
    }
}
