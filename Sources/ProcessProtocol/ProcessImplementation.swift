import ConformanceRules
public import FlowCheckCore
import Foundation
import JSON

/// An implementation in any language, driven over the JSON-lines process protocol.
///
/// The command line runs in a process group of its own: directly when it is plain words, under `/bin/sh -c`
/// when it needs a shell. Every request waits at most the per-step timeout for its reply; a process that hangs,
/// exits or prints a line that is not a reply ends the run with a ``ProcessError`` that names the step, what went
/// wrong and the offending line, never a hang. Stopping it ends the whole group, so no process it started is left.
/// See the process-protocol article.
///
/// Each suite module makes it conform to the suite's implementation protocol through its wire (`SteppedWire`, or
/// ``exchange(context:replyShape:write:read:)`` for one request and its reply): this module frames the exchanges and
/// names no suite's protocol.
public final class ProcessImplementation:
    RecoveringImplementation, TimeBoundImplementation, ParallelImplementation
{
    /// Who the implementation says it is, from its hello reply.
    public let info: ImplementationInfo
    /// What the implementation declared in its hello reply; the kit only generates what it declares.
    public let capabilities: Capabilities
    /// The command line the implementation runs with.
    public let commandLine: String
    /// How long one step may take.
    public let stepTimeout: Duration
    /// The step timeout, as a ``TimeBoundImplementation`` gives it.
    public var stepLimit: Duration? { stepTimeout }
    /// How long the process may take to start and answer hello: a start under load (an interpreter, a JIT, a
    /// simulator) can take far longer than a step.
    public let helloTimeout: Duration

    /// The hello timeout when none is given: 30 seconds, or the step timeout when that is longer.
    public static func defaultHelloTimeout(stepTimeout: Duration) -> Duration { max(stepTimeout, .seconds(30)) }
    /// The process group the implementation runs in (its process id); stopping it ends the whole group.
    public var processGroup: Int32 { process.pid }

    private var process: ChildProcess
    var output: LineReader
    var errors: StderrTail
    private let kit: KitInfo
    /// The request being sent; its buffer is kept from one request to the next.
    var request = JSONOutput()
    var seq = 0
    var step = 0
    private var stopped = false
    /// Set when a request broke down; the next case starts a fresh process first.
    private var broken = false

    /// When set, no request waits past this instant (the end of a suite's `--time-limit`); one that would is stopped
    /// with ``ProcessError/Code/timeLimit``.
    public var stopBy: ContinuousClock.Instant?

    /// The breakdowns the implementation recovered from, oldest first: after each, the next case ran on a fresh
    /// process (hello again). A crash while shrinking then costs one candidate, not the failure already found.
    public private(set) var breakdowns: [String] = []

    /// Starts the implementation and exchanges hello.
    /// - Throws: ``ProcessError`` with code `launchFailed` or `helloFailed`.
    public init(
        commandLine: String, stepTimeout: Duration = .seconds(5), helloTimeout: Duration? = nil,
        kit: KitInfo = .current
    ) throws(ProcessError) {
        signal(SIGPIPE, SIG_IGN)
        self.commandLine = commandLine
        self.stepTimeout = stepTimeout
        self.helloTimeout = helloTimeout ?? Self.defaultHelloTimeout(stepTimeout: stepTimeout)
        self.kit = kit
        let started = try Self.start(commandLine: commandLine, helloTimeout: self.helloTimeout, kit: kit)
        (process, output, errors) = (started.process, started.output, started.errors)
        info = started.hello.implementation
        capabilities = started.hello.capabilities
        seq = 1
    }

    /// Another process with the same command line, step timeout and kit, for another worker of a parallel run.
    /// - Throws: ``ProcessError``: it would not start or say hello, or it declared different capabilities (the cases
    ///   every worker runs are generated from one declaration).
    public func makeWorker() throws(ProcessError) -> ProcessImplementation {
        let worker = try ProcessImplementation(
            commandLine: commandLine, stepTimeout: stepTimeout, helloTimeout: helloTimeout, kit: kit)
        guard worker.capabilities == capabilities else {
            worker.stop()
            throw ProcessError(
                code: .helloFailed,
                message: "`\(commandLine)` declared different capabilities when it was started for another worker")
        }
        worker.stopBy = stopBy
        return worker
    }

    /// A running process that has answered hello.
    private static func start(
        commandLine: String, helloTimeout: Duration, kit: KitInfo
    ) throws(ProcessError) -> (process: ChildProcess, output: LineReader, errors: StderrTail, hello: HelloReply) {
        let process = try ChildProcess(commandLine: commandLine)
        let output = LineReader(descriptor: process.stdoutDescriptor)
        let errors = StderrTail(descriptor: process.stderrDescriptor)
        var request = JSONOutput()
        Request.hello(kit).write(seq: 0, into: &request)
        let reply: ReplyLine
        do {
            reply = try Self.exchange(
                &request, seq: 0, context: { "hello" }, output: output, errors: errors, process: process,
                timeout: helloTimeout, scan: { _ in false })
        } catch {
            process.terminate()
            // A slow start is not a broken protocol: say which limit it ran into, and how to raise it.
            let hint = error.code == .timeout ? " (the hello timeout; a slow start needs a longer --hello-timeout)" : ""
            throw ProcessError(
                code: .helloFailed, message: "`\(commandLine)` broke the protocol at hello: \(error.message)\(hint)",
                offendingLine: error.offendingLine, stderrTail: error.stderrTail)
        }
        func refused(_ why: String) -> ProcessError {
            process.terminate()
            return ProcessError(
                code: .helloFailed, message: "`\(commandLine)` broke the protocol at hello: \(why)",
                offendingLine: output.lineText)
        }
        // The version first: a reply of another version may well have another shape too.
        if case .number(let version)? = Wire.lookup(reply.pairs, "protocol"), version != 1 {
            throw refused("it speaks protocol \(JSONWriter.write(.number(version))); this kit speaks protocol 1")
        }
        do {
            return (process, output, errors, try Wire.hello(.object(reply.pairs), seq: 0))
        } catch {
            throw refused("its reply is not of the documented shape: \(error)")
        }
    }

    /// The next call starts a fresh process, as after a breakdown (not counted as one).
    public func startAfresh() { broken = true }

    /// After a breakdown, ends what is left of the old process group and starts a fresh process for the next case.
    func recover() throws(ProcessError) {
        guard broken, !stopped else { return }
        process.terminate()
        let started = try Self.start(commandLine: commandLine, helloTimeout: helloTimeout, kit: kit)
        (process, output, errors) = (started.process, started.output, started.errors)
        seq = 1
        broken = false
        // What it declares must not change: the cases generated so far rest on it. Its name may (one that carries a
        // process id, say).
        guard started.hello.capabilities == capabilities else {
            throw ProcessError(
                code: .helloFailed,
                message:
                    "`\(commandLine)` declared different capabilities when it was restarted after a breakdown"
            )
        }
    }

    deinit { stop() }

    /// Sends `stop`, closes the implementation's input, and ends its process group: at once if it has not ended
    /// within a second, with SIGKILL for anything that ignores SIGTERM. Returns once every process is reaped.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning {
            request.removeAll()
            Request.stop.write(seq: seq, into: &request)
            request.bytes.append(UInt8(ascii: "\n"))
            _ = LineWriter.write(request.bytes, to: process.stdinDescriptor, before: .now + .seconds(1))
            process.closeInput()
            process.waitForExit(before: Date().addingTimeInterval(1))
        }
        process.terminate()
    }

    /// Checks that the reply to a reset (`what`) says `"ok": true`; one that does not leaves the process out of step.
    func expectOK(_ reply: ReplyLine, _ what: String) throws(ProcessError) {
        guard Wire.lookup(reply.pairs, "ok") == .bool(true) else {
            broken = true
            breakdowns.append("the reply to \(what) does not say \"ok\": true")
            throw ProcessError(
                code: .malformedReply, message: "the reply to \(what) should say \"ok\": true",
                offendingLine: output.lineText, stderrTail: errors.lines)
        }
    }

    /// Reads the reply to the batch of seq `batchSeq`: `count` replies, each an object echoing its own seq, the first
    /// (the reply to `reset`) saying ok, then each of the others decoded in order by `decode`, which is given its
    /// index in `replies`.
    func batchReplies<T>(
        _ reply: ReplyLine, seq batchSeq: Int, count: Int, reset: String, batchContext: () -> String,
        context: (Int) -> String, decode: (Int, Wire.Pairs) throws(ProcessError) -> T
    ) throws(ProcessError) -> [T] {
        guard case .array(let replies)? = Wire.lookup(reply.pairs, "replies"), replies.count == count else {
            let held: String
            switch Wire.lookup(reply.pairs, "replies") {
            case .array(let items)?: held = "it holds \(items.count)"
            case let other?: held = "its \"replies\" is \(Wire.found(other))"
            case nil: held = "it has no \"replies\""
            }
            throw ProcessError(
                code: .malformedReply,
                message: "the reply to \(batchContext()) should hold \(count) replies; \(held)",
                offendingLine: output.lineText, stderrTail: errors.lines)
        }
        if let unreadable = replies.firstIndex(where: { !$0.isObject }) {
            throw ProcessError(
                code: .malformedReply,
                message:
                    "the reply to \(context(unreadable)) (reply \(unreadable) of the batch) is not a JSON object, but "
                    + Wire.found(replies[unreadable]),
                offendingLine: output.lineText, stderrTail: errors.lines)
        }
        // The text of each inner reply, as written: split off once, and only when a seq's spelling must be read (the
        // line holds a number that is not an integer literal). Splitting it for each reply made a batch quadratic.
        var innerTexts: [String]?
        func innerSeqSpelling(_ index: Int) -> String? {
            if innerTexts == nil {
                innerTexts =
                    (try? JSONParser.memberText("replies", in: output.lineText)).flatMap {
                        try? JSONParser.elementTexts(in: $0)
                    } ?? []
            }
            guard let texts = innerTexts, index < texts.count else { return nil }
            return try? JSONParser.memberText("seq", in: texts[index])
        }
        // Every inner reply echoes its own request's seq, and the reset's reply says ok, as outside a batch.
        for index in replies.indices {
            let expected = batchSeq + 1 + index
            let seqValue = Wire.lookup(replies[index].objectPairs ?? [], "seq")
            let echoed = Self.integerLiteral(seqValue, integersOnly: reply.integersOnly) { innerSeqSpelling(index) }
            guard echoed != expected else { continue }
            broken = true
            breakdowns.append("the reply to \(context(index)) should echo \"seq\": \(expected)")
            let what =
                echoed.map { ", not \($0)" }
                ?? " as an integer, not \(Self.describe(seqValue, spelling: innerSeqSpelling(index)))"
            throw ProcessError(
                code: .malformedReply,
                message: "the reply to \(context(index)) (reply \(index) of the batch) should echo \"seq\": \(expected)"
                    + what,
                offendingLine: output.lineText, stderrTail: errors.lines)
        }
        let first = replies[0].objectPairs ?? []
        let errored = Wire.lookup(first, "errored") == .bool(true)
        if Wire.lookup(first, "ok") != .bool(true) && !errored {
            throw ProcessError(
                code: .malformedReply, message: "the reply to the \(reset) of a batch should say \"ok\": true",
                offendingLine: output.lineText, stderrTail: errors.lines)
        }
        if errored {
            throw ProcessError(
                code: .implementationError,
                message:
                    "the implementation reported an error at the \(reset) of a batch: \(Self.errorMessage(first))",
                offendingLine: output.lineText)
        }
        var result: [T] = []
        result.reserveCapacity(count - 1)
        for index in 1..<count {
            let pairs = replies[index].objectPairs ?? []
            if Wire.lookup(pairs, "errored") == .bool(true) {
                throw ProcessError(
                    code: .implementationError,
                    message: "the implementation reported an error at \(context(index)): \(Self.errorMessage(pairs))",
                    offendingLine: output.lineText)
            }
            result.append(try decode(index, pairs))
        }
        return result
    }

    // MARK: Exchanges

    /// A reply line, parsed: its members, and whether every number in it is an integer literal (so that its seqs
    /// need no look at their spelling); or, when a suite's scanner read the line straight from its bytes (navigation
    /// replies written the plain way), no members.
    struct ReplyLine {
        var pairs: Wire.Pairs
        var integersOnly: Bool
        /// Whether a suite's scanner read the line itself (``pairs`` is then empty).
        var scanned: Bool
    }

    /// Reads a reply line straight from its bytes and keeps what it read, saying so; or says `false` for the general
    /// reader to parse the line.
    typealias Scan = (UnsafeBufferPointer<UInt8>) -> Bool

    /// Sends ``request`` with the next seq, and returns its reply.
    func exchangeNext(context: () -> String, scan: Scan = { _ in false }) throws(ProcessError) -> ReplyLine {
        defer { seq += 1 }
        return try exchange(seq: seq, context: context, scan: scan)
    }

    /// One request and its reply. A batch is one request too: its whole reply must come within the step timeout, so a
    /// hang inside a batch ends as soon as one outside it would.
    func exchange(
        seq: Int, context: () -> String, scan: Scan = { _ in false }
    ) throws(ProcessError) -> ReplyLine {
        guard !stopped else {
            throw ProcessError(code: .exited, message: "the implementation was stopped before \(context())")
        }
        do throws(ProcessError) {
            var timeout = stepTimeout
            var limited = false
            if let stopBy {
                // The suite's --time-limit is a hard bound: no wait, a batch's included, outlasts it.
                let left = ContinuousClock.now.duration(to: stopBy)
                if left < timeout {
                    timeout = max(left, .milliseconds(1))
                    limited = true
                }
            }
            do throws(ProcessError) {
                return try Self.exchange(
                    &request, seq: seq, context: context, output: output, errors: errors, process: process,
                    timeout: timeout, scan: scan)
            } catch {
                guard limited && error.code == .timeout else { throw error }
                throw ProcessError(
                    code: .timeLimit, message: "the time limit ran out while waiting for the reply to \(context())",
                    stderrTail: error.stderrTail)
            }
        } catch {
            // The process may be dead, stopped, or out of step with the kit: the next case gets a fresh one. An
            // errored reply is the implementation speaking, not breaking down.
            if error.code != .implementationError {
                broken = true
                breakdowns.append(error.message)
            }
            throw error
        }
    }

    private static func exchange(
        _ request: inout JSONOutput, seq: Int, context: () -> String, output: LineReader, errors: StderrTail,
        process: ChildProcess, timeout: Duration, scan: Scan
    ) throws(ProcessError) -> ReplyLine {
        let deadline = ContinuousClock.now + timeout
        request.bytes.append(UInt8(ascii: "\n"))
        switch LineWriter.write(request.bytes, to: process.stdinDescriptor, before: deadline) {
        case .written: break
        case .closed: throw exitError(context: context(), process: process, errors: errors)
        case .timedOut: throw timeoutError(context: context(), timeout: timeout, process: process, errors: errors)
        }
        var endedAt: ContinuousClock.Instant?
        while true {
            // Wake now and then to notice a process that exited while a child of it still holds its output open.
            // (Every 20 ms: a breakdown is shrunk like a divergence, so its cost is paid once per candidate.)
            let next = output.next(before: min(deadline, .now + .milliseconds(20)))
            if case .timedOut = next, ContinuousClock.now < deadline {
                if !process.isRunning {
                    // Its last lines may still be in the pipe: give them a moment before calling it an exit.
                    if let endedAt, endedAt.duration(to: .now) > .milliseconds(50) {
                        throw exitError(context: context(), process: process, errors: errors)
                    }
                    endedAt = endedAt ?? .now
                }
                continue
            }
            switch next {
            case .timedOut:
                throw timeoutError(context: context(), timeout: timeout, process: process, errors: errors)
            case .closed:
                throw exitError(context: context(), process: process, errors: errors)
            case .tooLong(let bytes):
                process.terminate()
                throw ProcessError(
                    code: .malformedReply,
                    message:
                        "the reply to \(context()) is a line of more than \(bytes) bytes, over the limit of "
                        + "\(LineReader.defaultLimit) bytes; the implementation was stopped",
                    stderrTail: errors.lines)
            case .invalidUTF8(let line, let offset):
                throw ProcessError(
                    code: .malformedReply,
                    message:
                        "the reply to \(context()) is not UTF-8: the byte at offset \(offset) of the line is not "
                        + "valid UTF-8",
                    offendingLine: line, stderrTail: errors.lines)
            case .line:
                if scan(output.line) { return ReplyLine(pairs: [], integersOnly: true, scanned: true) }
                if output.line.allSatisfy({ $0 == 0x20 || (0x09...0x0D).contains($0) }) { continue }
                var nonIntegers = 0
                let value: JSONValue
                do {
                    value = try JSONParser.parse(utf8: output.line, nonIntegers: &nonIntegers)
                } catch {
                    // Blank in other ways (a no-break space): skipped as well.
                    if output.lineText.allSatisfy(\.isWhitespace) { continue }
                    throw ProcessError(
                        code: .malformedReply,
                        message:
                            "the reply to \(context()) is not a JSON object "
                            + "(at column \(error.column): \(error.message))",
                        offendingLine: output.lineText, stderrTail: errors.lines)
                }
                guard case .object(let pairs) = value else {
                    throw ProcessError(
                        code: .malformedReply,
                        message: "the reply to \(context()) is not a JSON object, but \(Wire.found(value))",
                        offendingLine: output.lineText, stderrTail: errors.lines)
                }
                // Only an integer literal is a seq: 2377.0, 1e3 and true are not, though 2377.0 and 1e3 read as
                // integers.
                let seqValue = Wire.lookup(pairs, "seq")
                func spelling() -> String? { try? JSONParser.memberText("seq", in: output.lineText) }
                guard let echoed = integerLiteral(seqValue, integersOnly: nonIntegers == 0, spelling: spelling) else {
                    throw ProcessError(
                        code: .malformedReply,
                        message:
                            "the reply to \(context()) should echo \"seq\": \(seq) as an integer, not "
                            + describe(seqValue, spelling: spelling()),
                        offendingLine: output.lineText, stderrTail: errors.lines)
                }
                guard echoed == seq else {
                    throw ProcessError(
                        code: .malformedReply,
                        message: "the reply to \(context()) should echo \"seq\": \(seq), not \(echoed)",
                        offendingLine: output.lineText, stderrTail: errors.lines)
                }
                if Wire.lookup(pairs, "errored") == .bool(true) {
                    throw ProcessError(
                        code: .implementationError,
                        message: "the implementation reported an error at \(context()): \(errorMessage(pairs))",
                        offendingLine: output.lineText, stderrTail: errors.lines)
                }
                return ReplyLine(pairs: pairs, integersOnly: nonIntegers == 0, scanned: false)
            }
        }
    }

    /// The integer `value` holds when it is written as an integer literal, or `nil` (for `2.0`, `1e3`, `true`, `"2"`).
    /// Its spelling is looked at only when the line holds a number that is not an integer literal.
    private static func integerLiteral(
        _ value: JSONValue?, integersOnly: Bool, spelling: () -> String?
    ) -> Int? {
        guard case .number(let number)? = value, let integer = Int(exactly: number) else { return nil }
        if integersOnly { return integer }
        guard let text = spelling() else { return nil }
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        return !digits.isEmpty && digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            ? integer : nil
    }

    /// A seq as it was written, for a message: `2.0`, `true`, `"2"`, or `nothing`.
    private static func describe(_ value: JSONValue?, spelling: @autoclosure () -> String?) -> String {
        guard let value else { return "nothing" }
        if case .number = value, let text = spelling() { return text }
        let text = JSONWriter.write(value)
        return text.count > 100 ? String(text.prefix(100)) + "…" : text
    }

    /// An errored reply's message.
    private static func errorMessage(_ pairs: Wire.Pairs) -> String {
        Wire.lookup(pairs, "message")?.stringValue ?? "no message"
    }

    /// No reply in time: the implementation is stopped, with a short grace, since a hang is retried while it is
    /// shrunk and has already cost a whole step timeout.
    private static func timeoutError(
        context: String, timeout: Duration, process: ChildProcess, errors: StderrTail
    ) -> ProcessError {
        process.terminate(grace: .milliseconds(200))
        errors.waitUntilClosed(before: Date().addingTimeInterval(1))
        return ProcessError(
            code: .timeout, message: "no reply to \(context) within \(format(timeout)); the implementation was stopped",
            stderrTail: errors.lines)
    }

    /// The breakdown when the implementation's output ended: it exited (with its status or signal), or it closed its
    /// standard output while still running (it is then stopped).
    private static func exitError(context: String, process: ChildProcess, errors: StderrTail) -> ProcessError {
        // An exit closes the output a moment before the process is reaped; a process still running after that
        // moment closed its output itself.
        let ended = process.waitForExit(before: Date().addingTimeInterval(0.2))
        let what: String
        if ended, let ending = process.ending {
            what = ending
        } else {
            what = "closed its standard output while still running (it was stopped)"
        }
        // Whatever it left behind (a child still holding its standard error) is ended with its group, so the tail
        // is complete at once rather than after a wait for a pipe that never closes.
        process.terminate()
        errors.waitUntilClosed(before: Date().addingTimeInterval(1))
        var error = ProcessError(
            code: .exited, message: "the implementation \(what) before answering \(context)", stderrTail: errors.lines)
        error.ending = ended ? process.ending : nil
        return error
    }

    private static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds >= 1 && seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(Int(seconds * 1000)) ms"
    }
}
