package import FlowRuntimeModel
package import JSON
package import ProcessProtocol

/// The runtime suite's values in JSON, as the process protocol and the shared vectors of Corpus/runtime write them.
///
/// A flow is written as a FlowPilot flow document (seed 001's field names: `entryNodeId`, `fromNodeId`,
/// `toNodeId`, `variableKey`, `targetNodeId`, a variable's `source`), so that an adapter can hand it to its SDK's
/// own decoder; a screen's texts are its layout's `text` components. Readers are strict: a field of the wrong type
/// is an error naming its JSON path.
package enum RuntimeJSON {
    // MARK: Writing

    /// A value: a string, a number, a boolean or an array of them.
    package static func value(_ value: RuntimeValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .list(let items): return .array(items.map(Self.value))
        }
    }

    /// A flow document.
    package static func flow(_ flow: RuntimeFlow) -> JSONValue {
        .object([
            ("id", .string(flow.id)), ("version", .number(1)), ("entryNodeId", .string(flow.entry)),
            ("nodes", .array(flow.nodes.map(node))), ("edges", .array(flow.edges.map(edge))),
            ("variables", .array(flow.variables.map(variable))),
        ])
    }

    static func node(_ node: RuntimeNode) -> JSONValue {
        var pairs: Wire.Pairs = [
            ("id", .string(node.id)), ("name", .string(node.name)), ("kind", .string(node.kindName)),
        ]
        switch node.kind {
        case .screen(let texts):
            let children = texts.enumerated().map { index, text in
                JSONValue.object([
                    ("id", .string("\(node.id).text\(index)")), ("type", .string("text")),
                    ("props", .object([("text", .string(text))])),
                ])
            }
            pairs.append(
                (
                    "layout",
                    .object([
                        ("id", .string("\(node.id).root")), ("type", .string("stack")),
                        ("children", .array(children)),
                    ])
                ))
        case .condition(let condition):
            pairs.append(("condition", self.condition(condition)))
        case .assign(let assignments):
            pairs.append(
                (
                    "assignments",
                    .array(
                        assignments.map {
                            .object([("variableKey", .string($0.variableKey)), ("expression", .string($0.expression))])
                        })
                ))
        case .abTest(let key, let variants):
            pairs.append(("experimentKey", .string(key)))
            pairs.append(
                (
                    "variants",
                    .array(
                        variants.map {
                            .object([
                                ("id", .string($0.id)), ("label", .string($0.label)), ("weight", .number($0.weight)),
                                ("targetNodeId", .string($0.targetNodeId)),
                            ])
                        })
                ))
        case .unsupported:
            break
        }
        return .object(pairs)
    }

    /// A condition: an expression string, or the conditions page's objects.
    package static func condition(_ condition: RuntimeCondition) -> JSONValue {
        switch condition {
        case .expression(let text): return .string(text)
        case .test(let op, let variable, let right):
            var pairs: Wire.Pairs = [("op", .string(op)), ("left", .object([("var", .string(variable))]))]
            if let right { pairs.append(("right", value(right))) }
            return .object(pairs)
        case .all(let conditions):
            return .object([("op", .string("and")), ("conditions", .array(conditions.map(self.condition)))])
        case .any(let conditions):
            return .object([("op", .string("or")), ("conditions", .array(conditions.map(self.condition)))])
        case .not(let inner): return .object([("op", .string("not")), ("condition", self.condition(inner))])
        }
    }

    static func edge(_ edge: RuntimeEdge) -> JSONValue {
        var pairs: Wire.Pairs = [
            ("id", .string(edge.id)), ("fromNodeId", .string(edge.from)), ("toNodeId", .string(edge.to)),
            ("kind", .string(edge.kind.rawValue)),
        ]
        if let priority = edge.priority { pairs.append(("priority", .number(priority))) }
        if let guardExpression = edge.guardExpression { pairs.append(("guard", .string(guardExpression))) }
        return .object(pairs)
    }

    static func variable(_ variable: RuntimeVariable) -> JSONValue {
        var pairs: Wire.Pairs = [("key", .string(variable.key)), ("type", .string(variable.type.rawValue))]
        if let item = variable.listItemType { pairs.append(("listItemType", .string(item.rawValue))) }
        pairs += [("scope", .string("global")), ("lifecycle", .string("session"))]
        switch variable.source {
        case .constant(let constant):
            var source: Wire.Pairs = [("kind", .string("constant"))]
            if let constant { source.append(("value", value(constant))) }
            pairs.append(("source", .object(source)))
        case .sdk(let path):
            pairs.append(("source", .object([("kind", .string("sdk")), ("path", .string(path))])))
        }
        pairs.append(("writable", .bool(variable.writable)))
        if let defaultValue = variable.defaultValue { pairs.append(("defaultValue", value(defaultValue))) }
        return .object(pairs)
    }

    /// A context: flat key → value.
    package static func context(_ context: [String: RuntimeValue]) -> JSONValue {
        .object(context.keys.sorted().map { ($0, value(context[$0]!)) })
    }

    /// An action: `{"kind": "goNext"}`, `{"kind": "navigate", "target"}`,
    /// `{"kind": "setVariable", "variable", "operation", "value"}`.
    package static func action(_ action: RuntimeAction) -> JSONValue {
        switch action {
        case .goNext, .goBack, .closeFlow: return .object([("kind", .string(action.kind))])
        case .navigate(let target): return .object([("kind", .string(action.kind)), ("target", .string(target))])
        case .setVariable(let key, let operation, let value):
            var pairs: Wire.Pairs = [
                ("kind", .string(action.kind)), ("variable", .string(key)), ("operation", .string(operation)),
            ]
            if let value { pairs.append(("value", self.value(value))) }
            return .object(pairs)
        }
    }

    /// What a runtime shows, without its events: `{"screen", "history", "texts", "variables", "assignments",
    /// "outcome"}`.
    package static func state(_ observation: RuntimeObservation) -> JSONValue {
        .object([
            ("screen", observation.screen.map(JSONValue.string) ?? .null),
            ("history", .array(observation.history.map(JSONValue.string))),
            ("texts", .array(observation.texts.map(JSONValue.string))),
            ("variables", context(observation.variables)),
            (
                "assignments",
                .object(observation.assignments.keys.sorted().map { ($0, .string(observation.assignments[$0]!)) })
            ),
            ("outcome", observation.outcome.map { .string($0.rawValue) } ?? .null),
        ])
    }

    /// Events, in order: `[{"name", "fields"}]`.
    package static func events(_ events: [RuntimeEvent]) -> JSONValue {
        .array(events.map { .object([("name", .string($0.name)), ("fields", context($0.fields))]) })
    }

    // MARK: Reading

    /// A value; `null` and objects are not values.
    package static func readValue(_ json: JSONValue) throws(WireError) -> RuntimeValue {
        switch json {
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .array(let items): return .list(try Wire.array(.array(items), readValue))
        default: throw WireError(expected: "a string, a number, a boolean or an array", json)
        }
    }

    /// A flow document as ``flow(_:)`` writes it.
    package static func readFlow(_ json: JSONValue) throws(WireError) -> RuntimeFlow {
        let pairs = try Wire.object(json)
        return RuntimeFlow(
            id: try Wire.field(pairs, "id", Wire.string), entry: try Wire.field(pairs, "entryNodeId", Wire.string),
            nodes: try Wire.field(pairs, "nodes") { (value) throws(WireError) in try Wire.array(value, readNode) },
            edges: try Wire.field(pairs, "edges") { (value) throws(WireError) in try Wire.array(value, readEdge) },
            variables: try Wire.optionalField(pairs, "variables") { (value) throws(WireError) in
                try Wire.array(value, readVariable)
            } ?? [])
    }

    static func readNode(_ json: JSONValue) throws(WireError) -> RuntimeNode {
        let pairs = try Wire.object(json)
        let id = try Wire.field(pairs, "id", Wire.string)
        let name = try Wire.optionalField(pairs, "name", Wire.string) ?? id
        let kind: RuntimeNode.Kind
        switch try Wire.field(pairs, "kind", Wire.string) {
        case "screen":
            kind = .screen(texts: try Wire.optionalField(pairs, "layout", texts) ?? [])
        case "condition":
            kind = .condition(try Wire.field(pairs, "condition", readCondition))
        case "assign":
            kind = .assign(
                try Wire.field(pairs, "assignments") { (value) throws(WireError) in
                    try Wire.array(value) { (value) throws(WireError) in
                        let pairs = try Wire.object(value)
                        return RuntimeNode.Assignment(
                            variableKey: try Wire.field(pairs, "variableKey", Wire.string),
                            expression: try Wire.field(pairs, "expression", Wire.string))
                    }
                })
        case "abTest":
            kind = .abTest(
                experimentKey: try Wire.field(pairs, "experimentKey", Wire.string),
                variants: try Wire.field(pairs, "variants") { (value) throws(WireError) in
                    try Wire.array(value) { (value) throws(WireError) in
                        let pairs = try Wire.object(value)
                        return RuntimeNode.Variant(
                            id: try Wire.field(pairs, "id", Wire.string),
                            label: try Wire.field(pairs, "label", Wire.string),
                            weight: try Wire.field(pairs, "weight", number),
                            targetNodeId: try Wire.field(pairs, "targetNodeId", Wire.string))
                    }
                })
        case let other:
            kind = .unsupported(other)
        }
        return RuntimeNode(id: id, name: name, kind: kind)
    }

    /// Every `text` component's `props.text` in the layout, depth first.
    static func texts(_ json: JSONValue) throws(WireError) -> [String] {
        let pairs = try Wire.object(json)
        var out: [String] = []
        if try Wire.optionalField(pairs, "type", Wire.string) == "text",
            let text = try Wire.optionalField(
                pairs, "props",
                { (value) throws(WireError) in
                    try Wire.optionalField(try Wire.object(value), "text", Wire.string)
                }) ?? nil
        {
            out.append(text)
        }
        let children = try Wire.optionalField(pairs, "children") { (value) throws(WireError) in
            try Wire.array(value, texts)
        }
        for child in children ?? [] { out += child }
        return out
    }

    /// A condition: a string, or an object of the conditions page.
    package static func readCondition(_ json: JSONValue) throws(WireError) -> RuntimeCondition {
        if case .string(let text) = json { return .expression(text) }
        let pairs = try Wire.object(json, or: "an expression string")
        let op = try Wire.field(pairs, "op", Wire.string)
        switch op {
        case "and", "or":
            let conditions = try Wire.field(pairs, "conditions") { (value) throws(WireError) in
                try Wire.array(value, readCondition)
            }
            return op == "and" ? .all(conditions) : .any(conditions)
        case "not":
            return .not(try Wire.field(pairs, "condition", readCondition))
        default:
            let variable = try Wire.field(pairs, "left") { (value) throws(WireError) in
                try Wire.field(try Wire.object(value), "var", Wire.string)
            }
            return .test(op: op, variable: variable, right: try Wire.optionalField(pairs, "right", readValue))
        }
    }

    static func readEdge(_ json: JSONValue) throws(WireError) -> RuntimeEdge {
        let pairs = try Wire.object(json)
        let kindName = try Wire.optionalField(pairs, "kind", Wire.string) ?? "normal"
        guard let kind = RuntimeEdge.Kind(rawValue: kindName) else {
            throw WireError("\"\(kindName)\" is not an edge kind").inside("kind")
        }
        return RuntimeEdge(
            id: try Wire.field(pairs, "id", Wire.string), from: try Wire.field(pairs, "fromNodeId", Wire.string),
            to: try Wire.field(pairs, "toNodeId", Wire.string), kind: kind,
            priority: try Wire.optionalField(pairs, "priority", number),
            guardExpression: try Wire.optionalField(pairs, "guard", Wire.string))
    }

    static func readVariable(_ json: JSONValue) throws(WireError) -> RuntimeVariable {
        let pairs = try Wire.object(json)
        let source = try Wire.field(pairs, "source") { (value) throws(WireError) -> RuntimeVariable.Source in
            let pairs = try Wire.object(value)
            switch try Wire.field(pairs, "kind", Wire.string) {
            case "constant": return .constant(try Wire.optionalField(pairs, "value", readValue))
            case "sdk": return .sdk(path: try Wire.field(pairs, "path", Wire.string))
            case let other: throw WireError("\"\(other)\" is not a source kind (constant, sdk)").inside("kind")
            }
        }
        return RuntimeVariable(
            key: try Wire.field(pairs, "key", Wire.string), type: try Wire.field(pairs, "type", valueType),
            listItemType: try Wire.optionalField(pairs, "listItemType", valueType), source: source,
            writable: try Wire.optionalField(pairs, "writable", Wire.bool) ?? true,
            defaultValue: try Wire.optionalField(pairs, "defaultValue", readValue))
    }

    static func valueType(_ json: JSONValue) throws(WireError) -> RuntimeValueType {
        let name = try Wire.string(json)
        guard let type = RuntimeValueType(rawValue: name) else {
            throw WireError("\"\(name)\" is not a variable type (string, number, boolean, list)")
        }
        return type
    }

    static func number(_ json: JSONValue) throws(WireError) -> Double {
        guard case .number(let number) = json else { throw WireError(expected: "a number", json) }
        return number
    }

    /// A context object.
    package static func readContext(_ json: JSONValue) throws(WireError) -> [String: RuntimeValue] {
        var context: [String: RuntimeValue] = [:]
        for (key, value) in try Wire.object(json) {
            do throws(WireError) { context[key] = try readValue(value) } catch { throw error.inside(key) }
        }
        return context
    }

    /// An action as ``action(_:)`` writes it.
    package static func readAction(_ json: JSONValue) throws(WireError) -> RuntimeAction {
        let pairs = try Wire.object(json)
        switch try Wire.field(pairs, "kind", Wire.string) {
        case "goNext": return .goNext
        case "goBack": return .goBack
        case "closeFlow": return .closeFlow
        case "navigate": return .navigate(try Wire.field(pairs, "target", Wire.string))
        case "setVariable":
            return .setVariable(
                key: try Wire.field(pairs, "variable", Wire.string),
                operation: try Wire.field(pairs, "operation", Wire.string),
                value: try Wire.optionalField(pairs, "value", readValue))
        case let other:
            throw WireError(
                "\"\(other)\" is not an action (\(RuntimeCapabilities.knownActions.joined(separator: ", ")))"
            )
            .inside("kind")
        }
    }

    /// A state-and-events reply: `{"state": {…}, "events": […]}`.
    package static func readObservation(_ json: JSONValue) throws(WireError) -> RuntimeObservation {
        let pairs = try Wire.object(json)
        var observation = try Wire.field(pairs, "state", readState)
        observation.events = try Wire.field(pairs, "events") { (value) throws(WireError) in
            try Wire.array(value) { (value) throws(WireError) in
                let pairs = try Wire.object(value)
                return RuntimeEvent(
                    try Wire.field(pairs, "name", Wire.string),
                    try Wire.optionalField(pairs, "fields", readContext) ?? [:])
            }
        }
        return observation
    }

    static func readState(_ json: JSONValue) throws(WireError) -> RuntimeObservation {
        let pairs = try Wire.object(json)
        let outcome = try Wire.optionalField(pairs, "outcome") { (value) throws(WireError) -> RuntimeOutcome in
            let name = try Wire.string(value)
            guard let outcome = RuntimeOutcome(rawValue: name) else {
                throw WireError("\"\(name)\" is not an outcome (completed, dismissed, error)")
            }
            return outcome
        }
        return RuntimeObservation(
            screen: try Wire.optionalField(pairs, "screen", Wire.string),
            history: try Wire.field(pairs, "history") { (value) throws(WireError) in try Wire.array(value, Wire.string)
            },
            texts: try Wire.field(pairs, "texts") { (value) throws(WireError) in try Wire.array(value, Wire.string) },
            variables: try Wire.field(pairs, "variables", readContext),
            assignments: try Wire.field(pairs, "assignments") { (value) throws(WireError) -> [String: String] in
                var assignments: [String: String] = [:]
                for (key, variant) in try Wire.object(value) {
                    do throws(WireError) {
                        assignments[key] = try Wire.string(variant)
                    } catch {
                        throw error.inside(key)
                    }
                }
                return assignments
            },
            events: [], outcome: outcome)
    }
}
