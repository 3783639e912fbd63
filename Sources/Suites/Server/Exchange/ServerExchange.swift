import Foundation
package import JSON
package import RUFServerModel
package import RUFSpec

/// A generated session played against a backend as a client plays it: each request built with the meta merged from
/// the answers so far and a fresh `x-request-id`, a request sent twice sent again at once with the same id and
/// body, and every answer checked (``SessionCheck``) as it comes.
package struct ServerExchange: Sendable {
    /// One request sent and its answer.
    package struct Step: Sendable {
        /// The request's index in the case.
        package var request: Int
        /// Whether this is the second sending of a request sent twice.
        package var again: Bool
        package var sent: BackendRequest
        package var answer: BackendAnswer
        /// The answer's body parsed, or `nil` when it is not JSON.
        package var json: JSONValue?
        /// What the answer breaks, in the order of its fields.
        package var violations: [ServerViolation]
        /// The rules the answer was a trial of.
        package var triggers: [String]

        /// The request in words: `request 2`, `request 2, sent again`.
        package var name: String { "request \(request)" + (again ? ", sent again" : "") }
    }

    package var steps: [Step] = []

    /// A request that got no answer, and why.
    package struct Unanswered {
        /// Its index in the case.
        package var request: Int
        package var sent: BackendRequest
        package var error: any Error
    }

    /// Plays `value` on `backend`, checking each answer against `spec`. A transport failure is thrown.
    package static func run(_ value: ServerCase, on backend: any RUFBackend, spec: Spec) throws -> ServerExchange {
        let (exchange, unanswered) = play(value, on: backend, spec: spec)
        if let unanswered { throw unanswered.error }
        return exchange
    }

    /// Plays `value` on `backend` up to a request that gets no answer, if one does: the answers so far, and that
    /// request.
    package static func play(
        _ value: ServerCase, on backend: any RUFBackend, spec: Spec
    ) -> (ServerExchange, Unanswered?) {
        let check = SessionCheck(spec: spec, clientVersion: value.clientVersion)
        var exchange = ServerExchange()
        var meta: [(key: String, value: JSONValue)] = []
        var navigations: [String: String] = [:]
        var navigationCount = 0
        for (index, request) in value.requests.enumerated() {
            let body = Data(JSONWriter.write(request.body(clientVersion: value.clientVersion, meta: meta)).utf8)
            let sent = BackendRequest(path: request.path, requestID: RequestIDs.next(), body: body)
            var first: JSONValue?
            for again in request.sentTwice ? [false, true] : [false] {
                let answer: BackendAnswer
                do { answer = try backend.send(sent) } catch {
                    return (exchange, Unanswered(request: index, sent: sent, error: error))
                }
                let json = try? JSONParser.parse(String(decoding: answer.body, as: UTF8.self))
                let answering = Self.answering(request)
                var violations = check.check(status: answer.status, body: json, answering: answering)
                var triggers = check.triggered(
                    status: answer.status, body: json, answering: answering, navigationsBefore: navigationCount)
                if again {
                    violations += SessionCheck.repeated(first, json)
                    triggers.append(.srvIdempotent)
                } else if let id = Self.navigationID(json) {
                    // A repeated answer may carry its first sending's id; any other answer a fresh one.
                    if let earlier = navigations[id] {
                        violations.append(
                            ServerViolation(
                                .srvNavIDUnique, "$.navigation.id",
                                "\"\(id)\" is also the id of \(earlier)'s navigation"))
                    }
                    navigations[id] = "request \(index)"
                }
                if json?.objectPairs?.contains(where: { $0.key == "navigation" }) == true && !again {
                    navigationCount += 1
                }
                first = first ?? json
                exchange.steps.append(
                    Step(
                        request: index, again: again, sent: sent, answer: answer, json: json, violations: violations,
                        triggers: triggers))
            }
            // The client merges the meta patch of the answer it got (the last one) shallowly, and sends it whole.
            let patch = exchange.steps.last?.json?.objectPairs?.first { $0.key == "meta" }?.value.objectPairs ?? []
            for (key, value) in patch {
                if let at = meta.firstIndex(where: { $0.key == key }) {
                    meta[at].value = value
                } else {
                    meta.append((key, value))
                }
            }
        }
        return (exchange, nil)
    }

    static func answering(_ request: ServerRequest) -> SessionCheck.Request {
        switch request.kind {
        case .create(let screen, _, _): return .create(screen: screen)
        case .action(let screen, let type, _): return .action(screen: screen, type: type)
        }
    }

    static func navigationID(_ json: JSONValue?) -> String? {
        let navigation = json?.objectPairs?.first { $0.key == "navigation" }?.value.objectPairs
        guard let id = navigation?.first(where: { $0.key == "id" })?.value.stringValue, !id.isEmpty else { return nil }
        return id
    }

    /// The first step whose answer breaks a rule.
    package var firstViolating: Int? { steps.firstIndex { !$0.violations.isEmpty } }
}

/// The `x-request-id` of each request, a UUID: unique within the process (a counter) and across processes (random
/// digits drawn once), since a backend that remembers ids for idempotency may outlive one `flowcheck` run. The one
/// value the kit sends that its seed does not decide: a replay against the same backend must not reuse an id.
package enum RequestIDs {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter = 0
    private static let prefix: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    /// A fresh id in the shape of a version 4 UUID, as the api-contract page asks: the random prefix, then the
    /// counter.
    package static func next() -> String {
        lock.lock()
        counter += 1
        let count = UInt64(counter)
        lock.unlock()
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text.suffix(digits)
        }
        return hex(prefix >> 32, 8) + "-" + hex((prefix >> 16) & 0xffff, 4) + "-4" + hex((prefix >> 4) & 0xfff, 3)
            + "-8" + hex(count >> 48 & 0xfff, 3) + "-" + hex(count & 0xffff_ffff_ffff, 12)
    }
}
