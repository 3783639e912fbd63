package import RUFSpec

/// The app a client run is generated from: screens with their components, actions and metrics, and the meta shape.
///
/// With `--spec` it is the spec's app (each construct's latest definition); without, a built-in app whose shapes
/// exercise every rule: a component `rel` shared by several screens, list payloads whose items share ids under
/// APPEND, MATCH and REPLACE, a state-holding component, nested meta.
package struct ClientApp: Hashable, Sendable {
    /// One behavior of a component: its name and shapes, and the merge strategy it declares.
    package struct Behavior: Hashable, Sendable {
        package var name: String
        package var locale: SpecType?
        package var payload: SpecType?
        package var strategy: String?
    }

    /// A component: its `rel` and behaviors.
    package struct Component: Hashable, Sendable {
        package var rel: String
        package var behaviors: [Behavior]
    }

    /// A metric definition.
    package struct Metric: Hashable, Sendable {
        package var rel: String
        package var type: String
        package var name: String
        package var payload: SpecType?
    }

    /// Where an action may send the client.
    package struct Destination: Hashable, Sendable {
        package var screen: String
        package var flow: String
        package var behavior: String
        /// The spec navigation's coverage label (`spec HOME.OPEN → LIST (MAIN/KEEP)`), for a spec's app.
        package var label: String? = nil
    }

    /// An action: its type, payload shape, destinations and error results.
    package struct Action: Hashable, Sendable {
        package var type: String
        package var payload: SpecType?
        package var destinations: [Destination]
        /// Each error: its code, ActionResult type and TOAST severity.
        package var errors: [[String]]
    }

    /// A screen.
    package struct Screen: Hashable, Sendable {
        package var name: String
        package var flows: [String]
        package var components: [Component]
        package var actions: [Action]
        package var navigationMetrics: [Metric]
        package var screenMetrics: [Metric]
    }

    /// The screens, the first one the app starts on.
    package var screens: [Screen]
    /// Whether the app is a spec's: runs then name the spec's screens, rels and navigations they exercise.
    package var fromSpec = false
    /// The SessionMeta shape.
    package var meta: SpecType
    /// The named types the spec defines (a root `types:`), from which their values are generated.
    package var types: [String: SpecType] = [:]

    /// Whether the app's components can exercise every RUF rule.
    var covers: Bool {
        let behaviors = screens.flatMap(\.components).flatMap(\.behaviors)
        let strategies = Set(behaviors.compactMap(\.strategy))
        let rels = screens.flatMap { Set($0.components.map(\.rel)) }
        return strategies.isSuperset(of: ["APPEND", "MATCH"])
            && screens.contains { !$0.navigationMetrics.isEmpty } && screens.contains { !$0.screenMetrics.isEmpty }
            && Set(rels).count < rels.count
    }

    /// Whether two values of the type can be objects with different keys: a map, or an object with an optional
    /// field.
    private static func varies(_ type: SpecType) -> Bool {
        switch type {
        case .record: return true
        case .object(let fields): return fields.contains { $0.isOptional || varies($0.type) }
        default: return false
        }
    }

    /// The screen called `name`.
    package func screen(_ name: String) -> Screen? { screens.first { $0.name == name } }

    /// The app of a spec: every screen (first declaration of a name), with each construct's latest definition, and
    /// as destinations the `navigates_to` entries a run may take (every version's, or those of one client version).
    package init(spec: Spec, navigations: [RUFSpec.Navigation]) {
        var screens: [Screen] = []
        for screen in spec.screens where !screens.contains(where: { $0.name == screen.name }) {
            screens.append(
                Screen(
                    name: screen.name, flows: screen.flowNames,
                    components: screen.components.compactMap { component in
                        component.rel.map { rel in
                            Component(
                                rel: rel.value,
                                behaviors: component.behaviors.compactMap { behavior in
                                    behavior.name.map {
                                        Behavior(
                                            name: $0.value, locale: behavior.locale, payload: behavior.payload,
                                            strategy: behavior.mergeStrategy?.value)
                                    }
                                })
                        }
                    },
                    actions: screen.actions.compactMap { action in
                        action.type.map { type in
                            Action(
                                type: type.value, payload: action.payload,
                                destinations: navigations.filter {
                                    $0.action == "\(screen.name).\(type.value)"
                                        || $0.action.hasPrefix("\(screen.name).\(type.value)@")
                                }.compactMap { navigation in
                                    guard let screen = navigation.screen, let flow = navigation.flowName,
                                        let behavior = navigation.behavior
                                    else { return nil }
                                    return Destination(
                                        screen: screen.value, flow: flow.value, behavior: behavior.value,
                                        label:
                                            "spec \(navigation.action) → \(screen.value) (\(flow.value)/\(behavior.value))"
                                    )
                                },
                                errors: action.errors.map {
                                    [$0.code.value, $0.type?.value ?? "ERROR", $0.severity?.value ?? "ERROR"]
                                })
                        }
                    },
                    navigationMetrics: screen.navigationMetrics.compactMap(Self.metric),
                    screenMetrics: screen.screenMetrics.compactMap(Self.metric)))
        }
        self.screens = screens
        meta = spec.meta?.shape ?? .object([])
        // A meta whose nested values always carry the same keys cannot tell a deep merge from a shallow one
        // (RUF-META-MERGE): an off-spec map of flags is added to it, as the built-in app has.
        if case .object(var fields) = meta, !fields.contains(where: { Self.varies($0.type) }) {
            fields.append(
                SpecField(
                    name: "OFF_SPEC_flags", isOptional: true, type: .record(.boolean),
                    location: .init(file: "built-in", line: 1, column: 1)))
            meta = .object(fields)
        }
        types = spec.types ?? [:]
        fromSpec = true
        // A spec whose components cannot show every rule (no APPEND or MATCH list, no metrics, no rel on two screens)
        // is completed with the built-in app's screens, off the spec, so that every rule can still be exercised.
        if !covers {
            for screen in Self.builtIn.screens {
                var offSpec = screen
                offSpec.name = "OFF_SPEC_" + screen.name
                self.screens.append(offSpec)
            }
        }
    }

    private static func metric(_ metric: SpecMetric) -> Metric? {
        guard let rel = metric.rel, let type = metric.type, let name = metric.name else { return nil }
        return Metric(rel: rel.value, type: type.value, name: name.value, payload: metric.payload)
    }

    private init(screens: [Screen], meta: SpecType) {
        self.screens = screens
        self.meta = meta
    }

    /// The built-in app.
    package static let builtIn: ClientApp = {
        func field(_ name: String, _ type: SpecType, optional: Bool = false) -> SpecField {
            SpecField(
                name: name, isOptional: optional, type: type, location: .init(file: "built-in", line: 1, column: 1))
        }
        let item = SpecType.object([
            field("id", .literals(["1", "2", "3", "a", "b", "c"]), optional: true), field("n", .number),
        ])
        let list = SpecType.object([field("items", .array(item)), field("cursor", .string, optional: true)])
        let appbar = Component(
            rel: "appbar",
            behaviors: [
                Behavior(
                    name: "VISIBLE", locale: .object([field("title", .string)]),
                    payload: .object([field("showBack", .boolean)]), strategy: nil),
                Behavior(name: "HIDDEN", locale: nil, payload: nil, strategy: nil),
            ])
        func listComponent(_ rel: String, _ strategy: String) -> Component {
            Component(
                rel: rel,
                behaviors: [
                    Behavior(
                        name: "VISIBLE", locale: .object([field("empty", .string)]), payload: list, strategy: strategy),
                    Behavior(name: "LOADING", locale: nil, payload: .object([]), strategy: nil),
                ])
        }
        let quantities = Component(
            rel: "cart_quantities",
            behaviors: [
                Behavior(
                    name: "VISIBLE", locale: nil,
                    payload: .object([field("totalItems", .number), field("totalPrice", .number)]), strategy: nil)
            ])
        let summary = Component(
            rel: "summary",
            behaviors: [
                Behavior(
                    name: "VISIBLE", locale: .object([field("heading", .string)]),
                    payload: .object([field("lines", .array(.string)), field("total", .number)]), strategy: "REPLACE")
            ])
        let view = Metric(
            rel: "screen_view", type: "FIREBASE", name: "screen_view", payload: .object([field("screen", .string)]))
        let impression = Metric(
            rel: "impression", type: "FIREBASE", name: "view_item", payload: .object([field("id", .string)]))
        let added = [
            ["E100", "TOAST", "ERROR"], ["E101", "TOAST", "WARN"], ["E102", "ERROR", ""], ["E103", "FORM_ERROR", ""],
        ]
        func go(_ type: String, _ screen: String, _ flow: String, _ behavior: String) -> Action {
            Action(
                type: type, payload: .object([]),
                destinations: [Destination(screen: screen, flow: flow, behavior: behavior)], errors: [])
        }
        let add = Action(type: "ADD_ITEM", payload: .object([field("id", .string)]), destinations: [], errors: added)
        return ClientApp(
            screens: [
                Screen(
                    name: "HOME", flows: ["MAIN"], components: [appbar, listComponent("feed", "APPEND"), quantities],
                    actions: [
                        go("OPEN_LIST", "LIST", "MAIN", "KEEP"), go("OPEN_CART", "CART", "CHECKOUT", "START_NEW"), add,
                    ],
                    navigationMetrics: [view], screenMetrics: [impression]),
                Screen(
                    name: "LIST", flows: ["MAIN"], components: [appbar, listComponent("results", "MATCH")],
                    actions: [go("OPEN_DETAIL", "DETAIL", "MAIN", "KEEP"), add],
                    navigationMetrics: [view], screenMetrics: [impression]),
                Screen(
                    name: "DETAIL", flows: ["MAIN"], components: [appbar, summary, quantities],
                    actions: [add, go("OPEN_CART", "CART", "CHECKOUT", "START_NEW")],
                    navigationMetrics: [view], screenMetrics: []),
                Screen(
                    name: "CART", flows: ["CHECKOUT"],
                    components: [appbar, listComponent("lines", "MATCH"), quantities],
                    actions: [go("CHECKOUT", "DETAIL", "CHECKOUT", "REMOVE_PREVIOUS"), add],
                    navigationMetrics: [view], screenMetrics: [impression]),
            ],
            meta: .object([
                field("token", .string, optional: true), field("cartCount", .number),
                field("address", .object([field("id", .string), field("city", .string)]), optional: true),
                field("flags", .record(.boolean), optional: true),
            ]))
    }()
}
