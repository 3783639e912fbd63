/// A RUF app spec as the protocol publishes its format: root keys, shared constructs, and screens.
package struct Spec: Hashable, Sendable {
    /// The spec's root file, relative to its folder.
    package var file: String
    /// The `ruf` format version.
    package var ruf: Located<String>?
    /// The `versioning` format as written.
    package var versioning: Located<String>?
    /// The `current_version` as written.
    package var currentVersion: Located<String>?
    /// The `meta` section, when given.
    package var meta: SpecMeta?
    /// Named type definitions from a root `types:` mapping, which the reference does not define (it has no place for
    /// them) but some specs add; `nil` when there is none.
    package var types: [String: SpecType]?
    /// `shared.components`, keyed as written.
    package var sharedComponents: [(key: String, component: SpecComponent)]
    /// `shared.actions`, keyed as written.
    package var sharedActions: [(key: String, action: SpecAction)]
    /// `shared.metrics`, keyed as written.
    package var sharedMetrics: [(key: String, metric: SpecMetric)]
    /// Screens in file order; a repeated name appears twice (lint reports it).
    package var screens: [SpecScreen]
    /// Problems found while reading: YAML errors, unresolved `$ref`s, unknown keys, values of the wrong kind,
    /// missing required fields and type syntax errors.
    package var problems: [SpecProblem]

    /// An empty spec of `file`.
    package init(file: String) {
        self.file = file
        sharedComponents = []
        sharedActions = []
        sharedMetrics = []
        screens = []
        problems = []
    }

    /// The declared versioning format, when it is one the reference lists.
    package var versioningFormat: Versioning? { versioning.flatMap { Versioning(rawValue: $0.value) } }

    /// Every flow name any screen declares, in first-seen order.
    package var flows: [String] {
        var result: [String] = []
        for screen in screens { for flow in screen.flowNames where !result.contains(flow) { result.append(flow) } }
        return result
    }

    /// Every `navigates_to` entry of every screen's actions, each version's variant included.
    package var navigations: [Navigation] {
        screens.flatMap { screen in
            screen.actions.flatMap { action in action.navigatesTo + action.versions.flatMap(\.construct.navigatesTo) }
        }
    }

    /// The `navigates_to` entries a client at `clientVersion` can receive: each action resolved to its variant by
    /// the resolution algorithm of the versioning formats page.
    package func navigations(clientVersion: String, versioning: Versioning) -> [Navigation] {
        screens.flatMap { screen in
            screen.actions.flatMap { action in
                let keys = action.versions.map(\.key.value)
                guard let index = versioning.resolve(keys, clientVersion: clientVersion) else {
                    return action.navigatesTo
                }
                return action.versions[index].construct.navigatesTo
            }
        }
    }

    /// What the spec holds, counted as read: a user sees at once when something was not read.
    package var counts: SpecCounts {
        var counts = SpecCounts()
        counts.screens = Set(screens.map(\.name)).count
        for screen in screens {
            counts.components += screen.components.count
            counts.actions += screen.actions.count
            counts.metrics += screen.navigationMetrics.count + screen.screenMetrics.count
        }
        counts.navigations = navigations.count
        counts.versions = (meta?.versions.count ?? 0)
        counts.versions += sharedComponents.reduce(0) { $0 + $1.component.versions.count }
        counts.versions += sharedActions.reduce(0) { $0 + $1.action.versions.count }
        counts.versions += sharedMetrics.reduce(0) { $0 + $1.metric.versions.count }
        let shared = SharedKeys(self)
        for screen in screens {
            // A shared construct's versions are counted once, where it is defined.
            counts.versions += screen.components.filter { !shared.components.contains($0.path) }
                .reduce(0) { $0 + $1.versions.count }
            counts.versions += screen.actions.filter { !shared.actions.contains($0.path) }
                .reduce(0) { $0 + $1.versions.count }
            counts.versions += (screen.navigationMetrics + screen.screenMetrics)
                .filter { !shared.metrics.contains($0.path) }.reduce(0) { $0 + $1.versions.count }
        }
        return counts
    }

    package static func == (a: Spec, b: Spec) -> Bool {
        a.file == b.file && a.ruf == b.ruf && a.versioning == b.versioning && a.currentVersion == b.currentVersion
            && a.meta == b.meta && a.screens == b.screens && a.problems == b.problems
            && a.sharedComponents.elementsEqual(
                b.sharedComponents, by: { $0.key == $1.key && $0.component == $1.component })
            && a.sharedActions.elementsEqual(b.sharedActions, by: { $0.key == $1.key && $0.action == $1.action })
            && a.sharedMetrics.elementsEqual(b.sharedMetrics, by: { $0.key == $1.key && $0.metric == $1.metric })
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(screens)
        hasher.combine(problems)
    }

    /// The paths of the shared definitions, which every `$ref` to them shares.
    private struct SharedKeys {
        var components: Set<String>
        var actions: Set<String>
        var metrics: Set<String>
        init(_ spec: Spec) {
            components = Set(spec.sharedComponents.map(\.component.path))
            actions = Set(spec.sharedActions.map(\.action.path))
            metrics = Set(spec.sharedMetrics.map(\.metric.path))
        }
    }
}

/// How many of each construct a spec holds, as read.
package struct SpecCounts: Hashable, Sendable, CustomStringConvertible {
    /// Screens, each name once.
    package var screens = 0
    /// Component entries of all screens.
    package var components = 0
    /// Action entries of all screens.
    package var actions = 0
    /// `navigates_to` entries, versions' variants included.
    package var navigations = 0
    /// Metric entries of all screens.
    package var metrics = 0
    /// `versions:` entries of meta, components, actions and metrics, each counted where it is defined.
    package var versions = 0

    /// Creates counts of nothing.
    package init() {}

    package var description: String {
        [
            (screens, "screen"), (components, "component"), (actions, "action"), (navigations, "navigation"),
            (metrics, "metric"), (versions, "version"),
        ].map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
    }
}
