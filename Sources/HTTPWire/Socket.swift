package import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket's file descriptor and the few calls the server and the client make on it; every call that can
/// block waits at most until a deadline, so that no peer can hold a thread forever.
package struct Socket: Sendable {
    package let fd: Int32

    /// A socket listening on `host` (an IPv4 address) and `port` (0: any free port).
    package static func listen(host: String, port: UInt16) throws(HTTPWireError) -> Socket {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw failure("could not create a socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = try ipv4(host, port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let failed = failure("could not listen on \(host):\(port)")
            Glibc.close(fd)
            throw failed
        }
        guard Glibc.listen(fd, 128) == 0 else {
            let failed = failure("could not listen on \(host):\(port)")
            Glibc.close(fd)
            throw failed
        }
        return Socket(fd: fd)
    }

    /// A socket connected to `host`:`port`, within `timeout`.
    package static func connect(host: String, port: UInt16, timeout: Duration) throws(HTTPWireError) -> Socket {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw failure("could not create a socket") }
        let socket = Socket(fd: fd)
        var address = try ipv4(host, port)
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let started = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if started != 0 {
            guard errno == EINPROGRESS else {
                let failed = failure("could not connect to \(host):\(port)")
                socket.close()
                throw failed
            }
            guard socket.wait(for: Int16(POLLOUT), until: .now + timeout) else {
                socket.close()
                throw HTTPWireError(.timeout, "no connection to \(host):\(port) within \(timeout)")
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if code != 0 {
                socket.close()
                throw HTTPWireError(.socket, "could not connect to \(host):\(port): \(String(cString: strerror(code)))")
            }
        }
        _ = fcntl(fd, F_SETFL, flags)
        return socket
    }

    /// The IPv4 address of `host`: a dotted address as written, else the first IPv4 address the resolver gives
    /// (`localhost`, a name in /etc/hosts, a container's service name).
    private static func ipv4(_ host: String, _ port: UInt16) throws(HTTPWireError) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        if inet_pton(AF_INET, host, &address.sin_addr) == 1 { return address }
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &found)
        defer { if let found { freeaddrinfo(found) } }
        guard status == 0, let first = found, let resolved = first.pointee.ai_addr else {
            let reason = status == 0 ? "no IPv4 address" : String(cString: gai_strerror(status))
            throw HTTPWireError(.socket, "could not connect to \(host):\(port): the name does not resolve (\(reason))")
        }
        resolved.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address.sin_addr = $0.pointee.sin_addr }
        return address
    }

    private static func failure(_ what: String) -> HTTPWireError {
        HTTPWireError(.socket, "\(what): \(String(cString: strerror(errno)))")
    }

    /// The port the socket is bound to.
    package var port: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Waits until the socket is ready for `events` or the deadline passes; `false` on the deadline.
    package func wait(for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = deadline - .now
            if left <= .zero { return false }
            let milliseconds = Int32(min(left / .milliseconds(1), 1_000))
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, max(milliseconds, 1))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }
        }
    }

    /// Whether the socket is ready for `events` now, without waiting.
    package func isReady(for events: Int16) -> Bool {
        var descriptor = pollfd(fd: fd, events: events, revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & events != 0
    }

    /// Whether bytes the peer sent wait in the kernel, unread (a close is not).
    package var hasUnreadBytes: Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// The next accepted connection, or `nil` when none came within `timeout`.
    package func accept(timeout: Duration) -> Socket? {
        guard wait(for: Int16(POLLIN), until: .now + timeout) else { return nil }
        let client = Glibc.accept(fd, nil, nil)
        guard client >= 0 else { return nil }
        var yes: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return Socket(fd: client)
    }

    /// Bytes that arrived before the deadline: empty when the peer closed; `nil` on the deadline.
    package func read(until deadline: ContinuousClock.Instant, max: Int = 65_536) throws(HTTPWireError) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: max)
        while true {
            guard wait(for: Int16(POLLIN), until: deadline) else { return nil }
            let count = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, Int32(MSG_DONTWAIT)) }
            if count >= 0 { return Array(bytes.prefix(count)) }
            if errno == EINTR || errno == EAGAIN { continue }
            // A reset is the peer going away, as a close is.
            if errno == ECONNRESET { return [] }
            throw Self.failure("could not read from the connection")
        }
    }

    /// Writes every byte before the deadline; a peer that resets or stops reading ends it with an error.
    package func write(_ data: Data, until deadline: ContinuousClock.Instant) throws(HTTPWireError) {
        var offset = 0
        let bytes = [UInt8](data)
        while offset < bytes.count {
            guard wait(for: Int16(POLLOUT), until: deadline) else {
                throw HTTPWireError(
                    .timeout, "the peer read nothing for too long: \(bytes.count - offset) bytes unsent")
            }
            // MSG_NOSIGNAL: a peer gone away is an error here, never a SIGPIPE that ends the kit.
            let sent = bytes[offset...].withUnsafeBytes {
                send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if sent < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw HTTPWireError(.closed, "the peer closed the connection: \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
    }

    /// Ends both directions, waking any call blocked on the socket.
    package func shutdown() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    package func close() { _ = Glibc.close(fd) }
}
