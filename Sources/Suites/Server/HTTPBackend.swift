public import FlowCheckCore
import Foundation
import HTTPWire
import RUFServerModel

/// A RUF backend reached over HTTP at a base URL (`http://127.0.0.1:8080/api`): each request on a connection of its
/// own, within the step timeout.
public final class HTTPBackend: RUFBackend, TimeBoundImplementation, ParallelImplementation {
    public let info: ImplementationInfo
    public let capabilities = Capabilities(suites: [.server])
    public var stopBy: ContinuousClock.Instant?
    public var stepLimit: Duration? { timeout }
    let endpoint: HTTPEndpoint
    let timeout: Duration

    /// A backend at `url`, each request answered within `timeout`; throws a sentence when the URL is not an
    /// `http://` one.
    public init(url: String, timeout: Duration = .seconds(5)) throws {
        do { endpoint = try HTTPEndpoint(url) } catch { throw BackendBreakdown(kind: nil, message: error.message) }
        self.timeout = timeout
        info = ImplementationInfo(name: endpoint.description, version: "HTTP/1.1", language: "RUF backend")
    }

    /// Throws when nothing listens at the URL, so that a run can refuse to start rather than break down at once.
    public func probe() throws {
        do { try HTTPClient.reachable(endpoint, timeout: timeout) } catch {
            throw BackendBreakdown(kind: nil, message: "\(endpoint): \(error.message)")
        }
    }

    public func makeWorker() throws -> HTTPBackend { try HTTPBackend(url: endpoint.description, timeout: timeout) }

    public func send(_ request: BackendRequest) throws -> BackendAnswer {
        var wait = timeout
        if let stopBy {
            let left = stopBy - ContinuousClock.now
            guard left > .zero else { throw BackendBreakdown(kind: nil, message: "the time limit ended") }
            wait = min(wait, left)
        }
        let http = HTTPRequest(
            method: "POST", target: request.path,
            headers: HTTPHeaders([("Content-Type", "application/json"), ("x-request-id", request.requestID)]),
            body: request.body)
        do {
            let response = try HTTPClient.send(http, to: endpoint, timeout: wait)
            return BackendAnswer(status: response.status, body: response.body)
        } catch {
            throw BackendBreakdown(error, path: request.path)
        }
    }
}

/// A request a backend gave no answer to: the kind says how, as the runner groups breakdowns.
public struct BackendBreakdown: BreakdownDescribing, CustomStringConvertible {
    /// `timeout`, `connection closed`, `malformed HTTP`; `nil` when no connection could be made (the backend is
    /// not there), which ends the suite rather than counting as a failure of the backend's.
    public var breakdownKind: String?
    /// What happened, in one sentence.
    public var message: String
    public var stderrTail: [String] { [] }
    public var description: String { message }

    init(kind: String?, message: String) {
        breakdownKind = kind
        self.message = message
    }

    init(_ error: HTTPWireError, path: String) {
        switch error.code {
        case .timeout: breakdownKind = "timeout"
        case .closed: breakdownKind = "connection closed"
        case .socket:
            let unreachable = error.message.contains("connect") || error.message.contains("IPv4")
            breakdownKind = unreachable ? nil : "connection reset"
        default: breakdownKind = "malformed HTTP"
        }
        message = "\(path): \(error.message)"
    }
}
