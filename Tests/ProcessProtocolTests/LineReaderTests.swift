import Foundation
import Testing

@testable import ProcessProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A pipe whose read end a line reader owns, and whose write end the test writes to and closes.
private final class TestPipe: @unchecked Sendable {
    let reader: LineReader
    private(set) var writeEnd: Int32

    init(limit: Int = LineReader.defaultLimit, chunk: Int = 3) {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        reader = LineReader(descriptor: ends[0], limit: limit, chunk: chunk)
        writeEnd = ends[1]
    }

    func write(_ bytes: [UInt8]) {
        precondition(LineWriter.write(bytes, to: writeEnd, before: .now + .seconds(5)) == .written)
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    /// The next line as text, or what came instead. Every line here is already written: the deadline never matters.
    func next() -> String {
        switch reader.next(before: .now + .seconds(5)) {
        case .line: return "line " + reader.lineText
        case let other: return "\(other)"
        }
    }

    deinit { closeWriteEnd() }
}

@Suite("The line reader")
struct LineReaderTests {
    @Test("Lines split across reads and several in one read come out whole; a carriage return before the newline goes")
    func splitAndJoinedReads() {
        let pipe = TestPipe(chunk: 3)
        pipe.write(#"{"seq""#)
        pipe.write(":1}\nsecond\r\n\nthird")
        pipe.write(" line\nlast, without a newline")
        pipe.closeWriteEnd()
        #expect(pipe.next() == #"line {"seq":1}"#)
        #expect(pipe.next() == "line second")
        #expect(pipe.next() == "line ")
        #expect(pipe.next() == "line third line")
        #expect(pipe.next() == "line last, without a newline")
        #expect(pipe.next() == "closed")
        #expect(pipe.next() == "closed")
    }

    @Test("A line that grows past many reads is read whole, whatever the chunk")
    func longLines() {
        for chunk in [1, 7, 65_536] {
            let pipe = TestPipe(chunk: chunk)
            let long = String(repeating: "0123456789", count: 3_000)
            Thread.detachNewThread {
                pipe.write(long + "\nshort\n" + long)
                pipe.closeWriteEnd()
            }
            #expect(pipe.next() == "line " + long)
            #expect(pipe.next() == "line short")
            #expect(pipe.next() == "line " + long)
            #expect(pipe.next() == "closed")
        }
    }

    @Test("Nothing by the deadline is a timeout, and the line still comes after it")
    func timeout() {
        let pipe = TestPipe()
        pipe.write("partial")
        #expect(pipe.reader.next(before: .now) == .timedOut)
        pipe.write(" line\n")
        #expect(pipe.next() == "line partial line")
    }

    @Test("A line over the limit is reported with its size, and nothing more is read")
    func overTheLimit() {
        let pipe = TestPipe(limit: 10, chunk: 4)
        pipe.write("short\n" + String(repeating: "x", count: 30) + "\nmore\n")
        pipe.closeWriteEnd()
        #expect(pipe.next() == "line short")
        guard case .tooLong(let bytes) = pipe.reader.next(before: .now + .seconds(5)) else {
            Issue.record("not reported as too long")
            return
        }
        #expect(bytes > 10 && bytes <= 14)
        #expect(pipe.next() == "closed")
    }

    @Test(
        "A line that is not UTF-8 is reported with the offset of its first bad byte",
        arguments: [
            ([0x61, 0x62, 0xFF, 0x63], 2), ([0xC3, 0xA9, 0xC0, 0x80], 2), ([0xED, 0xA0, 0x80], 0),
            ([0x61, 0xE2, 0x82], 1), ([0xF4, 0x90, 0x80, 0x80], 0), (Array("0123456789abcdé".utf8) + [0x80], 16),
        ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        let pipe = TestPipe()
        pipe.write(bytes + [0x0A])
        #expect(
            pipe.reader.next(before: .now + .seconds(5))
                == .invalidUTF8(line: String(decoding: bytes, as: UTF8.self), offset: offset))
    }

    @Test("The UTF-8 check agrees with the standard library's on every kind of byte sequence")
    func agreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("plain ASCII text".utf8), Array("é".utf8), Array("商".utf8), Array("🛒".utf8), [0x80],
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5], [0xE2],
            [0xE2, 0x82], [0xF0, 0x9F, 0x9B], [0xFF],
        ]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                bytes += pieces.randomElement(using: &generator)!
            }
            let ours = bytes.withUnsafeBufferPointer { LineReader.invalidUTF8Offset($0) }
            #expect((ours == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test("The end of the output with nothing buffered is closed at once")
    func endOfFile() {
        let pipe = TestPipe()
        pipe.closeWriteEnd()
        #expect(pipe.next() == "closed")
    }
}

@Suite("The request writer")
struct LineWriterTests {
    @Test("A request larger than the pipe is written whole while the other side reads slowly")
    func partialWrites() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let reader = LineReader(descriptor: ends[0], chunk: 1000)
        let request = Array(String(repeating: "abcdefgh", count: 100_000).utf8) + [0x0A]
        let writeEnd = ends[1]
        let written = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: LineWriter.Outcome?
        Thread.detachNewThread {
            outcome = LineWriter.write(request, to: writeEnd, before: .now + .seconds(60))
            close(writeEnd)
            written.signal()
        }
        #expect(reader.next(before: .now + .seconds(60)) == .line)
        #expect(Array(reader.line) == Array(request.dropLast()))
        written.wait()
        #expect(outcome == .written)
    }

    @Test("A write to a process that stopped reading ends at its deadline; to one that has gone, at once")
    func stoppedAndGone() {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        defer { close(ends[1]) }
        let request = [UInt8](repeating: 0x61, count: 1 << 20)
        #expect(LineWriter.write(request, to: ends[1], before: .now + .milliseconds(50)) == .timedOut)
        close(ends[0])
        #expect(LineWriter.write(request, to: ends[1], before: .now + .seconds(5)) == .closed)
    }
}
