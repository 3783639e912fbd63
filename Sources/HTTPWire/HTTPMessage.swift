public import Foundation

/// Header fields in the order they came, looked up by name without regard to case.
public struct HTTPHeaders: Hashable, Sendable, Sequence {
    /// The fields, as written.
    public private(set) var fields: [(name: String, value: String)]

    /// Creates headers from name–value pairs, in order.
    public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

    /// The first value of a field, or `nil`.
    public subscript(_ name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Every value of a field, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// Adds a field after the others.
    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    /// Sets a field, replacing every earlier value.
    public mutating func set(_ name: String, _ value: String) {
        fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        fields.append((name, value))
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

/// One HTTP/1.x request, as read from the wire or to write to it.
public struct HTTPRequest: Hashable, Sendable {
    /// The method (`POST`).
    public var method: String
    /// The request target as sent (`/session/action`, possibly with a query).
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    public var headers: HTTPHeaders
    public var body: Data

    /// Creates a request.
    public init(
        method: String, target: String, version: String = "HTTP/1.1", headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data()
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The target's path, without its query.
    public var path: String { String(target.prefix { $0 != "?" }) }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`, HTTP/1.0 only with
    /// `Connection: keep-alive`.
    public var keepsAlive: Bool {
        let tokens = headers.values("Connection").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if tokens.contains("close") { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }
}

/// One HTTP/1.x response.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code.
    public var status: Int
    /// The reason phrase; the standard one when built from a status alone.
    public var reason: String
    public var headers: HTTPHeaders
    public var body: Data

    /// Creates a response; `Content-Length` is written from the body, never taken from `headers`.
    public init(status: Int, reason: String? = nil, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.reason = reason ?? HTTPResponse.reason(for: status)
        self.headers = headers
        self.body = body
    }

    /// A JSON response.
    public static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: Data(text.utf8))
    }

    /// A plain-text response, for errors a person reads.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
            body: Data(text.utf8))
    }

    /// The response's bytes, with `Content-Length` and, when the connection ends after it, `Connection: close`.
    public func serialized(closing: Bool) -> Data {
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for field in headers
        where field.name.caseInsensitiveCompare("Content-Length") != .orderedSame
            && field.name.caseInsensitiveCompare("Connection") != .orderedSame
            && field.name.caseInsensitiveCompare("Transfer-Encoding") != .orderedSame
        {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n"
        if closing { head += "Connection: close\r\n" }
        head += "\r\n"
        return Data(head.utf8) + body
    }

    /// The standard reason phrase of the statuses the kit writes.
    public static func reason(for status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }
}
