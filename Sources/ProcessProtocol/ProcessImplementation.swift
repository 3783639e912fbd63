import ConformanceRules
import FlowCheckCore
import FlowSchema
import Foundation
import NavigationModel

/// An implementation in any language, driven over the JSON-lines process protocol.
///
/// The command line runs under `/bin/sh -c`. Every request waits at most the
/// per-step timeout for its reply; a process that hangs, exits or prints a line
/// that is not a reply ends the run with a ``ProcessError`` that names the step
/// and the offending line, never a hang. See the process-protocol article.
public final class ProcessImplementation: NavigationImplementation, DecodingImplementation {
    /// Who the implementation says it is, from its hello reply.
    public let info: ImplementationInfo
    /// What the implementation declared in its hello reply; the kit only generates what it declares.
    public let capabilities: Capabilities
    /// The command line the implementation runs with.
    public let commandLine: String
    /// How long one step may take.
    public let stepTimeout: Duration

    private let process: Process
    private let input: FileHandle
    private let output: LineChannel
    private let errors: LineChannel
    private var seq = 0
    private var step = 0
    private var stopped = false

    /// Starts the implementation and exchanges hello.
    /// - Throws: ``ProcessError`` with code `launchFailed` or `helloFailed`.
    public init(commandLine: String, stepTimeout: Duration = .seconds(5), kit: KitInfo = .current) throws(ProcessError)
    {
        signal(SIGPIPE, SIG_IGN)
        self.commandLine = commandLine
        self.stepTimeout = stepTimeout
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", commandLine]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch {
            throw ProcessError(
                code: .launchFailed, message: "could not start `\(commandLine)`: \(error.localizedDescription)")
        }
        self.process = process
        self.input = stdin.fileHandleForWriting
        self.output = LineChannel(stdout.fileHandleForReading)
        self.errors = LineChannel(stderr.fileHandleForReading, keepsTail: 20)

        let line: String
        do {
            (_, line) = try Self.exchange(
                .hello(kit), seq: 0, context: "hello", input: input, output: output,
                errors: errors, process: process, timeout: stepTimeout)
        } catch {
            Self.terminate(process)
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
            info = hello.implementation
            capabilities = hello.capabilities
        } catch let error as ProcessError {
            Self.terminate(process)
            throw ProcessError(
                code: .helloFailed, message: "`\(commandLine)` broke the protocol at hello: \(error.message)",
                offendingLine: line)
        } catch {
            Self.terminate(process)
            throw ProcessError(
                code: .helloFailed,
                message:
                    "`\(commandLine)` broke the protocol at hello: its reply is not of the documented shape: \(Self.describe(error))",
                offendingLine: line)
        }
        seq = 1
    }

    deinit { stop() }

    /// Sends `stop` and ends the process.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning {
            try? input.write(contentsOf: Data((Request.stop.line(seq: seq) + "\n").utf8))
            try? input.close()
            let deadline = Date().addingTimeInterval(1)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            Self.terminate(process)
        }
    }

    public func reset(to stack: ScreenStack, profile: Profile) throws {
        step = 0
        _ = try send(.reset(stack, profile), context: "reset")
    }

    public func perform(_ command: Command) throws -> Reply {
        defer { step += 1 }
        let (_, line) = try send(.command(command), context: "step \(step) (\(command))")
        return try decodeReply(line, context: "step \(step) (\(command))")
    }

    public func run(initial: ScreenStack, profile: Profile, commands: [Command]) throws -> [Reply] {
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
            .batch(inner), seq: batchSeq, context: "the batch of a run (reset and \(commands.count) commands)",
            timeoutSteps: commands.count + 1)
        guard let replies = reply["replies"] as? [[String: Any]], replies.count == inner.count else {
            throw ProcessError(
                code: .malformedReply,
                message:
                    "the reply to the batch of a run (reset and \(commands.count) commands) should hold \(inner.count) replies",
                offendingLine: line, stderrTail: errors.lastLines)
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
        let context = "decode (a document of \(text.utf8.count) bytes)"
        let (_, line) = try send(.decode(text), context: context)
        do {
            return try JSONDecoder().decode(DecodeOutcome.self, from: Data(line.utf8))
        } catch {
            throw ProcessError(
                code: .malformedReply,
                message:
                    "the reply to \(context) is not a decode reply ({\"ok\": true, \"flow\"} or {\"ok\": false, \"error\"}): \(Self.describe(error))",
                offendingLine: line, stderrTail: errors.lastLines)
        }
    }

    // MARK: Exchanges

    private func send(_ request: Request, context: String) throws(ProcessError) -> ([String: Any], String) {
        defer { seq += 1 }
        return try exchange(request, seq: seq, context: context, timeoutSteps: 1)
    }

    private func exchange(
        _ request: Request, seq: Int, context: String, timeoutSteps: Int
    ) throws(ProcessError) -> ([String: Any], String) {
        guard !stopped else {
            throw ProcessError(code: .exited, message: "the implementation was stopped before \(context)")
        }
        return try Self.exchange(
            request, seq: seq, context: context, input: input, output: output, errors: errors,
            process: process, timeout: stepTimeout * timeoutSteps)
    }

    private static func exchange(
        _ request: Request, seq: Int, context: String, input: FileHandle, output: LineChannel, errors: LineChannel,
        process: Process, timeout: Duration
    ) throws(ProcessError) -> ([String: Any], String) {
        do {
            try input.write(contentsOf: Data((request.line(seq: seq) + "\n").utf8))
        } catch {
            throw exitError(context: context, process: process, errors: errors)
        }
        let deadline = Date().addingTimeInterval(Self.seconds(timeout))
        while true {
            switch output.next(before: deadline) {
            case .timedOut:
                terminate(process)
                errors.waitUntilClosed(before: Date().addingTimeInterval(1))
                throw ProcessError(
                    code: .timeout,
                    message: "no reply to \(context) within \(format(timeout)); the implementation was stopped",
                    stderrTail: errors.lastLines)
            case .closed:
                throw exitError(context: context, process: process, errors: errors)
            case .line(let line):
                if line.allSatisfy(\.isWhitespace) { continue }
                guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                    throw ProcessError(
                        code: .malformedReply, message: "the reply to \(context) is not a JSON object",
                        offendingLine: line, stderrTail: errors.lastLines)
                }
                guard let echoed = object["seq"] as? Int, echoed == seq else {
                    throw ProcessError(
                        code: .malformedReply,
                        message: "the reply to \(context) should echo \"seq\": \(seq)", offendingLine: line,
                        stderrTail: errors.lastLines)
                }
                if object["errored"] as? Bool == true {
                    throw ProcessError(
                        code: .implementationError,
                        message:
                            "the implementation reported an error at \(context): \(object["message"] as? String ?? "no message")",
                        offendingLine: line, stderrTail: errors.lastLines)
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
                offendingLine: line, stderrTail: errors.lastLines)
        }
    }

    private static func exitError(context: String, process: Process, errors: LineChannel) -> ProcessError {
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        let status = process.isRunning ? "closed its output" : "exited with status \(process.terminationStatus)"
        errors.waitUntilClosed(before: Date().addingTimeInterval(1))
        return ProcessError(
            code: .exited, message: "the implementation \(status) before answering \(context)",
            stderrTail: errors.lastLines)
    }

    private static func terminate(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
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
