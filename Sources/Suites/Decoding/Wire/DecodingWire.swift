public import FlowSchema
package import JSON
public import ProcessProtocol

/// The decoding suite's message over the process protocol: `{"cmd": "decode", "seq", "text"}`, answered with
/// `{"ok": true, "flow"}` or `{"ok": false, "error": {"code", "message"}}`.
package enum DecodingWire {
    package static let replyShape = #"a decode reply ({"ok": true, "flow"} or {"ok": false, "error"})"#

    /// Writes a decode request; the text goes as one string, whatever it holds.
    package static func write(_ text: String, into request: inout JSONOutput, seq: Int) {
        request.raw(#"{"cmd":"decode","seq":"#)
        request.int(seq)
        request.raw(#","text":"#)
        request.string(text)
        request.raw("}")
    }

    /// A decode request as one line.
    package static func line(_ text: String, seq: Int) -> String {
        var request = JSONOutput()
        write(text, into: &request, seq: seq)
        return request.text
    }
}

/// A process implementation decodes documents as the decoding suite's wire says.
extension ProcessImplementation: DecodingImplementation {
    public func decode(_ text: String) throws -> DecodeOutcome {
        try exchange(
            context: { "decode (a document of \(text.utf8.count) bytes)" }, replyShape: DecodingWire.replyShape,
            write: { DecodingWire.write(text, into: &$0, seq: $1) },
            read: { (reply) throws(WireError) in
                try Wire.decodeOutcome(reply)
            })
    }
}

extension Wire {
    /// A decode reply: `{"ok": true, "flow"}` or `{"ok": false, "error": {"code", "message"}}`.
    package static func decodeOutcome(_ value: JSONValue) throws(WireError) -> DecodeOutcome {
        let pairs = try object(value)
        if try field(pairs, "ok", bool) {
            return .flow(try field(pairs, "flow", canonicalFlow))
        }
        return .error(
            try field(pairs, "error") { (value) throws(WireError) -> FlowDecodeError in
                let pairs = try object(value)
                return FlowDecodeError(
                    code: try field(pairs, "code", string), message: try field(pairs, "message", string))
            })
    }

    /// A decoded flow in its canonical form; every field is required.
    package static func canonicalFlow(_ value: JSONValue) throws(WireError) -> CanonicalFlow {
        let pairs = try object(value)
        return CanonicalFlow(
            id: try field(pairs, "id", string), version: try field(pairs, "version", int),
            entry: try field(pairs, "entry", string),
            nodes: try field(pairs, "nodes") { (value) throws(WireError) in try array(value, node) },
            edges: try field(pairs, "edges") { (value) throws(WireError) in try array(value, edge) },
            zones: try field(pairs, "zones") { (value) throws(WireError) in try array(value, string) },
            variables: try field(pairs, "variables") { (value) throws(WireError) in try array(value, string) })
    }

    private static func node(_ value: JSONValue) throws(WireError) -> CanonicalFlow.Node {
        let pairs = try object(value)
        return CanonicalFlow.Node(
            id: try field(pairs, "id", string), kind: try field(pairs, "kind", string),
            supported: try field(pairs, "supported", bool), layout: try optionalField(pairs, "layout", component),
            hidesZones: try optionalField(pairs, "hidesZones", bool))
    }

    private static func component(_ value: JSONValue) throws(WireError) -> CanonicalFlow.Component {
        let pairs = try object(value)
        return CanonicalFlow.Component(
            id: try field(pairs, "id", string), type: try field(pairs, "type", string),
            children: try field(pairs, "children") { (value) throws(WireError) in try array(value, component) })
    }

    private static func edge(_ value: JSONValue) throws(WireError) -> CanonicalFlow.Edge {
        let pairs = try object(value)
        return CanonicalFlow.Edge(
            id: try field(pairs, "id", string), from: try field(pairs, "from", string),
            to: try field(pairs, "to", string), kind: try field(pairs, "kind", string))
    }

}

extension JSONOutput {
    /// A decode reply: `{"flow","ok":true,"seq"}` or `{"error":{"code","message"},"ok":false,"seq"}`.
    package mutating func decodeReply(_ outcome: DecodeOutcome, seq: Int) {
        switch outcome {
        case .flow(let flow):
            raw(#"{"flow":"#)
            canonicalFlow(flow)
            raw(#","ok":true,"seq":"#)
        case .error(let error):
            raw(#"{"error":{"code":"#)
            string(error.code)
            raw(#","message":"#)
            string(error.message)
            raw(#"},"ok":false,"seq":"#)
        }
        int(seq)
        raw("}")
    }

    /// A decoded flow in its canonical form.
    package mutating func canonicalFlow(_ flow: CanonicalFlow) {
        raw(#"{"edges":["#)
        for (index, edge) in flow.edges.enumerated() {
            if index > 0 { raw(",") }
            raw(#"{"from":"#)
            string(edge.from)
            raw(#","id":"#)
            string(edge.id)
            raw(#","kind":"#)
            string(edge.kind)
            raw(#","to":"#)
            string(edge.to)
            raw("}")
        }
        raw(#"],"entry":"#)
        string(flow.entry)
        raw(#","id":"#)
        string(flow.id)
        raw(#","nodes":["#)
        for (index, node) in flow.nodes.enumerated() {
            if index > 0 { raw(",") }
            self.node(node)
        }
        raw(#"],"variables":"#)
        strings(flow.variables)
        raw(#","version":"#)
        int(flow.version)
        raw(#","zones":"#)
        strings(flow.zones)
        raw("}")
    }

    /// A node; a screen always says what its layout is (`null` when malformed) and whether it hides the zones.
    private mutating func node(_ node: CanonicalFlow.Node) {
        raw("{")
        if node.kind == "screen" {
            raw(#""hidesZones":"#)
            bool(node.hidesZones ?? false)
            raw(",")
        }
        raw(#""id":"#)
        string(node.id)
        raw(#","kind":"#)
        string(node.kind)
        if node.kind == "screen" {
            raw(#","layout":"#)
            if let layout = node.layout { component(layout) } else { raw("null") }
        }
        raw(#","supported":"#)
        bool(node.supported)
        raw("}")
    }

    private mutating func component(_ component: CanonicalFlow.Component) {
        raw(#"{"children":["#)
        for (index, child) in component.children.enumerated() {
            if index > 0 { raw(",") }
            self.component(child)
        }
        raw(#"],"id":"#)
        string(component.id)
        raw(#","type":"#)
        string(component.type)
        raw("}")
    }
}
