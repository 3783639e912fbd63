public import Foundation

/// Reads HTTP/1.x messages from bytes as they arrive, in time linear in the bytes and memory bounded by the limits:
/// requests for a server (pipelined ones one after another), or a response for a client.
///
/// Lenient where RFC 9112 lets a recipient be (a bare LF ends a line, empty lines before a request line are skipped),
/// strict where leniency lets a message be read two ways (a body framed by both `Transfer-Encoding` and
/// `Content-Length`, differing lengths, a folded field, a space before a field's colon), which is refused.
public struct HTTPMessageReader: Sendable {
    /// What the bytes hold.
    public enum Kind: Sendable {
        case request
        /// A response to a request of this method (a response to `HEAD` has no body).
        case response(method: String)
    }

    /// A message's head: the start line's three parts and the fields.
    public struct Head: Hashable, Sendable {
        /// Request: method, target, version. Response: version, status, reason.
        public var startLine: (String, String, String)
        public var headers: HTTPHeaders

        public static func == (lhs: Head, rhs: Head) -> Bool {
            lhs.startLine == rhs.startLine && lhs.headers == rhs.headers
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(startLine.0)
            hasher.combine(startLine.1)
            hasher.combine(startLine.2)
            hasher.combine(headers)
        }
    }

    private enum Framing: Sendable {
        case none
        case length(Int)
        case chunked
        case untilClose
    }

    private enum ChunkState: Sendable {
        case size
        case data(Int)
        case dataEnd
        case trailer
    }

    public let kind: Kind
    public let limits: HTTPLimits
    private var buffer: [UInt8] = []
    /// The first byte of the message being read.
    private var start = 0
    /// Where the search for the end of the head goes on, the start of the line it is in, and the lines so far.
    private var scan = 0
    private var lineStart = 0
    private var lines = 0
    private var head: Head?
    private var framing = Framing.none
    private var bodyStart = 0
    private var cursor = 0
    private var chunk = ChunkState.size
    private var body: [UInt8] = []

    /// Creates a reader.
    public init(_ kind: Kind, limits: HTTPLimits = HTTPLimits()) {
        self.kind = kind
        self.limits = limits
    }

    /// Whether nothing of a next message has arrived: a connection silent here is idle, not slow.
    public var isIdle: Bool { head == nil && buffer[start...].allSatisfy { $0 == 13 || $0 == 10 } }

    /// Whether a request's head asked for `100 Continue` and its body has not all arrived.
    public var awaitsContinue: Bool {
        guard case .request = kind, let head, head.headers["Expect"]?.lowercased() == "100-continue" else {
            return false
        }
        if case .none = framing { return false }
        return true
    }

    /// Whether a head has been read and its body is awaited.
    public var readingBody: Bool { head != nil }

    /// Adds bytes that arrived.
    public mutating func append(_ bytes: some Collection<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next whole message, consumed, or `nil` until more bytes arrive.
    public mutating func next() throws(HTTPWireError) -> (head: Head, body: Data)? {
        if head == nil {
            guard let lines = try headLines() else { return nil }
            try readHead(lines)
        }
        guard let body = try readBody(atEnd: false) else { return nil }
        return finishMessage(body)
    }

    /// The message the peer ended by closing the connection (a response framed by the close), when one is whole.
    public mutating func finish() throws(HTTPWireError) -> (head: Head, body: Data)? {
        guard head != nil else {
            if isIdle { return nil }
            throw HTTPWireError(.closed, "the connection closed inside a message's head")
        }
        guard let body = try readBody(atEnd: true) else {
            throw HTTPWireError(.closed, "the connection closed before the body's end")
        }
        return finishMessage(body)
    }

    /// The next request, as a value.
    public mutating func nextRequest() throws(HTTPWireError) -> HTTPRequest? {
        guard let (head, body) = try next() else { return nil }
        return HTTPRequest(
            method: head.startLine.0, target: head.startLine.1, version: head.startLine.2, headers: head.headers,
            body: body)
    }

    private mutating func finishMessage(_ body: Data) -> (head: Head, body: Data)? {
        guard let done = head else { return nil }
        head = nil
        self.body = []
        start = cursor
        // Keep memory to the message being read: drop what was consumed once it is most of the buffer.
        if start > 65_536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            cursor -= start
            start = 0
        }
        scan = start
        lineStart = start
        lines = 0
        return (done, body)
    }

