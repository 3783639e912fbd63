import ConformanceRules
import FlowCheckCore
import FlowSchema
import Foundation
import NavigationModel

/// An implementation in any language, driven over the JSON-lines process protocol.
///
/// The command line runs in a process group of its own: directly when it is plain words, under `/bin/sh -c`
/// when it needs a shell. Every request waits at most the per-step timeout for its reply; a process that hangs,
/// exits or prints a line that is not a reply ends the run with a ``ProcessError`` that names the step, what went
/// wrong and the offending line, never a hang. Stopping it ends the whole group, so no process it started is left.
/// See the process-protocol article.
public final class ProcessImplementation: NavigationImplementation, DecodingImplementation, RecoveringImplementation,
    TimeBoundImplementation
{
    /// Who the implementation says it is, from its hello reply.
    public let info: ImplementationInfo
    /// What the implementation declared in its hello reply; the kit only generates what it declares.
    public let capabilities: Capabilities
    /// The command line the implementation runs with.
    public let commandLine: String
    /// How long one step may take.
    public let stepTimeout: Duration
    /// The process group the implementation runs in (its process id); stopping it ends the whole group.
    public var processGroup: Int32 { process.pid }

    private var process: ChildProcess
    private var output: LineChannel
    private var errors: StderrTail
    private let kit: KitInfo
    private var seq = 0
    private var step = 0
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
    public init(commandLine: String, stepTimeout: Duration = .seconds(5), kit: KitInfo = .current) throws(ProcessError)
    {
        signal(SIGPIPE, SIG_IGN)
        self.commandLine = commandLine
        self.stepTimeout = stepTimeout
        self.kit = kit
        let started = try Self.start(commandLine: commandLine, stepTimeout: stepTimeout, kit: kit)
        (process, output, errors) = (started.process, started.output, started.errors)
        info = started.hello.implementation
        capabilities = started.hello.capabilities
        seq = 1
    }

    /// A running process that has answered hello.
    private static func start(
        commandLine: String, stepTimeout: Duration, kit: KitInfo
    ) throws(ProcessError) -> (process: ChildProcess, output: LineChannel, errors: StderrTail, hello: HelloReply) {
        let process = try ChildProcess(commandLine: commandLine)
        let output = LineChannel(descriptor: process.stdoutDescriptor)
        let errors = StderrTail(descriptor: process.stderrDescriptor)
        let line: String
        do {
            (_, line) = try Self.exchange(
                .hello(kit), seq: 0, context: "hello", output: output, errors: errors, process: process,
                timeout: stepTimeout)
        } catch {
            process.terminate()
            throw ProcessError(
                code: .helloFailed, message: "`\(commandLine)` broke the protocol at hello: \(error.message)",
                offendingLine: error.offendingLine, stderrTail: error.stderrTail)
        }
        do {
            let hello = try JSONDecoder().decode(HelloReply.self, from: Data(line.utf8))
            guard hello.protocol == 1 else {
                throw ProcessError(
                    code: .helloFailed, message: "it speaks protocol \(hello.protocol); this kit speaks protocol 1")
            }
            return (process, output, errors, hello)
        } catch let error as ProcessError {
            process.terminate()
            throw ProcessError(
                code: .helloFailed, message: "`\(commandLine)` broke the protocol at hello: \(error.message)",
                offendingLine: line)
        } catch {
            process.terminate()
            throw ProcessError(
                code: .helloFailed,
                message:
                    "`\(commandLine)` broke the protocol at hello: its reply is not of the documented shape: \(Self.describe(error))",
                offendingLine: line)
        }
    }

    /// After a breakdown, ends what is left of the old process group and starts a fresh process for the next case.
    private func recover() throws(ProcessError) {
        guard broken, !stopped else { return }
        process.terminate()
        let started = try Self.start(commandLine: commandLine, stepTimeout: stepTimeout, kit: kit)
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
            try? process.stdin.write(contentsOf: Data((Request.stop.line(seq: seq) + "\n").utf8))
            try? process.stdin.close()
            process.waitForExit(before: Date().addingTimeInterval(1))
        }
        process.terminate()
    }

    public func reset(to stack: ScreenStack, profile: Profile) throws {
        try recover()
        step = 0
        let (reply, line) = try send(.reset(stack, profile), context: "reset")
        guard reply["ok"] as? Bool == true else {
            broken = true
            breakdowns.append("the reply to reset does not say \"ok\": true")
            throw ProcessError(
                code: .malformedReply, message: "the reply to reset should say \"ok\": true", offendingLine: line,
                stderrTail: errors.lines)
        }
    }

    public func perform(_ command: Command) throws -> Reply {
        defer { step += 1 }
        let (_, line) = try send(.command(command), context: "step \(step) (\(command))")
        return try decodeReply(line, context: "step \(step) (\(command))")
    }

    public func run(initial: ScreenStack, profile: Profile, commands: [Command]) throws -> [Reply] {
        try recover()
        guard capabilities.batch else {
            try reset(to: initial, profile: profile)
            return try commands.map(perform)
        }
        step = 0
        var inner = [BatchItem(seq: seq + 1, request: .reset(initial, profile))]
        for (index, command) in commands.enumerated() {
            inner.append(BatchItem(seq: seq + 2 + index, request: .command(command)))
        }
        let batchSeq = seq
        seq += inner.count + 1
        let (reply, line) = try exchange(
            .batch(inner), seq: batchSeq, context: "the batch of a run (reset and \(commands.count) commands)")
        guard let replies = reply["replies"] as? [[String: Any]], replies.count == inner.count else {
            throw ProcessError(
                code: .malformedReply,
                message:
                    "the reply to the batch of a run (reset and \(commands.count) commands) should hold \(inner.count) replies",
                offendingLine: line, stderrTail: errors.lines)
        }
        // Every inner reply echoes its own request's seq, and the reset's reply says ok, as outside a batch.
        for (index, object) in replies.enumerated() {
            let expected = inner[index].seq
            let context = index == 0 ? "the reset of a batch" : "step \(index - 1) (\(commands[index - 1])) of a batch"
            guard let number = object["seq"] as? NSNumber, "ilqsILQS".contains(String(cString: number.objCType)),
                number.intValue == expected
            else {
                broken = true
                breakdowns.append("the reply to \(context) should echo \"seq\": \(expected)")
                throw ProcessError(
                    code: .malformedReply,
                    message:
                        "the reply to \(context) (reply \(index) of the batch) should echo \"seq\": \(expected) as an integer, not \(object["seq"].map { "\($0)" } ?? "nothing")",
                    offendingLine: line, stderrTail: errors.lines)
            }
        }
        if replies[0]["ok"] as? Bool != true && replies[0]["errored"] as? Bool != true {
            throw ProcessError(
                code: .malformedReply, message: "the reply to the reset of a batch should say \"ok\": true",
                offendingLine: line, stderrTail: errors.lines)
        }
        if replies[0]["errored"] as? Bool == true {
            throw ProcessError(
                code: .implementationError,
                message:
                    "the implementation reported an error at the reset of a batch: \(replies[0]["message"] as? String ?? "no message")",
                offendingLine: line)
        }
        var result: [Reply] = []
        for (index, object) in replies.enumerated().dropFirst() {
            let command = commands[index - 1]
            let context = "step \(index - 1) (\(command)) of a batch"
            if object["errored"] as? Bool == true {
                throw ProcessError(
                    code: .implementationError,
                    message:
                        "the implementation reported an error at \(context): \(object["message"] as? String ?? "no message")",
                    offendingLine: line)
            }
            let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
            result.append(try decodeReply(String(decoding: data, as: UTF8.self), context: context))
        }
        return result
    }

    public func decode(_ text: String) throws -> DecodeOutcome {
        try recover()
        let context = "decode (a document of \(text.utf8.count) bytes)"
        let (_, line) = try send(.decode(text), context: context)
        do {
            return try JSONDecoder().decode(DecodeOutcome.self, from: Data(line.utf8))
        } catch {
            throw ProcessError(
                code: .malformedReply,
                message:
                    "the reply to \(context) is not a decode reply ({\"ok\": true, \"flow\"} or {\"ok\": false, \"error\"}): \(Self.describe(error))",
                offendingLine: line, stderrTail: errors.lines)
        }
    }

    // MARK: Exchanges

    private func send(_ request: Request, context: String) throws(ProcessError) -> ([String: Any], String) {
        defer { seq += 1 }
        return try exchange(request, seq: seq, context: context)
    }

    /// One request and its reply. A batch is one request too: its whole reply must come within the step timeout, so a
    /// hang inside a batch ends as soon as one outside it would.
    private func exchange(
        _ request: Request, seq: Int, context: String
    ) throws(ProcessError) -> ([String: Any], String) {
        guard !stopped else {
            throw ProcessError(code: .exited, message: "the implementation was stopped before \(context)")
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
                    request, seq: seq, context: context, output: output, errors: errors, process: process,
                    timeout: timeout)
            } catch {
                guard limited && error.code == .timeout else { throw error }
                throw ProcessError(
                    code: .timeLimit, message: "the time limit ran out while waiting for the reply to \(context)",
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
        _ request: Request, seq: Int, context: String, output: LineChannel, errors: StderrTail, process: ChildProcess,
        timeout: Duration
    ) throws(ProcessError) -> ([String: Any], String) {
        do {
            try process.stdin.write(contentsOf: Data((request.line(seq: seq) + "\n").utf8))
        } catch {
            throw exitError(context: context, process: process, errors: errors)
        }
        let deadline = Date().addingTimeInterval(Self.seconds(timeout))
        var endedAt: Date?
        while true {
            // Wake now and then to notice a process that exited while a child of it still holds its output open.
            // (Every 20 ms: a breakdown is shrunk like a divergence, so its cost is paid once per candidate.)
            let next = output.next(before: min(deadline, Date().addingTimeInterval(0.02)))
            if next == .timedOut && Date() < deadline {
                if !process.isRunning {
                    // Its last lines may still be in the pipe: give them a moment before calling it an exit.
                    if let endedAt, Date().timeIntervalSince(endedAt) > 0.05 {
                        throw exitError(context: context, process: process, errors: errors)
                    }
                    endedAt = endedAt ?? Date()
                }
                continue
            }
            switch next {
            case .timedOut:
                // It already hung for a whole step timeout: a short grace before SIGKILL, since the hang is retried
                // while it is shrunk.
                process.terminate(grace: .milliseconds(200))
                errors.waitUntilClosed(before: Date().addingTimeInterval(1))
                throw ProcessError(
                    code: .timeout,
                    message: "no reply to \(context) within \(format(timeout)); the implementation was stopped",
                    stderrTail: errors.lines)
            case .closed:
                throw exitError(context: context, process: process, errors: errors)
            case .tooLong(let bytes):
                process.terminate()
                throw ProcessError(
                    code: .malformedReply,
                    message:
                        "the reply to \(context) is a line of more than \(bytes) bytes, over the limit of \(LineChannel.defaultLimit) bytes; the implementation was stopped",
                    stderrTail: errors.lines)
            case .invalidUTF8(let line, let offset):
                throw ProcessError(
                    code: .malformedReply,
                    message:
                        "the reply to \(context) is not UTF-8: the byte at offset \(offset) of the line is not valid UTF-8",
                    offendingLine: line, stderrTail: errors.lines)
            case .line(let line):
                if line.allSatisfy(\.isWhitespace) { continue }
                guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                    throw ProcessError(
                        code: .malformedReply, message: "the reply to \(context) is not a JSON object",
                        offendingLine: line, stderrTail: errors.lines)
                }
                // Only an integer literal is a seq: 2377.0, 1e3 and true are not (Foundation would read them as 2377, 1000, 1).
                guard let number = object["seq"] as? NSNumber, "ilqsILQS".contains(String(cString: number.objCType)),
                    let echoed = object["seq"] as? Int
                else {
                    throw ProcessError(
                        code: .malformedReply,
                        message:
                            "the reply to \(context) should echo \"seq\": \(seq) as an integer, not \(object["seq"].map { "\($0)" } ?? "nothing")",
                        offendingLine: line, stderrTail: errors.lines)
                }
                guard echoed == seq else {
                    throw ProcessError(
                        code: .malformedReply,
                        message: "the reply to \(context) should echo \"seq\": \(seq), not \(echoed)",
                        offendingLine: line,
                        stderrTail: errors.lines)
                }
                if object["errored"] as? Bool == true {
                    throw ProcessError(
                        code: .implementationError,
                        message:
                            "the implementation reported an error at \(context): \(object["message"] as? String ?? "no message")",
                        offendingLine: line, stderrTail: errors.lines)
                }
                return (object, line)
            }
        }
    }

    private func decodeReply(_ line: String, context: String) throws(ProcessError) -> Reply {
        do {
            return try JSONDecoder().decode(Reply.self, from: Data(line.utf8))
        } catch {
            throw ProcessError(
                code: .malformedReply,
                message:
                    "the reply to \(context) is not a navigation reply ({\"outcome\", \"reason\", \"state\"}): \(Self.describe(error))",
                offendingLine: line, stderrTail: errors.lines)
        }
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

    /// A duration in seconds, for `Date` arithmetic.
    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func format(_ duration: Duration) -> String {
        let seconds = Self.seconds(duration)
        return seconds >= 1 && seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(Int(seconds * 1000)) ms"
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { $0 + ($1.intValue.map { "[\($0)]" } ?? ".\($1.stringValue)") }
    }
}
