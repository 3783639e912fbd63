import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import Foundation
import HTTPWire
import JSON
import PropertyTesting
import RUFServerModel

/// A backend's failure told for people: the client version and the requests of the shortest session that shows it,
/// the answer that broke each rule (at its JSON path), and a `curl` line per request to replay the session by hand.
enum ServerFailure {
    static func describe(
        _ failing: FailingCase<ServerCase>, on backend: any RUFBackend
    ) throws(Abort) -> FailureRecord {
        let value = failing.value
        let (exchange, unanswered) = ServerExchange.play(value, on: backend, spec: value.spec)
        if let unanswered { return breakdown(failing, exchange, unanswered, on: backend) }
        guard let at = exchange.firstViolating else {
            throw Abort("the failure did not replay: the backend answered the same requests without breaking a rule")
        }
        let step = exchange.steps[at]
        let ruleIDs = ServerSuite.ruleIDs(of: step.violations)
        let rules = ruleIDs.compactMap(ServerRules.named)
        let request = value.requests[step.request]
        let where_ = "\(step.name) (\(request.summary))"
        // A repeat that got another answer is shown against the first answer; any other break against the spec.
        let first = at > 0 ? AnswerDiff.lines(exchange.steps[at - 1].json ?? .null).map(\.text) : []
        let again = AnswerDiff.lines(step.json ?? .null).map(\.text)
        // The line diff costs the product of the two lengths: past a few thousand lines, the answer alone is shown.
        let repeated =
            step.again && ruleIDs == [.srvIdempotent] && !first.isEmpty && first.count * again.count < 4_000_000
        let answer =
            repeated
            ? LineDiff.render(old: first, new: again, context: 3)
            : step.json.map { AnswerDiff.render($0, step.violations) }
                ?? step.violations.map { "- … " + $0.description }.joined(separator: "\n") + "\n+ "
                + VisibleText.line(String(decoding: step.answer.body.prefix(2000), as: UTF8.self))
        var record = FailureRecord(
            id: "server-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(identity(value).utf8))),
            suite: .server, description: "\(where_) broke \(ruleIDs.joined(separator: ", "))", rules: rules,
            features: Array(Set(rules.map(\.feature))).sorted(), size: UnitCount(at + 1, ServerSuite.answerUnit),
            originalSize: UnitCount(failing.original?.sentCount ?? value.sentCount, ServerSuite.answerUnit),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls, divergedAt: step.name,
            input: inputLines(value, exchange, mark: at, base: baseURL(backend)),
            diffHeading: "The answer to \(where_): HTTP \(step.answer.status)",
            diff: answer, violations: step.violations.map(\.description),
            storyboard: storyboard(value, exchange, upTo: at, base: baseURL(backend)), replay: failing.replay,
            detail: detail(value, exchange, at: at))
        record.origin = ruleIDs.sorted().joined(separator: ", ")
        record.diffLegend =
            repeated
            ? "- the first answer, + the answer to the same request sent again"
            : "- what the spec allows, + what the backend sent"
        return record
    }

    /// The case without its request ids, which are fresh on every run: what makes a failure the same one.
    static func identity(_ value: ServerCase) -> String {
        ([value.clientVersion] + value.requests.map { $0.summary + ($0.sentTwice ? " twice" : "") })
            .joined(separator: "\n")
    }

    static func baseURL(_ backend: any RUFBackend) -> String {
        (backend as? HTTPBackend)?.endpoint.description ?? "$BACKEND_URL"
    }

    /// The client version, the requests (the one that broke marked), and a `curl` line per request sent.
    static func inputLines(_ value: ServerCase, _ exchange: ServerExchange, mark: Int, base: String) -> [String] {
        var lines = ["Client version: \(value.clientVersion)", "Requests:"]
        let marked = exchange.steps[mark].request
        for (index, request) in value.requests.enumerated() {
            lines.append(
                "  \(index)  \(request.summary)" + (request.sentTwice ? "  (sent twice)" : "")
                    + (index == marked ? "   ← broke the rules" : ""))
        }
        lines.append("Replay with curl, one line per request sent (the meta as this run's answers made it):")
        for step in exchange.steps.prefix(mark + 1) { lines.append("  " + curl(step.sent, base: base)) }
        return lines
    }

    /// One request as a `curl` command line.
    static func curl(_ request: BackendRequest, base: String) -> String {
        let body = String(decoding: request.body, as: UTF8.self)
        return "curl -sS -X POST \(quoted(base + request.path)) -H 'Content-Type: application/json' "
            + "-H \(quoted("x-request-id: " + request.requestID)) --data \(quoted(body))"
    }