    /// The head's lines (without line ends) once its blank line has arrived.
    private mutating func headLines() throws(HTTPWireError) -> [ArraySlice<UInt8>]? {
        if scan < start { scan = start }
        while scan < buffer.count {
            defer { scan += 1 }
            guard buffer[scan] == 10 else { continue }
            var end = scan
            if end > lineStart && buffer[end - 1] == 13 { end -= 1 }
            if end == lineStart {
                if lines == 0 {
                    // Empty lines before a request line are skipped, as RFC 9112 allows.
                    start = scan + 1
                    lineStart = scan + 1
                    continue
                }
                let text = Array(buffer[start..<scan])
                cursor = scan + 1
                return Self.split(text)
            }
            lines += 1
            lineStart = scan + 1
        }
        if buffer.count - start > limits.headBytes {
            throw HTTPWireError(
                .tooLarge, status: 431,
                "the head is longer than \(limits.headBytes) bytes without ending in a blank line")
        }
        return nil
    }

    private static func split(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var lineStart = 0
        for (index, byte) in text.enumerated() where byte == 10 {
            var end = index
            if end > lineStart && text[end - 1] == 13 { end -= 1 }
            if end > lineStart { result.append(text[lineStart..<end]) }
            lineStart = index + 1
        }
        return result
    }

    private mutating func readHead(_ lines: [ArraySlice<UInt8>]) throws(HTTPWireError) {
        if cursor - start > limits.headBytes {
            throw HTTPWireError(.tooLarge, status: 431, "the head is longer than \(limits.headBytes) bytes")
        }
        guard let first = lines.first else { throw HTTPWireError(.malformed, status: 400, "the head is empty") }
        let startLine = try Self.startLine(first, kind: kind)
        if lines.count - 1 > limits.fields {
            throw HTTPWireError(.tooLarge, status: 431, "the head has \(lines.count - 1) fields, over \(limits.fields)")
        }
        var headers = HTTPHeaders()
        for (index, line) in lines.dropFirst().enumerated() {
            let (name, value) = try Self.field(line, number: index + 2)
            headers.add(name, value)
        }
        head = Head(startLine: startLine, headers: headers)
        framing = try framing(headers, startLine: startLine)
        bodyStart = cursor
        chunk = .size
    }

