import FlowSchema
import JSON
import PropertyTesting

/// Nodes and their component trees.
extension DocumentGenerator {
    /// Types that are never in a declared set: they must decode as unknown.
    static let unknownTypes = ["hologram", "webPanel", "confetti"]
    /// Legacy types that migrations rewrite or remove.
    static let legacyTypes = ["checkbox", "card", "chip", "spacer", "carousel", "divider", "video", "chart"]
    static let malformedChildKinds = ["not-object", "no-id", "bad-type", "bad-children", "bad-props"]

    func node(
        _ source: ChoiceSource, index: Int, version: Int, context: Context, ids: [String]
    ) throws(ChoiceSource.Stop) -> (JSONValue, String?, Bool) {
        var id = "n\(index)"
        if !ids.isEmpty, try source.drawBool(probability: 0.08) { id = ids[0]; context.label("duplicate-node") }
        var extra = try undocumentedField(source, level: "node", probability: 0.05, context: context)
        // 0 screen (the simplest), then logic kinds and unsupported kinds interleaved, an unknown kind, a malformed
        // node. The first node is a screen five times in eight, so that most documents have something to present.
        // Interleaved so that a logic node shrinks to an unsupported one just below it (and back): a case that needs
        // some node other than a screen first (DEC-ENTRY-EMPTY) is not held by one kind's bug.
        let roll = try source.draw(upTo: 15)
        switch index == 0 && roll < 10 ? 0 : roll {
        case 0...7:
            return (
                try screen(source, id: id, index: index, version: version, context: context, extra: extra), id, true
            )
        case 8, 9, 11:
            let kind = try pick(source, ["condition", "assign", "abTest"])
            context.label("node:\(kind)")
            var pairs: [(key: String, value: JSONValue)] = [
                ("id", .string(id)), ("name", .string(kind)), ("kind", .string(kind)),
            ]
            pairs += try logicFields(source, kind: kind, target: ids.first ?? id)
            if let field = extra { pairs.append(field); extra = nil }
            return (.object(pairs), id, false)
        case 10, 12:
            context.label("node:unsupported")
            let kind = try pick(source, ["api", "event", "subflow"])
            context.label("node:\(kind)")
            let fields: [(key: String, value: JSONValue)]
            switch kind {
            case "api":
                fields = [
                    ("request", .object([("method", .string("GET")), ("url", .string("https://api.example.com"))])),
                    ("responseMapping", .object([("user", .string("$.data"))])), ("onError", .string("n0")),
                ]
            case "event": fields = [("eventType", .string("push")), ("eventKey", .string("cart_abandoned"))]
            default:
                fields = [
                    ("subflowId", .string("flow_other")), ("inputMapping", .object([])),
                    ("outputMapping", .object([])),
                ]
            }
            return (.object([("id", .string(id)), ("kind", .string(kind))] + fields), id, false)
        case 13, 14:
            context.label("node:unknown-kind")
            return (
                .object([("id", .string(id)), ("kind", .string(try pick(source, ["webview", "quiz", "video"])))]), nil,
                false
            )
        default:
            context.label("node:malformed")
            return (
                try pick(
                    source,
                    [
                        JSONValue.object([("kind", .string("screen"))]),
                        .object([("id", .number(7)), ("kind", .string("screen"))]), .string("node"),
                    ]), nil, false
            )
        }
    }

    /// A logic node's fields as the schema page documents them: expression strings (some the SDK cannot parse),
    /// outputs, assignments, an experiment's variants.
    func logicFields(
        _ source: ChoiceSource, kind: String, target: String
    ) throws(ChoiceSource.Stop) -> [(key: String, value: JSONValue)] {
        let expressions = ["user.age >= 18", "v0 == \"yes\" && flags.beta", "score >>> 3", "", "len(v1) > 0 ||"]
        switch kind {
        case "condition":
            return [
                ("condition", .string(try pick(source, expressions))),
                ("outputs", .object([("trueLabel", .string("Yes")), ("falseLabel", .string("No"))])),
            ]
        case "assign":
            return [
                (
                    "assignments",
                    .array([
                        .object([
                            ("variableKey", .string("v0")), ("expression", .string(try pick(source, expressions))),
                        ])
                    ])
                )
            ]
        default:
            let variant = { (name: String, weight: Double) -> JSONValue in
                .object([
                    ("id", .string(name)), ("label", .string(name.uppercased())), ("weight", .number(weight)),
                    ("targetNodeId", .string(target)),
                ])
            }
            return [
                ("experimentKey", .string("onboarding_v2")),
                ("variants", .array([variant("a", 50), variant("b", try pick(source, [50, 150, -1]))])),
            ]
        }
    }

