import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