    private static func startLine(
        _ line: ArraySlice<UInt8>, kind: Kind
    ) throws(HTTPWireError) -> (String, String, String) {
        let parts = line.split(separator: 32, maxSplits: 2, omittingEmptySubsequences: false)
        let text = String(decoding: line.prefix(120), as: UTF8.self)
        switch kind {
        case .request:
            guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte), !parts[1].isEmpty,
                parts[1].allSatisfy({ $0 > 32 && $0 != 127 })
            else {
                throw HTTPWireError(
                    .malformed, status: 400, "line 1 is not a request line (method, target, version): \(text)")
            }
            let version = String(decoding: parts[2], as: UTF8.self)
            try checkVersion(version, line: text)
            return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), version)
        case .response:
            guard parts.count >= 2, parts[1].count == 3, parts[1].allSatisfy({ (48...57).contains($0) }) else {
                throw HTTPWireError(.malformed, "line 1 is not a status line (version, status, reason): \(text)")
            }
            let version = String(decoding: parts[0], as: UTF8.self)
            try checkVersion(version, line: text)
            return (
                version, String(decoding: parts[1], as: UTF8.self),
                parts.count > 2 ? String(decoding: parts[2], as: UTF8.self) : ""
            )
        }
    }

    private static func checkVersion(_ version: String, line: String) throws(HTTPWireError) {
        guard version.hasPrefix("HTTP/"), version.count == 8 else {
            throw HTTPWireError(.malformed, status: 400, "line 1 names no HTTP version: \(line)")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw HTTPWireError(.unsupportedVersion, status: 505, "\(version) is not HTTP/1.0 or HTTP/1.1")
        }
    }

    private static func field(
        _ line: ArraySlice<UInt8>, number: Int
    ) throws(HTTPWireError) -> (String, String) {
        if line.first == 32 || line.first == 9 {
            throw HTTPWireError(.malformed, status: 400, "line \(number) folds a field onto the next line")
        }
        guard let colon = line.firstIndex(of: 58), colon > line.startIndex,
            line[line.startIndex..<colon].allSatisfy(isTokenByte)
        else {
            throw HTTPWireError(
                .malformed, status: 400,
                "line \(number) is not a field (a name, a colon, a value): "
                    + String(decoding: line.prefix(80), as: UTF8.self))
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
        while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
        if value.contains(where: { ($0 < 32 && $0 != 9) || $0 == 127 }) {
            throw HTTPWireError(.malformed, status: 400, "line \(number)'s value holds a control character")
        }
        return (String(decoding: line[line.startIndex..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private func framing(
        _ headers: HTTPHeaders, startLine: (String, String, String)
    ) throws(HTTPWireError) -> Framing {
        if case .response(let method) = kind {
            let status = Int(startLine.1) ?? 0
            if method == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304 { return .none }
        }
        let codings = headers.values("Transfer-Encoding").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let lengths = headers.values("Content-Length").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if !codings.isEmpty {
            // Framed two ways, a message could be read two ways: refused (request smuggling).
            guard lengths.isEmpty else {
                throw HTTPWireError(
                    .malformed, status: 400, "the message has both Transfer-Encoding and Content-Length")
            }
            guard codings.last == "chunked" else {
                throw HTTPWireError(
                    .unsupportedCoding, status: 501,
                    "Transfer-Encoding \(codings.joined(separator: ", ")) does not end in chunked")
            }
            guard codings.count == 1 else {
                throw HTTPWireError(
                    .unsupportedCoding, status: 501,
                    "only the chunked transfer coding is read, not \(codings.joined(separator: ", "))")
            }
            return .chunked
        }
        if let length = lengths.first {
            guard lengths.allSatisfy({ $0 == length }), !length.isEmpty, length.count <= 18,
                length.utf8.allSatisfy({ (48...57).contains($0) }), let bytes = Int(length)
            else {
                throw HTTPWireError(
                    .malformed, status: 400,
                    "Content-Length is not one decimal length: \(lengths.joined(separator: ", "))")
            }
            guard bytes <= limits.bodyBytes else {
                throw HTTPWireError(
                    .tooLarge, status: 413, "the body is \(bytes) bytes, over the limit of \(limits.bodyBytes)")
            }
            return bytes == 0 ? .none : .length(bytes)
        }
        if case .response = kind { return .untilClose }
        return .none
    }

    private mutating func readBody(atEnd: Bool) throws(HTTPWireError) -> Data? {
        switch framing {
        case .none:
            return Data()
        case .length(let count):
            guard buffer.count - bodyStart >= count else { return nil }
            cursor = bodyStart + count
            return Data(buffer[bodyStart..<cursor])
        case .untilClose:
            if buffer.count - bodyStart > limits.bodyBytes {
                throw HTTPWireError(
                    .tooLarge, "the body is over the limit of \(limits.bodyBytes) bytes and has not ended")
            }
            guard atEnd else { return nil }
            cursor = buffer.count
            return Data(buffer[bodyStart...])
        case .chunked:
            return try readChunks()
        }
    }

    private mutating func readChunks() throws(HTTPWireError) -> Data? {
        // The coded body may be longer than the data (a chunk's size line for every few bytes): bounded too.
        if buffer.count - bodyStart > 2 * limits.bodyBytes + 65_536 {
            throw HTTPWireError(.tooLarge, status: 413, "the chunked body's coding is far longer than its limit")
        }
        while true {
            switch chunk {
            case .size, .trailer:
                guard let newline = buffer[cursor...].firstIndex(of: 10) else {
                    if buffer.count - cursor > 4096 {
                        throw HTTPWireError(.malformed, status: 400, "a chunk's size line is over 4,096 bytes")
                    }
                    return nil
                }
                var line = buffer[cursor..<newline]
                if line.last == 13 { line = line.dropLast() }
                cursor = newline + 1
                if case .trailer = chunk {
                    if line.isEmpty { return Data(body) }
                    continue
                }
                let digits = line.prefix { $0 != 59 && $0 != 32 && $0 != 9 }
                guard !digits.isEmpty, digits.count <= 15,
                    let size = Int(String(decoding: digits, as: UTF8.self), radix: 16),
                    size >= 0
                else {
                    throw HTTPWireError(
                        .malformed, status: 400,
                        "a chunk's size is not hexadecimal: " + String(decoding: line.prefix(40), as: UTF8.self))
                }
                guard body.count + size <= limits.bodyBytes else {
                    throw HTTPWireError(
                        .tooLarge, status: 413, "the chunked body is over the limit of \(limits.bodyBytes) bytes")
                }
                chunk = size == 0 ? .trailer : .data(size)
            case .data(let size):
                guard buffer.count - cursor >= size else { return nil }
                body.append(contentsOf: buffer[cursor..<(cursor + size)])
                cursor += size
                chunk = .dataEnd
            case .dataEnd:
                guard buffer.count > cursor else { return nil }
                if buffer[cursor] == 10 {
                    cursor += 1
                } else if buffer[cursor] == 13 {
                    guard buffer.count > cursor + 1 else { return nil }
                    guard buffer[cursor + 1] == 10 else {
                        throw HTTPWireError(.malformed, status: 400, "a chunk's data does not end with a line end")
                    }
                    cursor += 2
                } else {
                    throw HTTPWireError(.malformed, status: 400, "a chunk's data is longer than its size says")
                }
                chunk = .size
            }
        }
    }
}
