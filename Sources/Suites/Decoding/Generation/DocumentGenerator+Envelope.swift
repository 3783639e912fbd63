import FlowCheckCore
import FlowSchema
import JSON
import PropertyTesting

/// The parts of a document around its nodes: the content version, the resolve response, zones, variables, edges.
extension DocumentGenerator {
    /// `schema_version` as a resolve response may carry it, by class of DEC-SCHEMA-VERSION: a class is drawn, then
    /// one of its spellings (`nil`: the field is absent). 0, the simplest, is the integer 1.
    static let schemaForms: [SchemaForm] = [
        SchemaForm("schema:int", ["1"]), SchemaForm("schema:string", ["\"1\""]),
        SchemaForm("schema:string-minor", ["\"1.2\""]), SchemaForm("schema:string-patch", ["\"1.4.1\""]),
        SchemaForm("schema:missing", [nil]), SchemaForm("schema:null", ["null"]),
        SchemaForm("schema:spelled", ["1.0", "1e0", "-0"]),
    ]

    /// The spellings DEC-SCHEMA-VERSION refuses: a major above the supported one (unsupported), or not a version.
    static let schemaErrorForms: [SchemaForm] = [
        SchemaForm("schema:future-major", ["2", "\"3.0\""]),
        SchemaForm("schema:huge", ["12345678901234567890", "\"99999999999999999999.0\"", "1e300"]),
        SchemaForm("schema:fraction", ["1.5", "0.9"]), SchemaForm("schema:negative", ["-1", "\"-1\""]),
        SchemaForm("schema:non-numeric", ["\"v1\"", "\"1.x\"", "\"\"", "\"+1\""]),
        SchemaForm("schema:wrong-type", ["true", "[1]", "{}"]), SchemaForm("schema:unreadable-number", ["1e400"]),
    ]

    /// A class of `schema_version` spellings: its coverage label, and its spellings (`nil`: the field is absent).
    struct SchemaForm: Equatable {
        var label: String
        var texts: [String?]
        init(_ label: String, _ texts: [String?]) {
            self.label = label
            self.texts = texts
        }
    }

    /// Content `version` spellings other than 1 to 8 as integers, with what they mean (DEC-VERSION): the version
    /// the content is written for, or `nil` for "means 1".
    static let versionForms: [(text: String?, means: Int?, label: String)] = [
        ("9", 9, "version:future"), ("1e300", 9, "version:huge"), ("12345678901234567890", 9, "version:huge"),
        (nil, nil, "version:missing"), ("\"8\"", nil, "version:string"), ("7.5", nil, "version:fraction"),
        ("0", nil, "version:negative"), ("-3", nil, "version:negative"), ("-0", nil, "version:negative"),
        ("true", nil, "version:wrong-type"), ("[8]", nil, "version:wrong-type"),
        ("1e400", nil, "version:unreadable-number"), ("8.0", 8, "version:spelled"), ("80e-1", 8, "version:spelled"),
    ]

    /// Numbers as JSON may write them, put in props where they are data.
    static let numberForms: [(text: String, label: String)] = [
        ("1.0", "fraction-zero"), ("1e0", "exponent"), ("-0", "negative-zero"), ("1e400", "beyond-double"),
        ("123456789012345678901234567890", "big-integer"), ("1E+2", "exponent"), ("0.1e-5", "exponent"),
    ]

    static let edgeKindLabels = DecoderOptions.edgeKinds.map { "edge:kind:\($0)" }
    static let variableLabels =
        DecoderOptions.variableTypes.map { "variable:type:\($0)" }
        + DecoderOptions.listItemTypes.map { "variable:list-item:\($0)" }
        + DecoderOptions.lifecycles.map { "variable:lifecycle:\($0)" }
        + DecoderOptions.sourceKinds.map { "variable:source:\($0)" }

    /// The written `version` (nil: absent) and the version the content is written for.
    func contentVersion(
        _ source: ChoiceSource, context: Context
    ) throws(ChoiceSource.Stop) -> (JSONValue?, Int) {
        // Nine in 30 the current version, seven an old one (when migrations are declared), one each of the 14
        // other spellings.
        let roll = Int(try source.draw(upTo: 29))
        switch roll {
        case 9..<16 where decoding.migrations:
            let old = roll - 8
            context.label("version:\(old)")
            return (.number(Double(old)), old)
        case 16...:
            let form = Self.versionForms[roll - 16]
            context.label(form.label)
            // "Means 1": the content is version 1's when it migrates, else the current one's (no migration happens).
            let means = form.means ?? (decoding.migrations ? 1 : 8)
            return (form.text.map { context.spelled($0) }, means)
        default:
            return (.number(8), 8)
        }
    }

