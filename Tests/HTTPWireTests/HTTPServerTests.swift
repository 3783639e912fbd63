import Foundation
import HTTPWire
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A server answering each request with its method, path and body, for the tests to read back.
private func echoServer(_ configuration: HTTPServer.Configuration = .init()) throws -> HTTPServer {
    let server = try HTTPServer(configuration) { request in
        .text(200, "\(request.method) \(request.path) \(String(decoding: request.body, as: UTF8.self))")
    }
    server.start()
    return server
}

/// A raw client: what it writes is exactly what the server reads, malformed or slow as the test makes it.
private struct RawClient {
    let socket: Socket

    init(_ server: HTTPServer) throws {
        socket = try Socket.connect(host: "127.0.0.1", port: server.port, timeout: .seconds(5))
    }

    func send(_ text: String) throws { try socket.write(Data(text.utf8), until: .now + .seconds(5)) }

    /// Everything the server writes until it closes the connection (or `within` passes).
    func readAll(within: Duration = .seconds(10)) throws -> String {
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + within
        while let chunk = try socket.read(until: deadline), !chunk.isEmpty { bytes += chunk }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The responses that arrive before `count` have been read whole.
    func responses(_ count: Int) throws -> [HTTPResponse] {
        var reader = HTTPMessageReader(.response(method: "GET"))
        var result: [HTTPResponse] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while result.count < count {
            while let (head, body) = try reader.next() {
                result.append(HTTPResponse(status: Int(head.startLine.1) ?? 0, headers: head.headers, body: body))
            }
            if result.count >= count { break }
            guard let chunk = try socket.read(until: deadline), !chunk.isEmpty else { break }
            reader.append(chunk)
        }
        return result
    }
}

@Suite("HTTP server and client")
struct HTTPServerTests {
    @Test("The client's request reaches the handler, and its response comes back; the port is printed in the URL")
    func roundTrip() throws {
        let server = try echoServer()
        defer { server.stop() }
        #expect(server.url == "http://127.0.0.1:\(server.port)" && server.port > 0)
        let endpoint = try HTTPEndpoint(server.url + "/base/")
        let response = try HTTPClient.send(
            HTTPRequest(method: "POST", target: "/session/create", body: Data("{}".utf8)), to: endpoint)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "POST /base/session/create {}")
    }

