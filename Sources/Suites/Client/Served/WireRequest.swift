import Foundation
import HTTPWire
import JSON
import RUFClientModel

extension ClientRequest {
    /// What arrived on the network, read as a request: a request, a retry, or one the kit's HTTP server refused.
    init(_ arrival: NetworkExchanges.Arrival, createParams: JSONValue?) {
        switch arrival {
        case .request(let request): self.init(network: request, createParams: createParams)
        case .retried(let request):
            self.init(network: request, createParams: createParams)
            retried = true
        case .refused(let response):
            self.init(kind: "unread", id: "", screen: "")
            let sentence = String(decoding: response.body, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            departs(
                "refused",
                "the kit's HTTP server refused it before reading it as a request: \(response.status), \(sentence)")
            sent = "(refused before it was read: \(response.status), \(sentence))"
        }
    }

    /// A request as it arrived on the network, read as the api-contract page gives it; what departs from the page
    /// is said in ``wireProblem``. `createParams` are the parameters the last create was given.
    init(network request: HTTPRequest, createParams: JSONValue?) {
        // Each departure with its aspect, the name a baseline entry may give it.
        var problems: [(aspect: String, text: String)] = []
        if request.method != "POST" { problems.append(("method", "\(request.method), not POST")) }
        let body = try? JSONParser.parse(String(decoding: request.body, as: UTF8.self))
        let fields = body?.objectPairs
        let field = { (name: String) in fields?.first { $0.key == name }?.value }
        let path = request.path
        let kind: String
        switch path {
        case "/session/create": kind = "create"
        case "/session/action": kind = "action"
        default:
            kind = field("action") != nil ? "action" : "create"
            problems.append(("path", "the path \(path), not /session/create or /session/action"))
        }
        if !(request.headers["Content-Type"] ?? "").lowercased().hasPrefix("application/json") {
            problems.append(
                ("Content-Type", "Content-Type \(request.headers["Content-Type"] ?? "missing"), not application/json"))
        }
        let id = request.headers["x-request-id"] ?? ""
        if id.isEmpty { problems.append(("x-request-id", "no x-request-id header")) }
        if fields == nil { problems.append(("body", "the body is not a JSON object")) }
        let screen = field("screen")?.stringValue
        if fields != nil && screen == nil { problems.append(("body", "the body's screen is not a string")) }
        var action: JSONValue?
        var params: JSONValue?
        var meta: JSONValue?
        if kind == "create" {
            // The member is optional: leaving it out says "no parameters", and only a create that was given some
            // departs by it (shown as missing, not as an empty object).
            let given = createParams.map { $0.objectPairs?.isEmpty != true } ?? false
            params = field("screenParams") ?? (given ? nil : .object([]))
            if let params, !params.isObject { problems.append(("screenParams", "screenParams is not an object")) }
            if !(field("context")?.isObject ?? false) {
                problems.append(("body", "the create carries no context object"))
            }
            if let createParams, params == nil {
                problems.append(
                    ("screenParams", "no screenParams, where the create was given " + JSONWriter.write(createParams)))
            } else if let createParams, params?.canonical != createParams.canonical {
                problems.append(
                    (
                        "screenParams",
                        "screenParams \(JSONWriter.write(params ?? .null)), not the create's "
                            + JSONWriter.write(createParams)
                    ))
            }
        } else if fields != nil {
            let sent = field("action")?.objectPairs
            let type = sent?.first { $0.key == "type" }?.value
            let payload = sent?.first { $0.key == "payload" }?.value
            if type?.stringValue == nil { problems.append(("body", "action.type is not a string")) }
            if !(payload?.isObject ?? false) { problems.append(("body", "action.payload is not an object")) }
            action = .object([("type", type ?? .null), ("payload", payload ?? .null)])
            meta = field("meta")
            if !(meta?.isObject ?? false) { problems.append(("meta", "meta is not an object")) }
        }
        self.init(kind: kind, id: id, screen: screen ?? "", action: action, screenParams: params, meta: meta)
        for problem in problems { departs(problem.aspect, problem.text) }
        sent = Self.written(request)
    }

    /// The request as it arrived: request line, header fields, and the body (its first 2,000 characters).
    static func written(_ request: HTTPRequest) -> String {
        var lines = ["\(request.method) \(request.target) \(request.version)"]
        lines += request.headers.fields.map { "\($0.name): \($0.value)" }
        let body = String(decoding: request.body, as: UTF8.self)
        lines += ["", body.count > 2000 ? body.prefix(2000) + "… (\(request.body.count) bytes in all)" : body]
        return lines.joined(separator: "\n")
    }
}
