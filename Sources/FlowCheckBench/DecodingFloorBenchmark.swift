import FlowCheckCore
import FlowCheckDecodingSuite
import FlowCheckEngine
import FlowCheckRecords
import FlowCheckSuites
import FlowSchema
import JSON
import SampleImplementations

/// The decoding suite's floor: the documents a run generates, decoded by builtin:decoder alone, and by it, the
/// reference decoder (from the parsed value, as the suite has it) and the comparison. Neither figure holds the
/// kit's generation, labels, triggers or engine.
enum DecodingFloorBenchmark {
    static func run(documents: Int) -> [Measurement] {
        let recorder = DocumentRecorder()
        let result = try! ConformanceRunner(
            implementation: recorder, options: .init(seed: 1, runs: documents, suites: [.decoding], jobs: 1)
        ).run()
        precondition(result.verdict.passed, "builtin:decoder must decode conformingly")
        let texts = recorder.texts
        // Some documents are not JSON on purpose (DEC-JSON): the reference decoder reads those from their text.
        let parsed = texts.map { try? JSONParser.parse($0) }
        let options = recorder.capabilities.decoderOptions
        let decoder = SampleFlowDecoder()
        let alone = BenchClock.median(5) {
            BenchClock.measure { for text in texts { _ = try! decoder.decode(text) } }.wall
        }
        let floor = BenchClock.median(5) {
            BenchClock.measure {
                for (text, value) in zip(texts, parsed) {
                    var trace = DecodeTrace()
                    let expected =
                        value.map { ReferenceFlowDecoder.decode(parsed: $0, options: options, trace: &trace) }
                        ?? ReferenceFlowDecoder.decode(text, options: options, trace: &trace)
                    // A document the docs let be read two ways (a key written twice) agrees with either reading.
                    let actual = try! decoder.decode(text)
                    precondition(
                        expected.agrees(with: actual)
                            || DecodingCheck.alternatives(text, options: options).contains { $0.agrees(with: actual) })
                }
            }.wall
        }
        let count = Double(texts.count)
        let bytes = texts.reduce(0) { $0 + $1.utf8.count } / max(texts.count, 1)
        return [
            Measurement(
                name: "decoding.implementation", value: count / alone, unit: "documents/s", target: "", met: true,
                detail: "builtin:decoder alone on the \(texts.count) documents of a decoding run of seed 1 "
                    + "(\(formatted(Double(bytes))) bytes each on average), median of 5"),
            Measurement(
                name: "decoding.floor", value: count / floor, unit: "documents/s", target: "", met: true,
                detail: "the same documents through builtin:decoder, the reference decoder and the comparison only, "
                    + "median of 5"),
        ]
    }
}

/// builtin:decoder, noting every document the runner hands it.
final class DocumentRecorder: DecodingImplementation {
    private let decoder = SampleFlowDecoder()
    private(set) var texts: [String] = []

    var info: ImplementationInfo { decoder.info }
    var capabilities: Capabilities { decoder.capabilities }

    func decode(_ text: String) throws -> DecodeOutcome {
        texts.append(text)
        return try decoder.decode(text)
    }
}
