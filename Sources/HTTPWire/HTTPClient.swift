import Foundation

/// A base URL the kit sends requests to: `http://127.0.0.1:8080/api` (plain HTTP; an IPv4 address, or a name that
/// resolves to one).
public struct HTTPEndpoint: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16
    /// The path every request's path goes under, without a trailing slash (`/api`, or empty).
    public var basePath: String

    /// Reads a base URL; the error says what is wrong with it.
    public init(_ url: String) throws(HTTPWireError) {
        guard url.hasPrefix("http://") else {
            throw HTTPWireError(
                .malformed, "\(url) is not an http:// URL (the kit speaks plain HTTP/1.1, as on loopback)")
        }
        let rest = url.dropFirst(7)
        if let mark = rest.first(where: { $0 == "?" || $0 == "#" }) {
            throw HTTPWireError(
                .malformed,
                "\(url) has a \(mark == "?" ? "query" : "fragment"); a base URL is a host, a port and a path")
        }
        let authority = rest.prefix { $0 != "/" }
        if authority.contains("@") {
            throw HTTPWireError(.malformed, "\(url) carries user information; a base URL is a host, a port and a path")
        }
        if authority.hasPrefix("[") {
            throw HTTPWireError(.malformed, "\(url) names an IPv6 address; the kit connects over IPv4 (127.0.0.1)")
        }
        var path = String(rest.dropFirst(authority.count))
        while path.hasSuffix("/") { path.removeLast() }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard !authority.isEmpty, parts.count <= 2, !parts[0].isEmpty else {
            throw HTTPWireError(.malformed, "\(url) names no host")
        }
        let port = parts.count == 2 ? UInt16(parts[1]) : 80
        guard let port, port > 0 else { throw HTTPWireError(.malformed, "\(url) names no port from 1 to 65535") }
        host = String(parts[0])
        self.port = port
        basePath = path
    }

    public var description: String { "http://\(host):\(port)\(basePath)" }
}

/// Sends one request on a connection of its own and reads the response, within a timeout and the limits.
public enum HTTPClient {
    /// Connects to the endpoint and closes the connection at once: throws when nothing listens there.
    public static func reachable(_ endpoint: HTTPEndpoint, timeout: Duration = .seconds(5)) throws(HTTPWireError) {
        try Socket.connect(host: endpoint.host, port: endpoint.port, timeout: timeout).close()
    }

    /// Sends `request` (its target under the endpoint's base path) and returns the response. `Host`,
    /// `Content-Length` and `Connection: close` are written unless the request has them.
    public static func send(
        _ request: HTTPRequest, to endpoint: HTTPEndpoint, timeout: Duration = .seconds(10),
        limits: HTTPLimits = HTTPLimits(bodyBytes: 16 * 1024 * 1024)
    ) throws(HTTPWireError) -> HTTPResponse {
        let deadline = ContinuousClock.now + timeout
        let socket = try Socket.connect(host: endpoint.host, port: endpoint.port, timeout: timeout)
        defer { socket.close() }
        var headers = request.headers
        if headers["Host"] == nil { headers.add("Host", "\(endpoint.host):\(endpoint.port)") }
        if headers["Content-Length"] == nil && (!request.body.isEmpty || request.method == "POST") {
            headers.add("Content-Length", "\(request.body.count)")
        }
        if headers["Connection"] == nil { headers.add("Connection", "close") }
        var head = "\(request.method) \(endpoint.basePath)\(request.target) \(request.version)\r\n"
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        try socket.write(Data((head + "\r\n").utf8) + request.body, until: deadline)
        var reader = HTTPMessageReader(.response(method: request.method), limits: limits)
        while true {
            // A 100 Continue the server sends on its own is not the response.
            while let (head, body) = try reader.next() {
                guard head.startLine.1 != "100" else { continue }
                return HTTPResponse(
                    status: Int(head.startLine.1) ?? 0, reason: head.startLine.2, headers: head.headers, body: body)
            }
            guard let bytes = try socket.read(until: deadline) else {
                throw HTTPWireError(.timeout, "no whole response from \(endpoint) within \(timeout)")
            }
            if bytes.isEmpty {
                guard let (head, body) = try reader.finish() else {
                    throw HTTPWireError(.closed, "\(endpoint) closed the connection without a response")
                }
                return HTTPResponse(
                    status: Int(head.startLine.1) ?? 0, reason: head.startLine.2, headers: head.headers, body: body)
            }
            reader.append(bytes)
        }
    }
}