    @Test("Keep-alive and pipelining: requests on one connection are answered in order, the last one closing")
    func keepAliveAndPipelining() throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = try RawClient(server)
        defer { client.socket.close() }
        try client.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.responses(1).map(\.status) == [200])
        try client.send(
            "POST /two HTTP/1.1\r\nContent-Length: 1\r\n\r\nbGET /three HTTP/1.1\r\nConnection: close\r\n\r\n")
        let answers = try client.responses(2)
        #expect(answers.map { String(decoding: $0.body, as: UTF8.self) } == ["POST /two b", "GET /three "])
        let rest = try client.readAll()
        #expect(answers.last?.headers["Connection"] == "close" && rest.isEmpty)
    }

    @Test("A slow loris gets 408 and a close when its head takes too long, while other clients are served")
    func slowLoris() throws {
        let server = try echoServer(.init(limits: HTTPLimits(messageTime: .milliseconds(500))))
        defer { server.stop() }
        let slow = try RawClient(server)
        defer { slow.socket.close() }
        let started = ContinuousClock.now
        var written = 0
        // A byte every 50 ms, never ending the head.
        let head = Array("GET / HTTP/1.1\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 200)
        while written < head.count, ContinuousClock.now - started < .seconds(3) {
            if (try? slow.socket.write(Data([head[written]]), until: .now + .seconds(1))) == nil { break }
            written += 1
            if written == 5 {
                // Meanwhile another client is answered at once.
                let other = try HTTPClient.send(HTTPRequest(method: "GET", target: "/"), to: HTTPEndpoint(server.url))
                #expect(other.status == 200)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let reply = try slow.readAll()
        #expect(reply.hasPrefix("HTTP/1.1 408 Request Timeout"), "\(reply)")
        #expect(ContinuousClock.now - started < .seconds(3), "the slow head was cut off near its time limit")
    }

    @Test(
        "Hostile requests get their status and a sentence, and the server goes on serving",
        arguments: [
            ("POST / HTTP/1.1\r\nContent-Length: 5000000\r\n\r\n", "HTTP/1.1 413"),
            ("GARBAGE\r\n\r\n", "HTTP/1.1 400"),
            ("GET / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", "HTTP/1.1 400"),
            ("GET / HTTP/3.0\r\n\r\n", "HTTP/1.1 505"),
        ])
    func hostile(text: String, status: String) throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = try RawClient(server)
        defer { client.socket.close() }
        try client.send(text)
        let reply = try client.readAll()
        #expect(reply.hasPrefix(status) && reply.contains("Connection: close"), "\(reply)")
        #expect(
            try HTTPClient.send(HTTPRequest(method: "GET", target: "/"), to: HTTPEndpoint(server.url)).status == 200)
    }

    @Test("A connection reset inside a request, or a client gone before its answer, ends that connection alone")
    func resets() throws {
        let gate = Mutex(0)
        let server = try HTTPServer { request in
            gate.withLock { $0 += 1 }
            Thread.sleep(forTimeInterval: 0.2)
            return .text(200, "late")
        }
        server.start()
        defer { server.stop() }
        for ending in ["GET / HTTP/1.1\r\nHost", "GET / HTTP/1.1\r\n\r\n"] {
            let client = try RawClient(server)
            try client.send(ending)
            // SO_LINGER 0: close sends a reset, not a FIN.
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(client.socket.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            Thread.sleep(forTimeInterval: 0.05)
            client.socket.close()
        }
        Thread.sleep(forTimeInterval: 0.4)
        #expect(
            try HTTPClient.send(HTTPRequest(method: "GET", target: "/"), to: HTTPEndpoint(server.url)).status == 200)
    }

    @Test("Past its connection limit a new connection gets 503; Expect: 100-continue gets 100 before the body")
    func connectionsAndContinue() throws {
        let server = try echoServer(.init(connections: 1))
        defer { server.stop() }
        let first = try RawClient(server)
        defer { first.socket.close() }
        try first.send("POST /a HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
        var interim: [UInt8] = []
        while !String(decoding: interim, as: UTF8.self).hasSuffix("\r\n\r\n") {
            guard let chunk = try first.socket.read(until: .now + .seconds(5)), !chunk.isEmpty else { break }
            interim += chunk
        }
        #expect(String(decoding: interim, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
        let second = try RawClient(server)
        defer { second.socket.close() }
        #expect(try second.readAll().hasPrefix("HTTP/1.1 503"))
        try first.send("ok")
        #expect(try first.responses(1).map { String(decoding: $0.body, as: UTF8.self) } == ["POST /a ok"])
    }

    @Test("handedOn counts every request written before the call, one held in the handler too; a half one holds it")
    func handedOnCountsWhatWasWritten() throws {
        let release = DispatchSemaphore(value: 0)
        let server = try HTTPServer(.init()) { request in
            if request.path == "/hold" { _ = release.wait(timeout: .now() + 10) }
            return .text(200, "")
        }
        server.start()
        defer { server.stop() }
        let held = try RawClient(server)
        defer { held.socket.close() }
        try held.send("GET /hold HTTP/1.1\r\n\r\n")
        let others = try (0..<3).map { _ in try RawClient(server) }
        defer { others.forEach { $0.socket.close() } }
        // Written, not yet read by the server's threads: the call must wait for them, not count what it sees now.
        for client in others { try client.send("POST /x HTTP/1.1\r\nContent-Length: 2\r\n\r\nok") }
        #expect(server.handedOn(until: .now + .seconds(10)) == 4)
        let half = try RawClient(server)
        defer { half.socket.close() }
        try half.send("POST /x HTTP/1.1\r\nContent-Length: 2\r\n")
        #expect(server.handedOn(until: .now + .milliseconds(300)) == nil)
        release.signal()
    }

    @Test("stop() ends kept-alive connections at once; a port in use is refused in plain words")
    func stopAndPortInUse() throws {
        let server = try echoServer()
        let idle = try RawClient(server)
        defer { idle.socket.close() }
        try idle.send("GET / HTTP/1.1\r\n\r\n")
        _ = try idle.responses(1)
        let started = ContinuousClock.now
        #expect(throws: HTTPWireError.self) { try HTTPServer(.init(port: server.port)) { _ in .text(200, "") } }
        server.stop()
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(try idle.readAll(within: .seconds(2)).isEmpty)
    }

    @Test("The client: a base URL read or refused in plain words; a server that never answers times out")
    func client() throws {
        #expect(try HTTPEndpoint("http://localhost:8080/api/").basePath == "/api")
        for bad in ["https://x", "http://:80", "http://127.0.0.1:0", "http://127.0.0.1:99999"] {
            #expect(throws: HTTPWireError.self, "\(bad)") { try HTTPEndpoint(bad) }
        }
        let silent = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { silent.close() }
        let started = ContinuousClock.now
        let error = #expect(throws: HTTPWireError.self) {
            try HTTPClient.send(
                HTTPRequest(method: "GET", target: "/"), to: HTTPEndpoint("http://127.0.0.1:\(silent.port)"),
                timeout: .milliseconds(300))
        }
        #expect(error?.code == .timeout && ContinuousClock.now - started < .seconds(2))
    }
}
