import Foundation
import HTTPWire
import Testing

@Suite("HTTP message reader")
struct HTTPMessageReaderTests {
    static let post =
        "POST /session/action HTTP/1.1\r\nHost: 127.0.0.1\r\nx-request-id: a1\r\nContent-Length: 11\r\n\r\n"
        + "{\"a\": true}"

    private func requests(
        _ text: String, limits: HTTPLimits = HTTPLimits()
    ) throws(HTTPWireError) -> [HTTPRequest] {
        var reader = HTTPMessageReader(.request, limits: limits)
        reader.append(Array(text.utf8))
        var result: [HTTPRequest] = []
        while let request = try reader.nextRequest() { result.append(request) }
        return result
    }

    private func refusal(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPWireError? {
        do {
            _ = try requests(text, limits: limits)
            return nil
        } catch { return error }
    }

    @Test("A request split at any byte reads the same as whole; its fields are found in any case")
    func everySplit() throws {
        let whole = try #require(try requests(Self.post).first)
        #expect(whole.method == "POST" && whole.path == "/session/action" && whole.headers["X-Request-ID"] == "a1")
        #expect(String(decoding: whole.body, as: UTF8.self) == "{\"a\": true}" && whole.keepsAlive)
        let bytes = Array(Self.post.utf8)
        for split in 1..<bytes.count {
            var reader = HTTPMessageReader(.request)
            reader.append(bytes[..<split])
            #expect(try reader.nextRequest() == nil, "whole at byte \(split) of \(bytes.count)")
            reader.append(bytes[split...])
            #expect(try reader.nextRequest() == whole, "split at \(split)")
            #expect(reader.isIdle)
        }
    }

    @Test("Pipelined requests come out one after another, in order; empty lines before a request are skipped")
    func pipelined() throws {
        let get = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
        let read = try requests("\r\n" + Self.post + get + "\r\n" + get.replacingOccurrences(of: "1.1", with: "1.0"))
        #expect(read.map(\.path) == ["/session/action", "/health", "/health"])
        #expect(read.map(\.keepsAlive) == [true, true, false], "HTTP/1.0 closes unless asked to keep alive")
    }

    @Test("A chunked body is decoded, with extensions and trailer fields; bare LF line ends are read too")
    func chunked() throws {
        let text =
            "POST /a HTTP/1.1\nTransfer-Encoding: chunked\n\n4;name=x\r\nWiki\r\n5\r\npedia\r\n0\r\nTrailer: y\r\n\r\n"
        let request = try #require(try requests(text).first)
        #expect(String(decoding: request.body, as: UTF8.self) == "Wikipedia")
    }

    @Test(
        "A message that could be read two ways, or is malformed, is refused with its status and the place",
        arguments: [
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", 400, "both"),
            ("POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400, "Content-Length"),
            ("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400, "line 3 folds"),
            ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400, "line 2 is not a field"),
            ("GET /\r\n\r\n", 400, "line 1 is not a request line"),
            ("GET / HTTP/2.0\r\n\r\n", 505, "HTTP/2.0"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "gzip"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400, "hexadecimal"),
            ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400, "Content-Length"),
            ("GET / HTTP/1.1\r\nX: a\u{1}b\r\n\r\n", 400, "control character"),
        ])
    func refused(text: String, status: Int, place: String) {
        let error = refusal(text)
        #expect(error?.status == status && error?.message.contains(place) == true, "\(String(describing: error))")
    }

    @Test("Limits: a long head is 431 before its end arrives, a large body 413 from its length alone")
    func limits() {
        let limits = HTTPLimits(headBytes: 256, fields: 4, bodyBytes: 100)
        #expect(refusal("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 300), limits: limits)?.status == 431)
        #expect(
            refusal("GET / HTTP/1.1\r\nA: 1\r\nB: 1\r\nC: 1\r\nD: 1\r\nE: 1\r\n\r\n", limits: limits)?.status == 431)
        #expect(refusal("POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n", limits: limits)?.status == 413)
        let chunks = String(repeating: "a\r\n0123456789\r\n", count: 11)
        #expect(
            refusal("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks, limits: limits)?.status == 413)
    }

    @Test("Responses: framed by length, by chunks, or by the close; none after HEAD or with 204")
    func responses() throws {
        var reader = HTTPMessageReader(.response(method: "POST"))
        reader.append(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"x\":".utf8))
        #expect(try reader.next() == nil)
        reader.append(Array("1}".utf8))
        #expect(try reader.next() == nil, "framed by the close: not whole until it")
        let (head, body) = try #require(try reader.finish())
        #expect(head.startLine.1 == "200" && String(decoding: body, as: UTF8.self) == "{\"x\":1}")
        var head204 = HTTPMessageReader(.response(method: "HEAD"))
        head204.append(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n".utf8))
        #expect(try head204.next()?.body.isEmpty == true)
        var cut = HTTPMessageReader(.response(method: "GET"))
        cut.append(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".utf8))
        #expect(throws: HTTPWireError.self) { try cut.finish() }
    }

    @Test("A head that never ends, arriving a byte at a time, is refused as soon as it passes its limit")
    func byteAtATime() throws {
        var reader = HTTPMessageReader(.request, limits: HTTPLimits(headBytes: 65_536))
        reader.append(Array("GET / HTTP/1.1\r\n".utf8))
        var refusedAt: Int?
        for count in 0..<70_000 where refusedAt == nil {
            reader.append([UInt8(ascii: "a")])
            do { _ = try reader.next() } catch { refusedAt = error.status == 431 ? count : -1 }
        }
        #expect(refusedAt == 65_536 - 16, "\(String(describing: refusedAt))")
    }
}
