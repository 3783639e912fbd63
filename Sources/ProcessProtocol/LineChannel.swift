import Foundation

/// Reads lines from a pipe on a background thread, so that a reader can wait
/// for the next line with a deadline instead of blocking forever on a hung process.
final class LineChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var head = 0
    private var closed = false
    private var tail: [String] = []
    private let keepsTail: Int

    /// Starts reading `handle` until end of file.
    init(_ handle: FileHandle, keepsTail: Int = 0) {
        self.keepsTail = keepsTail
        let thread = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    self.deliver(line)
                }
            }
            if !pending.isEmpty { self.deliver(String(decoding: pending, as: UTF8.self)) }
            self.condition.lock()
            self.closed = true
            self.condition.broadcast()
            self.condition.unlock()
        }
        thread.start()
    }

    private func deliver(_ line: String) {
        condition.lock()
        if keepsTail > 0 {
            tail.append(line)
            if tail.count > keepsTail { tail.removeFirst(tail.count - keepsTail) }
        } else {
            lines.append(line)
        }
        condition.broadcast()
        condition.unlock()
    }

    enum Next { case line(String), timedOut, closed }

    /// The next line, or why there is none by `deadline`.
    func next(before deadline: Date) -> Next {
        condition.lock()
        defer { condition.unlock() }
        while head == lines.count {
            if closed { return .closed }
            if !condition.wait(until: deadline) { return head < lines.count ? .line(take()) : .timedOut }
        }
        return .line(take())
    }

    private func take() -> String {
        let line = lines[head]
        head += 1
        if head > 1024 { lines.removeFirst(head); head = 0 }
        return line
    }

    /// Waits until the writer closed its end (end of file) or `deadline` passes, so that a
    /// process that exited has had its last lines read.
    func waitUntilClosed(before deadline: Date) {
        condition.lock()
        defer { condition.unlock() }
        while !closed && condition.wait(until: deadline) {}
    }

    /// The last lines seen (for standard error).
    var lastLines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return tail
    }
}
