import JSON

/// Each decoding rule's own check, judged on an implementation's outcome against the reference's, for the elements
/// the document's trace says fell under the rule.
///
/// A divergence breaks the rules whose trigger fired and whose check fails; when none does, it breaks
/// DEC-CANONICAL, the rule that a decodable document is described exactly by its canonical form.
public enum DecodingCheck {
    /// The IDs of the rules the implementation's outcome breaks, in trace order; empty when the outcomes agree.
    public static func broken(trace: DecodeTrace, expected: DecodeOutcome, actual: DecodeOutcome) -> [String] {
        guard !expected.agrees(with: actual) else { return [] }
        guard case .flow(let reference) = expected else {
            // The document is an error: the rule that made it one is broken, unless the implementation's flow shows
            // where it went wrong first: a node the rules keep unsupported, decoded as a supported one, is why a
            // later node of the same id counted (and then the missing screen or entry is only a consequence).
            if case .flow(let flow) = actual {
                // (An unknown-kind node the rules skip, kept, is the same kind of first step.)
                var misread: [String] = []
                for hit in trace.hits where !misread.contains(hit.rule) {
                    let kept = flow.nodes.first { $0.id == hit.element }
                    // A later node of the same id in its place (last wins) is the repeated id's rule at work.
                    if let kept, hit.rule.hasPrefix("DEC-NODE-"),
                        trace.duplicates.contains(where: { $0.node.id == kept.id && $0.node == kept })
                    {
                        if !misread.contains(.decDuplicateNode) { misread.append(.decDuplicateNode) }
                        continue
                    }
                    if hit.rule == .decNodeUnsupported && kept?.supported == true
                        || hit.rule == .decNodeUnknown && kept != nil
                    {
                        misread.append(hit.rule)
                    }
                }
                // A flow with no screen, whose screens in the implementation's flow all take the id of a node
                // repeated later: a later node kept in the first one's place (one the reference skips on its own,
                // for its kind, too), which is the repeated id's rule.
                let repeated = Set(trace.hits.filter { $0.rule == .decDuplicateNode }.compactMap(\.element))
                let screens = flow.nodes.filter { $0.kind == "screen" }
                if misread.isEmpty, trace.fatal == .decNoScreen, !screens.isEmpty,
                    screens.allSatisfy({ repeated.contains($0.id) })
                {
                    misread.append(.decDuplicateNode)
                }
                if !misread.isEmpty { return misread }
            }
            // Refused at the schema gate the reference passed: the first rule at which the two depart.
            if case .error(let got) = actual, got.code == FlowDecodeError.unsupportedSchemaVersion,
                trace.fatal != .decSchemaVersion, trace.hits.contains(where: { $0.rule == .decSchemaVersion })
            {
                return [.decSchemaVersion]
            }
            // Refused whole as invalid where the reference refuses it otherwise (at the schema gate, say), and the
            // text holds a lone surrogate: a reader that refuses such text does so as it parses, before any gate.
            if case .error(let got) = actual, got.code == FlowDecodeError.invalidFlowSchema,
                trace.hits.contains(where: { $0.rule == .decString })
            {
                return [.decString]
            }
            // Refused whole as invalid where the reference refuses it otherwise, and the text nests deeper than the
            // decode ever read: a reader that measures the depth of the text refuses it before any gate (DEC-DEPTH).
            if case .error(let got) = actual, got.code == FlowDecodeError.invalidFlowSchema,
                trace.hits.contains(where: { $0.rule == .decDepth && $0.element == DecodeTrace.documentProps })
            {
                return [.decDepth]
            }
            return [trace.fatal ?? .decRoot]
        }
        // An unreadable version read at its face explains every difference that reading makes (DEC-VERSION's
        // precedence over DEC-MIGRATE): the migrations ran from the version the implementation read.
        if let flow = actual.flow, trace.misreadings.contains(flow) { return [.decVersion] }
        // A later node of a repeated id kept in the first one's place (last wins): what it holds is not the rules' to
        // answer for. One kept in its own place is a first node dropped, and that node's rules say why.
        let kept = (reference.nodes.map(\.id), (actual.flow?.nodes ?? []).map(\.id))
        let keptLater = Set(
            trace.duplicates.filter { duplicate in
                let id = duplicate.node.id
                guard let got = actual.flow?.nodes.first(where: { $0.id == id }), got == duplicate.node,
                    got != reference.nodes.first(where: { $0.id == id }), let at = kept.1.firstIndex(of: id)
                else { return false }
                // Before the nodes kept between the two, where the first stood. With none kept between, a first node
                // dropped looks the same, and the document cannot say which: the repeated id's rule, a SHOULD, is
                // named (a decoder that drops nodes shows it on documents without a repeated id, under its rule).
                let between = duplicate.between.compactMap { kept.1.firstIndex(of: $0) }
                return between.allSatisfy { at < $0 }
            }.map(\.node.id))
        var broken: [String] = []
        var brokenHits: [DecodeTrace.Hit] = []
        // A migration the implementation ran as a misread version runs it is the version's difference (DEC-VERSION's
        // precedence), also in a document where other rules broke as well.
        let misread =
            trace.misreadings.isEmpty || !trace.hits.contains(where: { $0.rule == .decMigrate })
            ? [] : actual.flow.map { misreadComponents(trace: trace, reference: reference, actual: $0) } ?? []
        for hit in trace.hits where !holds(hit, reference: reference, actual: actual, trace: trace) {
            if hit.rule == .decMigrate, let screen = hit.screen, let element = hit.element,
                misread.contains([screen, element])
            {
                continue
            }
            if hit.rule != .decDuplicateNode, let node = hit.screen ?? hit.element, keptLater.contains(node) {
                continue
            }
            brokenHits.append(hit)
        }
        brokenHits = withoutConsequences(brokenHits, reference: reference, actual: actual)
        for hit in brokenHits where !broken.contains(hit.rule) { broken.append(hit.rule) }
        // Two rules only follow from which nodes were kept: a later node of a repeated id is judged against the
        // first one, and an empty entry falls back to the first screen. When a node they depend on broke a rule of
        // its own (it was dropped, or kept when it should not have been, and so became the first screen), their
        // difference follows from that one, and is not theirs.
        func dependsOn(_ hit: DecodeTrace.Hit) -> [String] {
            switch hit.rule {
            case .decDuplicateNode: return hit.element.map { [$0] } ?? []
            case .decEntryEmpty: return [reference.entry] + (actual.flow.map { [$0.entry] } ?? [])
            default: return []
            }
        }
        // A repeated node only in a flow decoded: in a rejected document no node is known to have broken a rule of
        // its own (every hit fails there), and the repeat, which a reader may read before skipping it, may as well
        // be what the implementation refused. (An empty entry names the first screen, which the reader has kept.)
        let dependent: [String] = actual.flow != nil ? [.decDuplicateNode, .decEntryEmpty] : [.decEntryEmpty]
        for rule in dependent {
            let consequent = brokenHits.filter { $0.rule == rule }
            let explained = consequent.allSatisfy { hit in
                let nodes = dependsOn(hit)
                // (A screen's missing layout explains nothing: the simplest screen has none.)
                return brokenHits.contains { other in
                    other.rule != rule && other.element != DecodeTrace.missingLayout
                        && nodes.contains { other.element == $0 || other.screen == $0 }
                }
            }
            if !consequent.isEmpty && explained { broken.removeAll { $0 == rule } }
        }
        broken.removeAll { $0 == .decCanonical }
        // Two rules judged on the whole flow (a repeated key; an unknown field at the top) name a difference only
        // when no rule about a part of it does: the part's rule says where the implementation went wrong.
        // (And a screen with no layout: a node dropped or kept otherwise says so through its own rule.)
        let wholeFlow = brokenHits.filter {
            $0.rule == .decDuplicateKey || $0.rule == .decIgnoreFields && $0.element == nil
                || $0.element == DecodeTrace.missingLayout
        }
        let partRules = Set(brokenHits.filter { !wholeFlow.contains($0) && $0.rule != .decCanonical }.map(\.rule))
        if !wholeFlow.isEmpty, !partRules.isEmpty {
            broken.removeAll { rule in !partRules.contains(rule) && wholeFlow.contains { $0.rule == rule } }
        }
        if actual.flow == nil && broken.count > 1 {
            // A rejected document: the rules about the whole of it (the resolve envelope, which only carries what the
            // others are about; a version that means 1; repeated keys; unknown fields) name the cause only when no
            // rule about a part of it (a node, a component, an edge) breaks. A screen with no layout, as the simplest
            // screen is, names no cause before either.
            let wholeDocument: Set<String> = [.decResolve, .decVersion, .decDuplicateKey, .decIgnoreFields]
            let weak = { (hit: DecodeTrace.Hit) in
                wholeDocument.contains(hit.rule) || hit.element == DecodeTrace.missingLayout
            }
            let parts = Set(brokenHits.filter { !weak($0) && $0.rule != .decCanonical }.map(\.rule))
            let wholes = Set(brokenHits.filter { wholeDocument.contains($0.rule) }.map(\.rule))
            if !parts.isEmpty {
                broken = broken.filter(parts.contains)
            } else if !wholes.isEmpty {
                broken = broken.filter(wholes.contains)
            }
        }
        return broken.isEmpty ? [.decCanonical] : broken
    }