    /// The flow wrapped in a resolve response, its fields sometimes missing or extra, its `schema_version` in every
    /// spelling, and its `flow_schema` sometimes missing, null or not an object.
    func resolveResponse(
        _ source: ChoiceSource, flow: JSONValue, fatal: Fatal, context: Context
    ) throws(ChoiceSource.Stop) -> JSONValue {
        context.label("resolve-response")
        var pairs: [(key: String, value: JSONValue)] = []
        if try source.drawBool(probability: 0.2) {
            context.label("resolve:fields-missing")
        } else {
            pairs.append(("flow_id", .string("flow")))
            pairs.append(("flow_version_id", .string("fv_1")))
        }
        // A class of spelling: an accepted one, or (when the document is to be an error) one the rule refuses.
        let classes = fatal == .schemaError ? Self.schemaErrorForms : Self.schemaForms
        let form = try pick(source, classes)
        context.label(form.label)
        context.label(classes == Self.schemaErrorForms ? "schema:refused" : "schema:accepted")
        if let text = try pick(source, form.texts) { pairs.append(("schema_version", context.spelled(text))) }
        switch fatal == .flowSchemaDamage ? try source.draw(upTo: 2) : 3 {
        case 0:
            context.label("resolve:flow-schema-damaged")
            context.label("resolve:flow-schema-missing")
        case 1:
            context.label("resolve:flow-schema-damaged")
            context.label("resolve:flow-schema-null")
            pairs.append(("flow_schema", .null))
        case 2:
            context.label("resolve:flow-schema-damaged")
            context.label("resolve:flow-schema-not-object")
            pairs.append(("flow_schema", try pick(source, [.string("flow"), .array([flow]), .number(1)])))
        default: pairs.append(("flow_schema", flow))
        }
        if !context.labels.contains("resolve:fields-missing") { pairs.append(("cache_ttl_seconds", .number(300))) }
        if let extra = try undocumentedField(source, level: "resolve", probability: 0.15, context: context) {
            pairs.append(extra)
        }
        return .object(pairs)
    }

    /// persistentUI, the legacy chrome, both or neither; zones that are partial, empty, hidden or not objects.
    func zones(
        _ source: ChoiceSource, context: Context
    ) throws(ChoiceSource.Stop) -> [(key: String, value: JSONValue)] {
        func zone(_ name: String) throws(ChoiceSource.Stop) -> JSONValue {
            switch try source.draw(upTo: 9) {
            case 9:
                context.label("zones:not-object")
                return try pick(source, [.string(name), .bool(true), .array([]), .number(44), .null])
            case 8:
                context.label("zones:hidden")
                return .object([("visible", .bool(false)), ("height", .number(44))])
            default:
                var pairs: [(key: String, value: JSONValue)] = [("height", .number(44))]
                if let extra = try undocumentedField(source, level: "zones", probability: 0.1, context: context) {
                    pairs.append(extra)
                }
                return .object(pairs)
            }
        }
        func persistent() throws(ChoiceSource.Stop) -> JSONValue {
            if try source.drawBool(probability: 0.06) {
                context.label("zones:persistent-not-object")
                return .string("default")
            }
            var zones: [(key: String, value: JSONValue)] = []
            for name in ["navigationBar", "footer", "overlay"] where try source.drawBool(probability: 0.6) {
                zones.append((name, try zone(name)))
            }
            context.label(zones.isEmpty ? "zones:empty" : zones.count < 3 ? "zones:partial" : "zones:full")
            // Written in another order now and then: the canonical form lists zones in its own order (DEC-ZONE).
            if zones.count > 1, try source.drawBool(probability: 0.25) {
                zones.reverse()
                context.label("zones:out-of-order")
            }
            return .object(zones)
        }
        func chrome() throws(ChoiceSource.Stop) -> JSONValue {
            var chrome: [(key: String, value: JSONValue)] = []
            if try source.drawBool(probability: 0.7) { chrome.append(("header", try zone("header"))) }
            if try source.drawBool(probability: 0.5) { chrome.append(("footer", try zone("footer"))) }
            return .object(chrome)
        }
        switch try source.draw(upTo: 3) {
        case 1:
            context.label("zones:persistent")
            return [("persistentUI", try persistent())]
        case 2:
            context.label("zones:chrome")
            return [("chrome", try chrome())]
        case 3:
            context.label("zones:both")
            return [("persistentUI", try persistent()), ("chrome", try chrome())]
        default:
            return []
        }
    }

    /// Variables of every documented type, item type, scope, lifecycle and source kind, and at a steady rate ones
    /// outside them, without a key, repeating one, or not objects; `nil` when the flow has no `variables`.
    func variables(_ source: ChoiceSource, context: Context) throws(ChoiceSource.Stop) -> JSONValue? {
        switch try source.draw(upTo: 39) {
        case 39:
            context.label("variables:not-array")
            return .object([("v0", .object([("type", .string("string"))]))])
        case 38: return nil
        default: break
        }
        var variables: [JSONValue] = []
        while try source.span(
            "variable",
            { () throws(ChoiceSource.Stop) -> Bool in
                guard try source.drawBool(probability: variables.count < 5 ? 0.5 : 0), variables.count < 5 else {
                    return false
                }
                variables.append(try variable(source, index: variables.count, context: context))
                return true
            })
        {}
        return .array(variables)
    }