    func screen(
        _ source: ChoiceSource, id: String, index: Int, version: Int, context: Context,
        extra: (key: String, value: JSONValue)?
    ) throws(ChoiceSource.Stop) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("id", .string(id)), ("name", .string("Screen \(index)")), ("kind", .string("screen")),
        ]
        switch try source.draw(upTo: 9) {
        case 9:
            context.label("screen-type:unknown")
            pairs.append(("screenType", try pick(source, [.string("popover"), .string("Modal"), .number(2)])))
        case 6...8:
            context.label("screen-type:known")
            pairs.append(("screenType", .string(try pick(source, FlowSchema.DecoderOptions.screenTypes))))
        default: break
        }
        if try source.drawBool(probability: 0.11) {
            context.label("malformed-layout")
            pairs.append(("layout", .string("not a layout")))
        } else if context.depth != .none && context.depth != .props {
            // DEC-DEPTH, on the document's first screen: one level past the limit, exactly at it, or one under.
            let chain = chains[context.depth == .past ? 2 : context.depth == .at ? 1 : 0]
            context.label(context.depth == .past ? "depth:past" : context.depth == .at ? "depth:at" : "depth:under")
            if context.depth == .past { context.label("deep-layout") }
            context.depth = .none
            pairs.append(("layout", context.spelled(chain)))
        } else {
            pairs.append(("layout", try component(source, depth: 0, version: version, context: context, root: true)))
        }
        // Zone settings: none, the current screenSettings, the legacy chromeOverrides, both, or props.hideChrome.
        switch try source.draw(upTo: 9) {
        case 9:
            context.label("screen:hide-chrome")
            pairs.append(("props", .object([("hideChrome", .bool(true))])))
            if try source.drawBool() { pairs.append(("screenSettings", .object([("hideAllZones", .bool(false))]))) }
        case 8:
            context.label("screen:chrome-overrides")
            pairs.append(("chromeOverrides", .object([("hideAllZones", .bool(try source.drawBool()))])))
        case 7:
            context.label("screen:settings")
            pairs.append(("screenSettings", .object([("hideAllZones", .bool(try source.drawBool()))])))
        case 6:
            context.label("screen:settings-and-overrides")
            pairs.append(("screenSettings", .object([("hideAllZones", .bool(try source.drawBool()))])))
            pairs.append(("chromeOverrides", .object([("hideAllZones", .bool(try source.drawBool()))])))
        default: break
        }
        if let extra { pairs.append(extra) }
        if try source.drawBool(probability: 0.02) {
            // Repeated keys that the canonical form does not show, or with the same value: either reading agrees.
            context.label("duplicate-key")
            pairs.append(("kind", .string("screen")))
            pairs.append(("name", .string("Repeated")))
        }
        return .object(pairs)
    }

    /// A component tree; at small rates an unknown or legacy type, or a malformed child.
    func component(
        _ source: ChoiceSource, depth: Int, version: Int, context: Context, root: Bool = false
    ) throws(ChoiceSource.Stop) -> JSONValue {
        context.componentCount += 1
        let id = "c\(context.componentCount)"
        if !root, try source.drawBool(probability: 0.11) {
            let kind = try pick(source, Self.malformedChildKinds)
            context.label("malformed-child:\(kind)")
            switch kind {
            case "not-object": return .number(42)
            case "no-id": return .object([("type", .string("text"))])
            case "bad-type": return .object([("id", .string(id)), ("type", .number(3))])
            case "bad-children":
                return .object([("id", .string(id)), ("type", .string("stack")), ("children", .string("none"))])
            default: return .object([("id", .string(id)), ("type", .string("text")), ("props", .array([]))])
            }
        }
        var type: String
        let roll = try source.draw(upTo: 19)
        if roll == 19 {
            type = try pick(source, Self.unknownTypes)
            context.label("unknown-component")
        } else if roll >= 14 && version != 8 {
            // Old documents hold legacy types to migrate; documents ahead of the registry hold them too, and they must
            // stay untransformed (DEC-VERSION).
            type = try pick(source, Self.legacyTypes)
            migrationLabels(type, version: version, context: context)
        } else if depth < 5 && !containers.isEmpty && (root || roll < 8) {
            type = try pick(source, containers)
        } else {
            type = try pick(source, leaves.isEmpty ? ["text"] : leaves)
        }
        var written: JSONValue = .string(id)
        switch try source.draw(upTo: 39) {
        case 39:
            // The id with its first letter escaped: "\u0063" is "c", so a decoder must unescape to keep the id.
            context.label("string:escaped")
            written = context.spelled("\"\\u0063\(id.dropFirst())\"")
        default: break
        }
        var pairs: [(key: String, value: JSONValue)] = [("id", written), ("type", .string(type))]
        if let props = try props(source, type: type, context: context) { pairs.append(("props", props)) }
        var children: [JSONValue] = []
        if depth < 5 {
            while true {
                let child = try source.span("component") { () throws(ChoiceSource.Stop) -> JSONValue? in
                    let more = type == "stack" || type == "screenRoot" || Self.unknownTypes.contains(type) ? 0.6 : 0.15
                    guard try source.drawBool(probability: children.count < 4 ? more : 0), children.count < 4 else {
                        return nil
                    }
                    return try self.component(source, depth: depth + 1, version: version, context: context)
                }
                guard let child else { break }
                children.append(child)
            }
        }
        if !children.isEmpty { pairs.append(("children", .array(children))) }
        if let extra = try undocumentedField(source, level: "component", probability: 0.02, context: context) {
            pairs.append(extra)
        }
        if try source.drawBool(probability: 0.01) {
            // Repeated with the same value: both readings agree, so only a decoder that refuses the document fails.
            context.label("duplicate-key")
            pairs.append(("type", .string(type)))
        }
        return .object(pairs)
    }

    /// What a legacy type in a version-`version` document exercises of DEC-MIGRATE.
    func migrationLabels(_ type: String, version: Int, context: Context) {
        switch type {
        case "checkbox" where version <= 2:
            context.label("migrate:checkbox")
            // 2→3 makes it a checkbox toggle, 4→5 a block: two steps in a chain.
            context.label("migrate:chain")
        case _ where ["spacer", "carousel", "divider", "video", "chart"].contains(type) && version <= 3:
            context.label("migrate:strip")
        case "card" where version <= 6: context.label("migrate:card")
        case "chip" where version <= 7: context.label("migrate:chip")
        default: break
        }
    }

    /// Props for a component of `type`: a checkbox variant on toggles (DEC-MIGRATE 4→5), and at small rates
    /// undocumented entries, numbers in every JSON spelling, strings with escapes, unicode or a lone surrogate, and
    /// data nested deep (which never counts toward DEC-DEPTH).
    func props(_ source: ChoiceSource, type: String, context: Context) throws(ChoiceSource.Stop) -> JSONValue? {
        var pairs: [(key: String, value: JSONValue)] = []
        if context.depth == .props {
            // The document's first component carries data nested 300 levels deep.
            context.label("depth:props")
            context.depth = .none
            pairs.append(("data", context.spelled(Self.deepData)))
        }
        if type == "toggle", try source.drawBool(probability: 0.3) {
            pairs.append(("variant", .string("checkbox")))
            context.label("migrate:toggle-block")
        }
        switch try source.draw(upTo: 29) {
        case 29:
            let form = try pick(source, Self.numberForms)
            context.label("number:\(form.label)")
            context.label("number:spelled")
            pairs.append(("size", context.spelled(form.text)))
        case 28:
            context.label("string:unicode")
            let texts = ["Willkommen, Zoë 👋", "ようこそ", "مرحبا", "e\u{301}"]
            pairs.append(("text", .string(try pick(source, texts))))
        case 27:
            context.label("string:escaped")
            pairs.append(("text", context.spelled(Self.escapedText)))
        case 25, 26:
            // Twice the others' share: DEC-STRING needs its documents to decode otherwise.
            context.label("string:lone-surrogate")
            pairs.append(("text", context.spelled(Self.loneSurrogateText)))
        default: break
        }
        if let extra = try undocumentedField(source, level: "props", probability: 0.03, context: context) {
            pairs.append(extra)
        }
        return pairs.isEmpty ? nil : .object(pairs)
    }

    /// A chain of stacks `depth` components deep.
    static func chain(depth: Int) -> JSONValue {
        var layout = JSONValue.object([("id", .string("deep\(depth - 1)")), ("type", .string("stack"))])
        for level in stride(from: depth - 2, through: 0, by: -1) {
            layout = .object([
                ("id", .string("deep\(level)")), ("type", .string("stack")), ("children", .array([layout])),
            ])
        }
        return layout
    }
}