    /// The other outcomes a document may decode to where the docs allow more than one reading; empty when they
    /// allow one. Each choice below is independent of the other, so a document that meets both has three:
    ///
    /// - A document that repeats a key may decode with the first occurrences kept: JSON readers differ there
    ///   (Foundation keeps the first, JavaScript the last), and DEC-DUPLICATE-KEY accepts either.
    /// - A bare flow that carries a `schema_version` of its own may have it read as the resolve response's gate
    ///   (DEC-SCHEMA-VERSION), where the reference ignores it as an undocumented field: the docs do not say which.
    public static func alternatives(_ text: String, options: DecoderOptions) -> [DecodeOutcome] {
        guard let root = try? JSONParser.parse(text) else { return [] }
        // Both readings of the same key are read by the same gate: a repeated schema_version is read as written.
        let readings = root.repeatsAKey ? [root, root.keepingFirstKeys] : [root]
        var documents = Array(readings.dropFirst())
        for reading in readings {
            guard case .object(let pairs) = reading, reading["flow_schema"] == nil,
                let version = reading["schema_version"], version != .null
            else { continue }
            documents.append(
                .object([
                    ("schema_version", version), ("flow_schema", .object(pairs.filter { $0.key != "schema_version" })),
                ]))
        }
        return documents.map { ReferenceFlowDecoder.decode(JSONWriter.write($0, sortedKeys: false), options: options) }
    }

