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

    /// An open connection, and whether what its client sent may still become a request.
    private struct Connection {
        let socket: Socket
        /// Reading or parsing: between bytes becoming readable and a request handed on or the next wait.
        var working = false
        /// Part of a message read, the rest not yet.
        var partial = false
        /// In the handler (or writing its answer): whatever the client sends now waits its turn.
        var handing = false

        /// Whether nothing its client sent is still on its way to the handler.
        var isQuiet: Bool { handing || (!working && !partial && !socket.hasUnreadBytes) }
    }

    private struct State {
        var stopped = false
        var open: [Int32: Connection] = [:]
        var threads = 0
        /// Between a pending connection seen and it being open (or refused).
        var accepting = false
        /// Requests handed to the handler and refusals told, so far.
        var handedOn = 0
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
            return state.open.values.map(\.socket)
        }
        listener.shutdown()
        open.forEach { $0.shutdown() }
        while state.withLock({ $0.threads > 0 }) { Thread.sleep(forTimeInterval: 0.005) }
        listener.close()
    }

    /// Waits until everything clients sent before the call has reached the handler or been refused: no connection
    /// waits to be accepted, and every open one's bytes are read and its whole requests handed on. What a client
    /// wrote before it told you so is then counted, however loaded the machine.
    /// - Returns: how many requests and refusals the server has handed on by then (the handler and `refused` may
    ///   still be on their first line); `nil` when the deadline comes first (a client still sending).
    public func handedOn(until deadline: ContinuousClock.Instant) -> Int? {
        while true {
            let handedOn = state.withLock { state -> Int? in
                let quiet =
                    !state.accepting && !listener.isReady(for: Int16(POLLIN))
                    && state.open.values.allSatisfy(\.isQuiet)
                return quiet ? state.handedOn : nil
            }
            if let handedOn { return handedOn }
            if ContinuousClock.now >= deadline { return nil }
            Thread.sleep(forTimeInterval: 0.000_5)
        }
    }

    private func acceptLoop() {
        while !state.withLock({ $0.stopped }) {
            guard listener.wait(for: Int16(POLLIN), until: .now + .milliseconds(200)) else { continue }
            state.withLock { $0.accepting = true }
            guard let client = listener.accept(timeout: .milliseconds(1)) else {
                state.withLock { $0.accepting = false }
                continue
            }
            let admitted = state.withLock { state -> Bool in
                defer { state.accepting = false }
                guard !state.stopped, state.open.count < configuration.connections else {
                    state.handedOn += 1
                    return false
                }
                state.open[client.fd] = Connection(socket: client)
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

    /// Marks what `client`'s connection is doing, for ``handedOn(until:)``.
    private func mark(_ client: Socket, _ change: (inout Connection) -> Void) {
        state.withLock { state in
            if var connection = state.open[client.fd] {
                change(&connection)
                state.open[client.fd] = connection
            }
        }
    }

    /// Tells `refused` of a response sent without the handler, counted as handed on first.
    private func refuse(_ response: HTTPResponse, to client: Socket) {
        mark(client) { $0.working = true }
        state.withLock { $0.handedOn += 1 }
        refused?(response)
        try? client.write(response.serialized(closing: true), until: .now + .seconds(1))
    }

    private func serve(_ client: Socket) {
        let limits = configuration.limits
        var reader = HTTPMessageReader(.request, limits: limits)
        var phase = Phase.idle
        var deadline = ContinuousClock.now + limits.idleTime
        var continued = false
        do {
            while true {
                while let request = try reader.nextRequest() {
                    mark(client) { ($0.working, $0.handing) = (false, true) }
                    state.withLock { $0.handedOn += 1 }
                    let response = handler(request)
                    let closing = !request.keepsAlive || state.withLock { $0.stopped }
                    try client.write(response.serialized(closing: closing), until: .now + limits.writeTime)
                    mark(client) { ($0.working, $0.handing) = (true, false) }
                    if closing { return }
                    (phase, deadline, continued) = (.idle, .now + limits.idleTime, false)
                }
                if phase != .body && reader.readingBody { (phase, deadline) = (.body, .now + limits.messageTime) }
                if reader.awaitsContinue && !continued {
                    try client.write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), until: .now + limits.writeTime)
                    continued = true
                }
                let partial = !reader.isIdle
                mark(client) { ($0.working, $0.partial) = (false, partial) }
                // Readable bytes stay in the kernel until the mark says they are being read: a quiet connection
                // has none.
                let readable = client.wait(for: Int16(POLLIN), until: deadline)
                mark(client) { $0.working = true }
                guard readable, let bytes = try client.read(until: deadline) else {
                    // Silent between requests: closed quietly. Inside a message: too slow, and told so.
                    if phase == .idle && reader.isIdle { return }
                    let late = HTTPResponse.text(
                        408, "the request did not arrive whole within \(limits.messageTime) of its first byte\n")
                    refuse(late, to: client)
                    return
                }
                if bytes.isEmpty { return }
                reader.append(bytes)
                if phase == .idle && !reader.isIdle { (phase, deadline) = (.head, .now + limits.messageTime) }
            }
        } catch {
            guard error.status > 0 else { return }
            refuse(HTTPResponse.text(error.status, error.message + "\n"), to: client)
        }
    }
}
