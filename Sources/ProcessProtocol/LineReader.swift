#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an implementation's standard output line by line on the calling thread: poll(2) until a deadline, then
/// read(2) into a buffer kept from one line to the next.
///
/// Waiting on the caller's thread costs no handoff between threads per line, and a hung process still costs only
/// its deadline. Reading is linear in the output's size: each byte is scanned for a newline once, and only the
/// unread part of a line is moved when the buffer is compacted. A line longer than the limit is not buffered
/// further; it is reported with its size, and nothing more is read.
package final class LineReader {
    /// What the reader gets next.
    package enum Next: Equatable {
        /// A complete line of valid UTF-8, in ``line``.
        case line
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
    package static let defaultLimit = 64 << 20

    /// The last line read, without its newline (or the carriage return before it), in place in the reader's buffer:
    /// valid until the next call of ``next(before:)``, and only while the reader lives.
    package var line: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage + lineStart, count: lineCount) }
    private var lineStart = 0, lineCount = 0

    private let descriptor: Int32
    private let limit: Int
    private let chunk: Int
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes `start..<end` are read and not yet taken; `start..<scanned` holds no newline.
    private var start = 0, scanned = 0, end = 0
    /// End of file (or a read error): what is buffered is all there is.
    private var ended = false
    /// A line went over the limit: nothing more is read.
    private var overflowed = false

    /// Reads `descriptor`, which the reader owns from now on and closes when it goes; `chunk` is the most one read
    /// asks for (small in tests, to split lines). A non-blocking descriptor is best: a wakeup with nothing to read
    /// (which poll(2) allows) then cannot block.
    package init(descriptor: Int32, limit: Int = LineReader.defaultLimit, chunk: Int = 65_536) {
        self.descriptor = descriptor
        self.limit = limit
        self.chunk = chunk
        capacity = 2 * chunk
        storage = .allocate(capacity: capacity)
    }

    deinit {
        close(descriptor)
        storage.deallocate()
    }

    /// The last line as text, for messages.
    package var lineText: String { String(decoding: line, as: UTF8.self) }

    /// The next line, or why there is none by `deadline`. A line already buffered, or already in the pipe, is
    /// returned even when the deadline has passed.
    package func next(before deadline: ContinuousClock.Instant) -> Next {
        while true {
            if scanned < end, let found = memchr(storage + scanned, Int32(UInt8(ascii: "\n")), end - scanned) {
                let newline = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let next = take(upTo: newline)
                start = newline + 1
                scanned = start
                return next
            }
            scanned = end
            if overflowed { return .closed }
            if end - start > limit {
                overflowed = true
                return .tooLong(bytes: end - start)
            }
            if ended {
                guard start < end else { return .closed }
                let next = take(upTo: end)
                start = end
                scanned = end
                return next
            }
            guard Self.wait(for: descriptor, events: Int16(POLLIN), before: deadline) else { return .timedOut }
            fill()
        }
    }

    /// Reads what the pipe holds, making room first: the unread part moves to the front, and the buffer doubles only
    /// when that part fills most of it, so every byte is copied a bounded number of times.
    private func fill() {
        if start == end {
            start = 0
            scanned = 0
            end = 0
        } else if capacity - end < chunk && start > 0 {
            let unread = end - start
            memmove(storage, storage + start, unread)
            scanned -= start
            end = unread
            start = 0
        }
        if capacity - end < chunk {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, end + chunk))
            larger.update(from: storage, count: end)
            storage.deallocate()
            storage = larger
            capacity = max(capacity * 2, end + chunk)
        }
        let count = read(descriptor, storage + end, min(chunk, capacity - end))
        if count > 0 {
            end += count
        } else if count == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
            ended = true
        }
    }

    /// Makes `start..<newline` the ``line`` and says whether it is UTF-8.
    private func take(upTo newline: Int) -> Next {
        var last = newline
        if last > start && storage[last - 1] == UInt8(ascii: "\r") { last -= 1 }
        (lineStart, lineCount) = (start, last - start)
        if let offset = Self.invalidUTF8Offset(line) {
            return .invalidUTF8(line: lineText, offset: offset)
        }
        return .line
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629: no overlong forms,
    /// no surrogates, nothing past U+10FFFF), or `nil` when every byte is part of one.
    static func invalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index < count {
            // Replies are mostly ASCII: eight bytes at a time while they are.
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xED: (length, high) = (3, 0x9F)
            case 0xE1...0xEF: length = 3
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF4: (length, high) = (4, 0x8F)
            case 0xF1...0xF3: length = 4
            default: return index
            }
            guard index + length <= count, (low...high).contains(base[index + 1]) else { return index }
            for next in (index + 2)..<(index + length) where base[next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    /// Waits until `descriptor` is ready for `events`, or `deadline` passes; returns whether it is ready (an error or
    /// a hang-up counts as ready: the next read or write says which).
    static func wait(for descriptor: Int32, events: Int16, before deadline: ContinuousClock.Instant) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            // Rounded up, so that a wait never ends just before its deadline and spins.
            let (seconds, attoseconds) = left.components
            let perMillisecond: Int64 = 1_000_000_000_000_000
            let rounded = seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond
            let milliseconds = left <= .zero ? 0 : Int32(clamping: rounded)
            let result = poll(&entry, 1, milliseconds)
            if result > 0 { return true }
            if result == 0 { return false }
            if errno != EINTR { return true }
        }
    }
}

/// Writes requests to an implementation's standard input: write(2) on its non-blocking descriptor, the rest of a
/// partial write after poll(2) says there is room, until a deadline.
package enum LineWriter {
    /// How a write ended.
    package enum Outcome {
        /// Every byte was written.
        case written
        /// The reading end is closed (EPIPE) or the descriptor is unusable: the process has gone.
        case closed
        /// The process did not take the bytes by the deadline.
        case timedOut
    }

    /// Writes every byte of `bytes`, or says why not.
    package static func write(
        _ bytes: [UInt8], to descriptor: Int32, before deadline: ContinuousClock.Instant
    ) -> Outcome {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return .written }
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if count >= 0 {
                    offset += count
                    continue
                }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK:
                    guard LineReader.wait(for: descriptor, events: Int16(POLLOUT), before: deadline) else {
                        return .timedOut
                    }
                default: return .closed
                }
            }
            return .written
        }
    }
}