    func variable(_ source: ChoiceSource, index: Int, context: Context) throws(ChoiceSource.Stop) -> JSONValue {
        let type = try pick(source, DecoderOptions.variableTypes)
        var pairs: [(key: String, value: JSONValue)] = [("key", .string("v\(index)")), ("type", .string(type))]
        context.label("variable:type:\(type)")
        if type == "list" {
            let item = try pick(source, DecoderOptions.listItemTypes)
            context.label("variable:list-item:\(item)")
            pairs.append(("listItemType", .string(item)))
        }
        pairs.append(("scope", .string("global")))
        let lifecycle = try pick(source, DecoderOptions.lifecycles)
        context.label("variable:lifecycle:\(lifecycle)")
        pairs.append(("lifecycle", .string(lifecycle)))
        let kind = try pick(source, DecoderOptions.sourceKinds)
        context.label("variable:source:\(kind)")
        pairs.append(
            (
                "source",
                .object([
                    ("kind", .string(kind)), kind == "sdk" ? ("path", .string("user.name")) : ("value", .number(1)),
                ])
            ))
        // Damage, one kind at a time: each says what DEC-VARIABLE does with it.
        func replace(_ key: String, _ value: JSONValue?) {
            pairs.removeAll { $0.key == key }
            if let value { pairs.append((key, value)) }
        }
        switch try source.draw(upTo: 23) {
        case 23:
            context.label("variable:bad-type"); replace("type", try pick(source, [.string("date"), .number(3), nil]))
        case 22:
            context.label("variable:list-no-item")
            replace("type", .string("list"))
            replace("listItemType", try pick(source, [nil, .string("date")]))
        case 21: context.label("variable:no-key"); replace("key", try pick(source, [nil, .number(7), .string("")]))
        case 20 where index > 0: context.label("variable:duplicate"); replace("key", .string("v0"))
        case 19: context.label("variable:unknown-lifecycle"); replace("lifecycle", .string("forever"))
        case 18: context.label("variable:unknown-scope"); replace("scope", .string("user"))
        case 17:
            context.label("variable:unknown-source")
            replace("source", .object([("kind", .string("remote")), ("url", .string("https://example.com"))]))
        case 16: context.label("variable:bad-type"); return .string("v\(index)")
        default: break
        }
        if let extra = try undocumentedField(source, level: "variable", probability: 0.08, context: context) {
            pairs.append(extra)
        }
        return .object(pairs)
    }

    /// Edges of every kind, with and without guard, label, priority and transition; dangling, malformed, of an
    /// unknown kind, or repeating an earlier id at small rates.
    func edges(_ source: ChoiceSource, ids: [String], context: Context) throws(ChoiceSource.Stop) -> [JSONValue] {
        var edges: [JSONValue] = []
        guard !ids.isEmpty else { return edges }
        while true {
            let edge = try source.span("edge") { () throws(ChoiceSource.Stop) -> JSONValue? in
                guard try source.drawBool(probability: edges.count < 6 ? 0.7 : 0), edges.count < 6 else { return nil }
                let from = try pick(source, ids)
                var to = try pick(source, ids)
                let known = try pick(source, DecoderOptions.edgeKinds)
                var kind: JSONValue? = .string(known)
                var id = "e\(edges.count)"
                switch try source.draw(upTo: 11) {
                case 11: kind = .string("teleport"); context.label("edge:unknown-kind")
                case 10: to = "gone"; context.label("edge:dangling")
                case 9:
                    context.label("edge:malformed")
                    return .object([("fromNodeId", .string(from)), ("toNodeId", .number(3))])
                case 8: kind = try pick(source, [nil, .null])
                case 4...7 where !edges.isEmpty:
                    // The previous edge's id: kept most often, so that this one is the repeat (DEC-DUPLICATE-EDGE).
                    id = "e\(edges.count - 1)"
                    context.label("edge:duplicate-id")
                default: context.label("edge:kind:\(known)")
                }
                var pairs: [(key: String, value: JSONValue)] = [
                    ("id", .string(id)), ("fromNodeId", .string(from)), ("toNodeId", .string(to)),
                ]
                if let kind { pairs.append(("kind", kind)) }
                if try source.drawBool(probability: 0.2) {
                    context.label("edge:guard")
                    pairs.append(("guard", .string(try pick(source, ["score >= 3", "cart.total >>> 100", "("]))))
                }
                if try source.drawBool(probability: 0.2) {
                    context.label("edge:label"); pairs.append(("label", .string("Next")))
                }
                if try source.drawBool(probability: 0.15) {
                    context.label("edge:priority")
                    pairs.append(("priority", try pick(source, [.number(1), .string("high"), .number(-2.5)])))
                }
                if try source.drawBool(probability: 0.15) {
                    context.label("edge:transition")
                    pairs.append(("transition", .object([("type", .string(try pick(source, ["slide", "warp"])))])))
                }
                if let extra = try undocumentedField(source, level: "edge", probability: 0.05, context: context) {
                    pairs.append(extra)
                }
                return .object(pairs)
            }
            guard let edge else { break }
            edges.append(edge)
        }
        return edges
    }
}
