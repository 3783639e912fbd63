public import FlowCheckCore
public import Foundation

/// A RUF backend under test: it answers `POST /session/create` and `POST /session/action` with a Session.
///
/// `flowcheck run --server URL --spec app.ruf.yaml` drives one over HTTP (``HTTPBackend``); a Swift test can conform
/// an in-process handler to check a backend without a socket.
public protocol RUFBackend: Implementation {
    /// Sends one request and returns the answer as received. A transport failure (no connection, no whole answer
    /// in time) is thrown: the kit reports it as a breakdown, not as a broken rule.
    func send(_ request: BackendRequest) throws -> BackendAnswer
}

/// One request to a backend, as the kit sends it.
public struct BackendRequest: Hashable, Sendable {
    /// `/session/create` or `/session/action`.
    public var path: String
    /// The `x-request-id` header: fresh for every request, the same when a request is sent again.
    public var requestID: String
    /// The JSON body.
    public var body: Data

    /// Creates a request.
    public init(path: String, requestID: String, body: Data) {
        self.path = path
        self.requestID = requestID
        self.body = body
    }
}

/// A backend's answer: its status and body as received.
public struct BackendAnswer: Hashable, Sendable {
    /// The HTTP status.
    public var status: Int
    /// The body's bytes.
    public var body: Data

    /// Creates an answer.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
