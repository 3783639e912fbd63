#if canImport(Glibc)
import Glibc
#endif

/// Saves the input under way when a reader crashes: the input is kept in a buffer that a signal handler can write
/// out with `open` and `write` alone (no allocation, no locks), and the process then exits 1.
package enum CrashCapture {
    nonisolated(unsafe) private static var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    nonisolated(unsafe) private static var length = 0
    nonisolated(unsafe) private static var capacity = 1
    nonisolated(unsafe) private static var path: [CChar] = [0]

    /// Installs the handlers for the signals a crash raises (a Swift trap is SIGILL or SIGTRAP).
    package static func install() {
        for number in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            signal(number) { _ in
                let descriptor = CrashCapture.path.withUnsafeBufferPointer {
                    open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                }
                if descriptor >= 0 {
                    _ = write(descriptor, CrashCapture.buffer, CrashCapture.length)
                    close(descriptor)
                }
                let message: StaticString = "flowcheck-fuzz: CRASH; the input is saved\n"
                _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
                _exit(1)
            }
        }
    }

    /// Where a crash's input goes.
    package static func save(to file: String) { path = Array(file.utf8CString) }

    /// Keeps `input` as the one under way.
    package static func remember(_ input: [UInt8]) {
        if input.count > capacity {
            buffer.deallocate()
            capacity = max(input.count, capacity * 2)
            buffer = .allocate(capacity: capacity)
        }
        input.withUnsafeBufferPointer { if let base = $0.baseAddress { buffer.update(from: base, count: input.count) } }
        length = input.count
    }
}