    /// The document with the first occurrence of every repeated key kept, as text; `nil` when no key is repeated with
    /// values that differ (both readings are the same document).
    public static func firstOccurrences(_ text: String) -> String? {
        guard let root = try? JSONParser.parse(text) else { return nil }
        var count = 0
        let reading = root.keepingOccurrences(&count) { _ in true }
        return count == 0 ? nil : JSONWriter.write(reading, sortedKeys: false)
    }

    /// Whether the implementation's outcome is a reading that keeps the first occurrence of some repeated keys and
    /// the last of others: DEC-DUPLICATE-KEY asks for one way over the whole document. Up to four keys repeated with
    /// values that differ are tried in every mix (14 readings); a document repeating more is not judged this way.
    public static func readsRepeatedKeysMixed(_ text: String, actual: DecodeOutcome, options: DecoderOptions) -> Bool {
        guard let root = try? JSONParser.parse(text) else { return false }
        var count = 0
        _ = root.keepingOccurrences(&count) { _ in false }
        guard (2...4).contains(count) else { return false }
        let all = (1 << count) - 1
        return (1..<all).contains { mask in
            var next = 0
            let reading = root.keepingOccurrences(&next) { mask & (1 << $0) != 0 }
            return ReferenceFlowDecoder.decode(JSONWriter.write(reading, sortedKeys: false), options: options).agrees(
                with: actual)
        }
    }

