import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an implementation's standard output on a thread of its own, so that a reader can wait for the next
/// line with a deadline instead of blocking on a hung process.
///
/// Reading is linear in the output's size: each byte is scanned for a newline once, and consumed bytes are
/// dropped in bulk. A line longer than the limit is not buffered further; it is reported with its size.
final class LineChannel: @unchecked Sendable {
    /// What the reader gets next.
    enum Next: Equatable {
        /// A complete line of valid UTF-8, without its newline.
        case line(String)
        /// A line whose bytes are not UTF-8; the offset of the first bad byte within the line.
        case invalidUTF8(line: String, offset: Int)
        /// A line longer than the limit, with the bytes received so far.
        case tooLong(bytes: Int)
        /// No line by the deadline.
        case timedOut
        /// The writer closed its end (end of file) with no line left.
        case closed
    }

    /// The default line limit: 64 MB.
    static let defaultLimit = 64 << 20

    private let condition = NSCondition()
    private var ready: [Next] = []
    private var head = 0
    private var closed = false

    /// Starts reading `descriptor` until end of file; the channel closes the descriptor when done.
    init(descriptor: Int32, limit: Int = LineChannel.defaultLimit) {
        let thread = Thread { [self] in
            var buffer = [UInt8]()
            var start = 0, scanned = 0
            var chunk = [UInt8](repeating: 0, count: 65_536)
            var overflowing = false
            reading: while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                buffer.append(contentsOf: chunk[0..<count])
                while let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                    deliver(Self.line(buffer[start..<newline]))
                    start = newline + 1
                    scanned = start
                }
                scanned = buffer.count
                if buffer.count - start > limit {
                    overflowing = true
                    deliver(.tooLong(bytes: buffer.count - start))
                    break reading
                }
                // Drop consumed bytes once they are the larger part, so the copies stay linear overall.
                if start > 65_536 && start * 2 > buffer.count {
                    buffer.removeSubrange(0..<start)
                    scanned -= start
                    start = 0
                }
            }
            if !overflowing && start < buffer.count { deliver(Self.line(buffer[start...])) }
            close(descriptor)
            condition.lock()
            closed = true
            condition.broadcast()
            condition.unlock()
        }
        thread.start()
    }

    /// A line's bytes as text, or where they stop being UTF-8.
    static func line(_ bytes: ArraySlice<UInt8>) -> Next {
        var trimmed = bytes
        if trimmed.last == UInt8(ascii: "\r") { trimmed = trimmed.dropLast() }
        if let text = String(validating: trimmed, as: UTF8.self) { return .line(text) }
        // Find the first offending byte, for the message.
        var offset = 0
        var iterator = trimmed.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        return .invalidUTF8(line: String(decoding: trimmed, as: UTF8.self), offset: offset)
    }

    private func deliver(_ next: Next) {
        condition.lock()
        ready.append(next)
        condition.broadcast()
        condition.unlock()
    }

    /// The next line, or why there is none by `deadline`.
    func next(before deadline: Date) -> Next {
        condition.lock()
        defer { condition.unlock() }
        while head == ready.count {
            if closed { return .closed }
            if !condition.wait(until: deadline) { return head < ready.count ? take() : .timedOut }
        }
        return take()
    }

    private func take() -> Next {
        let next = ready[head]
        // Release the line now: a consumed reply of many megabytes must not wait for the next compaction.
        ready[head] = .timedOut
        head += 1
        if head > 1024 {
            ready.removeFirst(head)
            head = 0
        }
        return next
    }

    /// Waits until the writer closed its end or `deadline` passes, so that a process that exited has had its
    /// last lines read.
    func waitUntilClosed(before deadline: Date) {
        condition.lock()
        defer { condition.unlock() }
        while !closed && condition.wait(until: deadline) {}
    }
}

/// Keeps the last part of an implementation's standard error: at most a limit (64 KB), cut at a line boundary.
///
/// It drains the pipe continuously on a thread of its own, so an implementation that writes a flood of error
/// output is never blocked by a full pipe.
final class StderrTail: @unchecked Sendable {
    private let condition = NSCondition()
    private var kept = [UInt8]()
    private var dropped = 0
    private var closed = false
    private let limit: Int

    /// Starts draining `descriptor`; the tail closes the descriptor when done.
    init(descriptor: Int32, limit: Int = 64 << 10) {
        self.limit = limit
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                condition.lock()
                kept.append(contentsOf: chunk[0..<count])
                // Trim only when twice the limit is reached, so each byte is copied a bounded number of times.
                if kept.count > 2 * limit { trim() }
                condition.unlock()
            }
            close(descriptor)
            condition.lock()
            closed = true
            condition.broadcast()
            condition.unlock()
        }
        thread.start()
    }

    /// Cuts the kept bytes to the last `limit`, starting after a newline when there is one in them.
    private func trim() {
        guard kept.count > limit else { return }
        var cut = kept.count - limit
        if let newline = kept[cut...].firstIndex(of: UInt8(ascii: "\n")), newline + 1 < kept.count { cut = newline + 1 }
        dropped += cut
        kept.removeSubrange(0..<cut)
    }

    /// Waits until the writer closed its end or `deadline` passes.
    func waitUntilClosed(before deadline: Date) {
        condition.lock()
        defer { condition.unlock() }
        while !closed && condition.wait(until: deadline) {}
    }

    /// The tail as lines; the first says how much came before it, when something did.
    var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        trim()
        var text = String(decoding: kept, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        if text.last == "" { text.removeLast() }
        return (dropped > 0 ? ["[… \(dropped) earlier bytes of standard error not kept]"] : []) + text
    }
}