    static func quoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=@,+".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    static func storyboard(
        _ value: ServerCase, _ exchange: ServerExchange, upTo last: Int, base: String
    ) -> Storyboard {
        let rows = exchange.steps.prefix(last + 1).enumerated().map { index, step in
            let request = value.requests[step.request]
            let broke = step.violations.map(\.description).joined(separator: "\n")
            return Storyboard.Row(
                label: "\(step.request)" + (step.again ? " again" : ""), diverged: index == last,
                cells: [
                    Storyboard.Cell(text: request.path + "\n" + request.summary, style: .code),
                    Storyboard.Cell(text: "HTTP \(step.answer.status)\n" + outline(step.json), style: .code),
                    Storyboard.Cell(alert: !broke.isEmpty, text: broke.isEmpty ? "nothing" : broke),
                ])
        }
        let curls = exchange.steps.prefix(last + 1).map { curl($0.sent, base: base) }
        return Storyboard(
            columns: ["Request", "Sent", "Answer", "Broke"], rows: rows,
            preface: Storyboard.Preface(
                title: "A client of version \(value.clientVersion); replay with curl, one line per request sent",
                text: curls.joined(separator: "\n")))
    }

    /// An answer in a few words: its current screen, screens, navigation and result.
    static func outline(_ json: JSONValue?) -> String {
        guard let fields = json?.objectPairs else { return "not a JSON object" }
        return fields.map { key, value in
            switch key {
            case "currentScreen": return "currentScreen \(value.stringValue ?? JSONWriter.write(value))"
            case "screens": return "screens " + (value.objectPairs?.map(\.key).joined(separator: ", ") ?? "?")
            case "navigation", "actionResult", "meta": return "\(key) \(JSONWriter.write(value))"
            default: return key
            }
        }.joined(separator: "\n")
    }

    static func detail(_ value: ServerCase, _ exchange: ServerExchange, at: Int) -> JSONValue {
        .object([
            ("case", value.json),
            ("divergedAt", .number(Double(at))),
            (
                "exchange",
                .array(
                    exchange.steps.prefix(at + 1).map { step in
                        .object([
                            ("request", .number(Double(step.request))), ("again", .bool(step.again)),
                            ("path", .string(step.sent.path)), ("requestID", .string(step.sent.requestID)),
                            (
                                "body",
                                (try? JSONParser.parse(String(decoding: step.sent.body, as: UTF8.self))) ?? .null
                            ),
                            ("status", .number(Double(step.answer.status))),
                            ("answer", step.json ?? .string(String(decoding: step.answer.body, as: UTF8.self))),
                        ])
                    })
            ),
        ])
    }

    /// A session the backend gave no answer to at some request: the requests up to it, with their curl lines.
    static func breakdown(
        _ failing: FailingCase<ServerCase>, _ exchange: ServerExchange, _ unanswered: ServerExchange.Unanswered,
        on backend: any RUFBackend
    ) -> FailureRecord {
        let value = failing.value
        let error = unanswered.error
        let kind = (error as? BackendBreakdown)?.breakdownKind ?? "threw \(type(of: error))"
        let base = baseURL(backend)
        var lines = ["Client version: \(value.clientVersion)", "Requests:"]
        for (index, request) in value.requests.enumerated() {
            lines.append(
                "  \(index)  \(request.summary)" + (request.sentTwice ? "  (sent twice)" : "")
                    + (index == unanswered.request ? "   ← no answer" : ""))
        }
        let sent = exchange.steps.map(\.sent) + [unanswered.sent]
        lines.append("Replay with curl, one line per request sent (the meta as this run's answers made it):")
        lines += sent.map { "  " + curl($0, base: base) }
        var board = storyboard(value, exchange, upTo: exchange.steps.count - 1, base: base)
        board.rows = board.rows.map { Storyboard.Row(label: $0.label, cells: $0.cells) }
        board.rows.append(
            Storyboard.Row(
                label: "\(unanswered.request)", diverged: true,
                cells: [
                    Storyboard.Cell(
                        text: unanswered.sent.path + "\n" + value.requests[unanswered.request].summary, style: .code),
                    Storyboard.Cell(alert: true, text: "no answer: \(kind)"), Storyboard.Cell(text: "\(error)"),
                ]))
        board.preface?.text = sent.map { curl($0, base: base) }.joined(separator: "\n")
        let sentCount = exchange.steps.count + 1
        var record = FailureRecord(
            id: "server-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(identity(value).utf8))),
            suite: .server, description: "request \(unanswered.request) got no answer: \(kind)", rules: [],
            features: [], size: UnitCount(sentCount, ServerSuite.requestUnit),
            originalSize: UnitCount(failing.original?.sentCount ?? value.sentCount, ServerSuite.requestUnit),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls, divergedAt: "request \(unanswered.request)",
            input: lines, diffHeading: "Request \(unanswered.request) got no answer", diff: "\(error)", violations: [],
            storyboard: board, replay: failing.replay, detail: .object([("case", value.json)]))
        record.kind = .breakdown
        record.origin = "breakdown: \(kind)"
        record.breakdown = FailureRecord.BreakdownDetail(message: "\(error)", stderrTail: [])
        return record
    }
}