    /// The broken hits less those that follow from another: the rules about what a node holds (its components,
    /// their depth and migrations, its fields) and about the edges that touch it, when a rule about the node itself
    /// (kept, skipped, its kind) broke and the implementation's flow lacks it; and DEC-DUPLICATE-EDGE for an id whose
    /// kept edge broke DEC-EDGE.
    static func withoutConsequences(
        _ hits: [DecodeTrace.Hit], reference: CanonicalFlow, actual: DecodeOutcome
    ) -> [DecodeTrace.Hit] {
        guard let flow = actual.flow else { return hits }
        let nodeRules: Set<String> = [
            .decScreenType, .decNodeUnsupported, .decNodeUnknown, .decLogicNode, .decMalformedLayout,
            .decDuplicateNode,
        ]
        let dropped = Set(
            hits.filter { nodeRules.contains($0.rule) }.compactMap { $0.screen ?? $0.element }.filter { id in
                id != DecodeTrace.missingLayout && !flow.nodes.contains { $0.id == id }
            }
                + hits.filter { $0.element == DecodeTrace.missingLayout }.compactMap(\.screen).filter { id in
                    !flow.nodes.contains { $0.id == id }
                })
        let edgeTouches = { (id: String) in
            reference.edges.contains { $0.id == id && (dropped.contains($0.from) || dropped.contains($0.to)) }
        }
        let brokenEdges = Set(hits.filter { $0.rule == .decEdge }.compactMap(\.element))
        return hits.filter { hit in
            if nodeRules.contains(hit.rule) { return true }
            if let screen = hit.screen, dropped.contains(screen) { return false }
            if hit.rule == .decEdge || hit.rule == .decDuplicateEdge || hit.rule == .decIgnoreFields,
                let id = hit.element, edgeTouches(id)
            {
                return false
            }
            if hit.rule == .decDuplicateEdge, let id = hit.element, brokenEdges.contains(id) { return false }
            return true
        }
    }

    /// Where and how two outcomes first differ, in words that survive shrinking: the kind of document element and
    /// what happened to it, never an id or a rule; `nil` when they agree.
    ///
    /// A failure's identity while it is searched for and shrunk: naming rules at that point would depend on the
    /// unrelated parts of the document that shrinking removes (a rule is named on the minimal document instead).
    public static func shape(expected: DecodeOutcome, actual: DecodeOutcome) -> String? {
        guard !expected.agrees(with: actual) else { return nil }
        switch (expected, actual) {
        case (.error(let want), .flow):
            return "a flow decoded where the document is \(want.code)"
        case (.error(let want), .error(let got)):
            return "rejected as \(got.code) where the document is \(want.code)"
        case (.flow, .error(let got)):
            return "a decodable document rejected as \(got.code)"
        case (.flow(let want), .flow(let got)):
            return flowShape(want, got)
        }
    }

    static func flowShape(_ want: CanonicalFlow, _ got: CanonicalFlow) -> String {
        let wantIDs = Set(want.nodes.map(\.id))
        let gotIDs = Set(got.nodes.map(\.id))
        if let missing = want.nodes.first(where: { !gotIDs.contains($0.id) }) {
            return "\(kindClass(missing.kind)) node missing"
        }
        if let extra = got.nodes.first(where: { !wantIDs.contains($0.id) }) {
            return "a node that should be skipped kept as \(kindClass(extra.kind))"
        }
        if want.nodes.map(\.id) != got.nodes.map(\.id) { return "the nodes out of order" }
        for (a, b) in zip(want.nodes, got.nodes) where a != b {
            if a.kind != b.kind || a.supported != b.supported {
                return "\(kindClass(a.kind)) node decoded as another kind"
            }
            if a.layout != b.layout { return componentShape(a.layout, b.layout) }
            return "a screen's hidden zones differ"
        }
        if want.edges != got.edges {
            // An edge kept twice is kept where it should be skipped, as one the reference has none of.
            let kept = Set(want.edges)
            let extra = got.edges.contains { !kept.contains($0) } || Set(got.edges).count < got.edges.count
            return extra ? "an edge that should be skipped kept" : "an edge missing"
        }
        if want.zones != got.zones { return "the zones differ" }
        if want.entry != got.entry { return "the entry node differs" }
        if want.version != got.version { return "the content version differs" }
        if want.variables != got.variables { return "the variables differ" }
        return "the flow id differs"
    }

