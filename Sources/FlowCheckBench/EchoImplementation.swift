import FlowCheckCore
import FlowCheckDecodingSuite
import FlowCheckNavigationSuite
import FlowSchema
import JSON
import NavigationModel
import ProcessProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flowcheck-bench --echo [--no-batch]`: a native implementation of the process protocol, version 1, that answers
/// every request with the reference model's own reply.
///
/// It is what the kit's overhead over the protocol is measured against: it costs about as little as an
/// implementation can, so what the kit spends per step is nearly all its own. It is not a conformance
/// implementation (it *is* the model, so it conforms by construction). It declares everything the model supports,
/// as builtin:sample does, with batch unless `--no-batch`.
struct EchoImplementation {
    /// Everything the model supports.
    let capabilities: Capabilities
    let info = ImplementationInfo(name: "flowcheck-bench-echo", version: KitInfo.current.version, language: "Swift")
    /// The model's session since the last reset.
    var session: NavigationSession?

    /// Answers requests on standard input until `stop` or its end.
    static func run(batch: Bool) -> Never {
        var capabilities = Capabilities.full
        capabilities.suites.append(.decoding)
        capabilities.decoding = DecodingCapabilities(migrations: true)
        capabilities.batch = batch
        var echo = EchoImplementation(capabilities: capabilities)
        let input = LineReader(descriptor: 0)
        var output = JSONOutput()
        while true {
            switch input.next(before: .now + .seconds(3600)) {
            case .timedOut: continue
            case .closed, .tooLong, .invalidUTF8: exit(0)
            case .line: break
            }
            output.removeAll()
            var nonIntegers = 0
            do {
                let (seq, request) = try Wire.request(JSONParser.parse(utf8: input.line, nonIntegers: &nonIntegers))
                if case .stop = request { exit(0) }
                echo.answer(request, seq: seq, into: &output)
            } catch {
                Self.errored("not a request: \(error)", seq: 0, into: &output)
            }
            output.bytes.append(UInt8(ascii: "\n"))
            guard LineWriter.write(output.bytes, to: 1, before: .now + .seconds(3600)) == .written else { exit(0) }
        }
    }

    /// Writes the model's reply to `request`; a batch's replies are written in order, each with its own seq.
    mutating func answer(_ request: Request, seq: Int, into output: inout JSONOutput) {
        switch request {
        case .hello:
            output.hello(info, capabilities, seq: seq)
        case .batch(let items) where capabilities.batch:
            output.raw(#"{"replies":["#)
            for (index, item) in items.enumerated() {
                if index > 0 { output.raw(",") }
                answer(item.request, seq: item.seq, into: &output)
            }
            output.raw(#"],"seq":"#)
            output.int(seq)
            output.raw("}")
        case .suite(let command, let pairs) where command != "decode":
            do {
                guard let navigation = try NavigationRequest(command, pairs) else {
                    // The echo is the navigation model and the decoder: it does not declare the client suite.
                    return Self.errored("unknown command", seq: seq, into: &output)
                }
                answer(navigation, seq: seq, into: &output)
            } catch {
                Self.errored("not a request: \(error)", seq: seq, into: &output)
            }
        case .suite(_, let pairs):
            guard let text = Wire.lookup(pairs, "text")?.stringValue else {
                return Self.errored("a decode request without its text", seq: seq, into: &output)
            }
            output.decodeReply(ReferenceFlowDecoder.decode(text, options: capabilities.decoderOptions), seq: seq)
        case .batch, .stop:
            Self.errored("unknown command", seq: seq, into: &output)
        }
    }

    private mutating func answer(_ request: NavigationRequest, seq: Int, into output: inout JSONOutput) {
        switch request {
        case .reset(let stack, let profile):
            do {
                session = try NavigationSession(stack: stack, profile: profile)
                output.raw(#"{"ok":true,"seq":"#)
                output.int(seq)
                output.raw("}")
            } catch {
                session = nil
                Self.errored("\(error)", seq: seq, into: &output)
            }
        case .command(let command):
            guard let reply = session?.perform(command) else {
                return Self.errored("a command before any reset", seq: seq, into: &output)
            }
            output.reply(reply, seq: seq)
        }
    }

    private static func errored(_ message: String, seq: Int, into output: inout JSONOutput) {
        output.raw(#"{"errored":true,"message":"#)
        output.string(message)
        output.raw(#","seq":"#)
        output.int(seq)
        output.raw("}")
    }
}
