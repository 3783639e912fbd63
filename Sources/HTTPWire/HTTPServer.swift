import Foundation
import Synchronization

/// An HTTP/1.1 server on one address (127.0.0.1 unless told otherwise) that answers every request with a handler,
/// a connection per thread, and survives a hostile client.
///
/// Keep-alive and pipelined requests are answered in order on their connection. What a client can do to the server
/// is bounded by ``HTTPLimits``: a head that takes longer than ``HTTPLimits/messageTime`` from its first byte (a slow
/// loris) gets `408` and a close, a body over ``HTTPLimits/bodyBytes`` `413`, a malformed message `400` (each status
/// with a sentence naming the place), and past ``Configuration/connections`` open connections a new one gets `503`.
/// A reset or a vanished peer ends its connection only.
public final class HTTPServer: Sendable {
    /// Where the server listens and how much it takes.
    public struct Configuration: Sendable {
        /// An IPv4 address; loopback by default, so that nothing outside the machine reaches it.
        public var host: String
        /// The port; 0 picks a free one (``HTTPServer/port`` says which).
        public var port: UInt16
        public var limits: HTTPLimits
        /// How many connections are served at once.
        public var connections: Int

        /// Creates a configuration.
        public init(
            host: String = "127.0.0.1", port: UInt16 = 0, limits: HTTPLimits = HTTPLimits(), connections: Int = 32
        ) {
            self.host = host
            self.port = port
            self.limits = limits
            self.connections = connections
        }
    }

    private struct State {
        var stopped = false
        var open: [Int32: Socket] = [:]
        var threads = 0
    }

    public let configuration: Configuration
    /// The port the server listens on.
    public let port: UInt16
    private let listener: Socket
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let refused: (@Sendable (HTTPResponse) -> Void)?
    private let state = Mutex(State())

    /// Binds the address; ``start()`` begins to answer.
    ///
    /// `refused` is told of every response the server sends without the handler (`408`, `413`, `400`, `503`, …):
    /// a request that never reached the handler is still something a client sent.
    public init(
        _ configuration: Configuration = Configuration(), refused: (@Sendable (HTTPResponse) -> Void)? = nil,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(HTTPWireError) {
        self.configuration = configuration
        self.handler = handler
        self.refused = refused
        listener = try Socket.listen(host: configuration.host, port: configuration.port)
        port = listener.port
    }

    /// The base URL: `http://127.0.0.1:<port>`.
    public var url: String { "http://\(configuration.host):\(port)" }

    /// Starts accepting connections on a thread of its own.
    public func start() {
        state.withLock { $0.threads += 1 }
        Thread.detachNewThread { [self] in
            acceptLoop()
            state.withLock { $0.threads -= 1 }
        }
    }

    /// Stops accepting, ends every open connection, and waits for their threads.
    public func stop() {
        let open = state.withLock { state -> [Socket] in
            state.stopped = true
            return Array(state.open.values)
        }
        listener.shutdown()
        open.forEach { $0.shutdown() }
        while state.withLock({ $0.threads > 0 }) { Thread.sleep(forTimeInterval: 0.005) }
        listener.close()
    }

    private func acceptLoop() {
        while !state.withLock({ $0.stopped }) {
            guard let client = listener.accept(timeout: .milliseconds(200)) else { continue }
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped, state.open.count < configuration.connections else { return false }
                state.open[client.fd] = client
                state.threads += 1
                return true
            }
            guard admitted else {
                let busy = HTTPResponse.text(503, "the server has \(configuration.connections) connections open\n")
                refused?(busy)
                try? client.write(busy.serialized(closing: true), until: .now + .seconds(1))
                client.close()
                continue
            }
            Thread.detachNewThread { [self] in
                serve(client)
                state.withLock {
                    $0.open[client.fd] = nil
                    $0.threads -= 1
                }
                client.close()
            }
        }
    }

    private enum Phase { case idle, head, body }

    private func serve(_ client: Socket) {
        let limits = configuration.limits
        var reader = HTTPMessageReader(.request, limits: limits)
        var phase = Phase.idle
        var deadline = ContinuousClock.now + limits.idleTime
        var continued = false
        do {
            while true {
                while let request = try reader.nextRequest() {
                    let response = handler(request)
                    let closing = !request.keepsAlive || state.withLock { $0.stopped }
                    try client.write(response.serialized(closing: closing), until: .now + limits.writeTime)
                    if closing { return }
                    (phase, deadline, continued) = (.idle, .now + limits.idleTime, false)
                }
                if phase != .body && reader.readingBody { (phase, deadline) = (.body, .now + limits.messageTime) }
                if reader.awaitsContinue && !continued {
                    try client.write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), until: .now + limits.writeTime)
                    continued = true
                }
                guard let bytes = try client.read(until: deadline) else {
                    // Silent between requests: closed quietly. Inside a message: too slow, and told so.
                    if phase == .idle && reader.isIdle { return }
                    let late = HTTPResponse.text(
                        408, "the request did not arrive whole within \(limits.messageTime) of its first byte\n")
                    refused?(late)
                    try client.write(late.serialized(closing: true), until: .now + .seconds(1))
                    return
                }
                if bytes.isEmpty { return }
                reader.append(bytes)
                if phase == .idle && !reader.isIdle { (phase, deadline) = (.head, .now + limits.messageTime) }
            }
        } catch {
            guard error.status > 0 else { return }
            let refusal = HTTPResponse.text(error.status, error.message + "\n")
            refused?(refusal)
            try? client.write(refusal.serialized(closing: true), until: .now + .seconds(1))
        }
    }
}