    /// A node kind's class: kinds the rules treat alike make one shape.
    static func kindClass(_ kind: String) -> String {
        switch kind {
        case "screen": return "a screen"
        case "condition", "assign", "abTest": return "a logic"
        case "api", "event", "subflow": return "an unsupported-kind"
        default: return "an unknown-kind"
        }
    }

    /// The first component that differs, in document order.
    static func componentShape(_ want: CanonicalFlow.Component?, _ got: CanonicalFlow.Component?) -> String {
        // Types stay out of the shape (a bug in how children are kept is one bug whatever the parent's type), except
        // the expected type of a component decoded as another: that is what a migration or an unknown type is about.
        guard let want else { return "a layout decoded where it should be null" }
        guard let got else { return "a layout decoded as null" }
        if want.id != got.id || want.type != got.type {
            return want.type == "unknown"
                ? "an unknown component decoded as a known type" : "a component decoded as another type"
        }
        if want.children.map(\.id) != got.children.map(\.id) {
            let ids = Set(got.children.map(\.id))
            return want.children.contains(where: { !ids.contains($0.id) })
                ? "a component's child missing" : "a component's child that should be skipped kept"
        }
        for (a, b) in zip(want.children, got.children) where a != b { return componentShape(a, b) }
        return "a component differs"
    }

    /// Whether the implementation's outcome keeps what the rule says about the element the trigger fired on.
    static func holds(
        _ hit: DecodeTrace.Hit, reference: CanonicalFlow, actual: DecodeOutcome, trace: DecodeTrace
    ) -> Bool {
        guard case .flow(let flow) = actual else { return false }
        let expectedNode = reference.nodes.first { $0.id == (hit.screen ?? hit.element) }
        let actualNode = flow.nodes.first { $0.id == (hit.screen ?? hit.element) }
        // The first node of a repeated id dropped, and a later one kept instead: the rule that keeps the first node
        // (its kind, its screenType, its layout) is what broke, not the repeated id's.
        let keepsNode: Set<String> = [
            .decScreenType, .decNodeUnsupported, .decNodeUnknown, .decLogicNode, .decMalformedLayout,
        ]
        // (Equal to the first, it shows where it stands: in the later one's place.)
        if keepsNode.contains(hit.rule), let actualNode,
            actualNode != expectedNode || flow.nodes.map(\.id) != reference.nodes.map(\.id),
            trace.duplicates.contains(where: { $0.node.id == actualNode.id && $0.node == actualNode })
        {
            return false
        }
        switch hit.rule {
        case .decResolve, .decSchemaVersion, .decString:
            // A flow decoded passed the envelope and kept its strings: these rules break only by a refusal.
            return true
        case .decUnknownComponent, .decMalformedChild:
            // The component (or the parent of the skipped child) keeps exactly the reference's children.
            guard let id = hit.element else { return true }
            let want = expectedNode?.layout.flatMap { find(id, in: $0) }
            let got = actualNode?.layout.flatMap { find(id, in: $0) }
            if hit.rule == .decUnknownComponent {
                // Unknown, under its own id, among the same siblings, and with no subtree: an unknown component's
                // children are not decoded (one that kept them breaks this rule, not the catch-all).
                guard let want, let got, got.type == want.type, got.children.map(\.id) == want.children.map(\.id)
                else { return false }
                return siblings(of: id, in: expectedNode?.layout) == siblings(of: id, in: actualNode?.layout)
            }
            return want?.children.map(\.id) == got?.children.map(\.id)
        case .decMalformedLayout:
            return actualNode != nil && actualNode?.layout == nil
        case .decNodeUnsupported:
            return actualNode?.kind == expectedNode?.kind && actualNode?.supported == false
        case .decNodeUnknown:
            return actualNode == nil && reference.nodes.allSatisfy { node in flow.nodes.contains { $0.id == node.id } }
        case .decMalformedNode:
            return flow.nodes.map(\.id) == reference.nodes.map(\.id)
        case .decDuplicateNode:
            return flow.nodes.filter { $0.id == hit.element } == reference.nodes.filter { $0.id == hit.element }
        case .decEdge, .decDuplicateEdge:
            // Judged on the edges of the id the trigger fired on, so that a kept duplicate and a kept dangling edge
            // of another id are two causes. An edge skipped for having no string id: nothing the reference lacks
            // under an id of its own was kept.
            guard let id = hit.element else {
                // A skipped edge: none the reference skipped is kept, nor one under an id the reference has no edge of.
                let ids = Set(reference.edges.map(\.id))
                return flow.edges.allSatisfy { edge in
                    reference.edges.contains(edge) || ids.contains(edge.id) && !trace.skippedEdges.contains(edge)
                }
            }
            let first = flow.edges.first { $0.id == id }
            if hit.rule == .decDuplicateEdge {
                // Exactly the reference's edge of the id: none more, none other, and not lost to an edge skipped
                // before it (a kept edge of the id that breaks DEC-EDGE explains a difference first).
                return flow.edges.filter { $0.id == id } == reference.edges.filter { $0.id == id }
            }
            // A kept edge with a guard, label, priority or transition: kept as the reference keeps it.
            return first == reference.edges.first { $0.id == id }
        case .decVariable:
            return flow.variables == reference.variables
        case .decZone:
            return flow.zones == reference.zones
        case .decLogicNode, .decScreenType:
            return actualNode != nil && actualNode == expectedNode
        case .decEntryEmpty:
            return flow.entry == reference.entry
        case .decLegacyChrome:
            return flow.zones == reference.zones
        case .decLegacyOverrides:
            return actualNode?.hidesZones == expectedNode?.hidesZones
        case .decVersion:
            // Stamped as the reference stamps it, and migrated from the version the rule reads, wherever a reading
            // at its face would migrate otherwise.
            return flow.version == reference.version
                && misreadComponents(trace: trace, reference: reference, actual: flow).isEmpty
        case .decMigrate:
            return actualNode?.layout == expectedNode?.layout
        case .decDepth where hit.element == DecodeTrace.documentProps:
            // Nesting the decode never reached: a flow decoded did not refuse the document for it.
            return true
        case .decDepth:
            // The layout nested deep (or with deep props) decoded as the reference decodes it.
            return actualNode != nil && actualNode?.layout == expectedNode?.layout
        case .decIgnoreFields:
            // The object that carried the field decodes as if it had not.
            guard let element = hit.element else { return flow == reference }
            if hit.path.contains(".edges[") {
                return flow.edges.first { $0.id == element } == reference.edges.first { $0.id == element }
            }
            if hit.path.contains(".variables[") {
                return flow.variables.contains(element) == reference.variables.contains(element)
            }
            if hit.screen == element { return actualNode == expectedNode }
            return expectedNode?.layout.flatMap { find(element, in: $0) }
                == actualNode?.layout.flatMap { find(element, in: $0) }
        default:
            return flow == reference
        }
    }

    static func find(_ id: String, in component: CanonicalFlow.Component) -> CanonicalFlow.Component? {
        if component.id == id { return component }
        for child in component.children {
            if let found = find(id, in: child) { return found }
        }
        return nil
    }

    /// The ids of the children of the component that holds `id`, or `nil`.
    static func siblings(of id: String, in layout: CanonicalFlow.Component?) -> [String]? {
        guard let layout else { return nil }
        if layout.children.contains(where: { $0.id == id }) { return layout.children.map(\.id) }
        for child in layout.children {
            if let found = siblings(of: id, in: child) { return found }
        }
        return nil
    }
}
