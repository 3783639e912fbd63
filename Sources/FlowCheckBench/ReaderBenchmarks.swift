import FlowCheckCommands
import FlowSchema
import Foundation
import JSON
import RUFSpec
import YAML

/// The kit's readers on large inputs: the reference decoder against Foundation's JSONSerialization, the spec reader.
enum ReaderBenchmarks {
    static func run() -> [Measurement] {
        // The reference decoder on a generated 10 MB flow, against JSONSerialization parsing the same text (a parse
        // only: it decodes nothing).
        let document = largeFlow(megabytes: 10)
        let megabytes = Double(document.utf8.count) / 1_048_576
        let data = Data(document.utf8)
        let foundation = BenchClock.median(5) {
            BenchClock.measure { _ = try? JSONSerialization.jsonObject(with: data) }.wall
        }
        let parse = BenchClock.median(5) { BenchClock.measure { _ = try? JSONParser.parse(document) }.wall }
        let decode = BenchClock.median(5) {
            BenchClock.measure { precondition(ReferenceFlowDecoder.decode(document).flow != nil) }.wall
        }
        // The spec reader on 20,000 screens (about 1 MB), read and linted: duplicate-key checks and trimming must
        // stay linear.
        let spec =
            "ruf: \"1.0\"\nscreens:\n"
            + (0..<20_000).map {
                "  S\($0):\n    flows: [A, B, C]\n    description: \"screen \($0)\"\n    components:\n"
                    + "      - rel: list\n        behaviors:\n          - name: VISIBLE\n"
                    + "            payload: { items: \"string[]\", more?: boolean }\n            mergeStrategy: APPEND\n"
                    + "    actions:\n      - type: NEXT\n        navigates_to:\n"
                    + "          - screen: S\(($0 + 1) % 20_000)\n            flow: { name: A, behavior: KEEP }\n"
            }.joined()
        let specTime = BenchClock.median(5) {
            BenchClock.measure {
                let read = SpecReader { _ in spec }.spec(file: "big.ruf.yaml")
                precondition(read.screens.count == 20_000)
                _ = SpecLinter.lint(read)
            }.wall
        }
        let specMegabytes = Double(spec.utf8.count) / 1_048_576
        return [yamlMemory()] + [
            Measurement(
                name: "readers.json", value: megabytes / parse, unit: "MB/s", target: "", met: true,
                detail: "kit JSON parse of a \(formatted(megabytes)) MB flow; JSONSerialization "
                    + "\(formatted(megabytes / foundation)) MB/s"),
            Measurement(
                name: "readers.flow-decoder", value: megabytes / decode, unit: "MB/s", target: "", met: true,
                detail: "reference decoder, parse + decode (\(formatted(foundation / decode * 100))% of "
                    + "JSONSerialization's parse speed)"),
            Measurement(
                name: "readers.spec", value: specMegabytes / specTime, unit: "MB/s", target: "", met: true,
                detail: "a \(formatted(specMegabytes)) MB spec of 20,000 screens (a component, an action) read and "
                    + "linted in \(formatted(specTime * 1000)) ms"),
        ]
    }
}

extension ReaderBenchmarks {
    /// Peak memory of `flowcheck lint` on a spec holding one 8 MB quoted scalar, less its peak on a small spec, per
    /// byte of the scalar: each run is this benchmark's own executable in `--cli` mode, its peak read by wait4(2).
    static func yamlMemory() -> Measurement {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scalar = 8 << 20
        let small = folder.appendingPathComponent("small.ruf.yaml"),
            large = folder.appendingPathComponent("big.ruf.yaml")
        let head = "ruf: \"1.0\"\nscreens:\n  HOME:\n    description: \""
        try? Data((head + "x\"\n").utf8).write(to: small)
        try? Data((head + String(repeating: "x", count: scalar) + "\"\n").utf8).write(to: large)
        let base = peakKilobytes(lint: small.path), peak = peakKilobytes(lint: large.path)
        let perByte = Double(max(peak - base, 0)) * 1024 / Double(scalar)
        return Measurement(
            name: "readers.yaml-memory", value: perByte, unit: "bytes per byte", target: "< 12",
            met: perByte < 12 && base > 0,
            detail: "peak resident size of linting a spec with an 8 MB quoted scalar (\(peak / 1024) MB) less on a "
                + "small spec (\(base / 1024) MB)")
    }

    /// The peak resident size, in KB, of this executable linting `path` (`--lint-peak`), as it reads it itself: a
    /// child's peak as its parent sees it (wait4, getrusage) keeps the parent's from before exec.
    private static func peakKilobytes(lint path: String) -> Int {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return 0
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--lint-peak", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return 0 }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// `--lint-peak path`: lints the spec at `path` as `flowcheck lint` does, then prints this process's peak resident
    /// size in KB (VmHWM, which exec resets).
    static func lintPeak(_ path: String) -> Never {
        _ = FlowCheckCommand.main(["lint", path], console: Console(out: { _ in }, err: { _ in }, isTerminal: false))
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        print(line.split(separator: " ").dropFirst().first ?? "0")
        exit(0)
    }
}

/// A valid flow of at least `megabytes` MB: screens with nested component trees, edges between them.
func largeFlow(megabytes: Int) -> String {
    var nodes: [JSONValue] = [], edges: [JSONValue] = []
    var size = 0, index = 0
    while size < megabytes * 1_048_576 {
        var children: [JSONValue] = []
        for c in 0..<12 {
            children.append(
                .object([
                    ("id", .string("s\(index)-c\(c)")),
                    ("type", .string(c % 3 == 0 ? "text" : c % 3 == 1 ? "button" : "image")),
                    ("props", .object([("text", .string("Item \(c) on screen \(index)")), ("fontSize", .number(16))])),
                    ("children", .array([.object([("id", .string("s\(index)-c\(c)-i")), ("type", .string("icon"))])])),
                ]))
        }
        let layout = JSONValue.object([
            ("id", .string("s\(index)-root")), ("type", .string("stack")), ("children", .array(children)),
        ])
        let node = JSONValue.object([
            ("id", .string("s\(index)")), ("name", .string("Screen \(index)")), ("kind", .string("screen")),
            ("layout", layout),
        ])
        size += JSONWriter.write(node).utf8.count
        nodes.append(node)
        if index > 0 {
            edges.append(
                .object([
                    ("id", .string("e\(index)")), ("fromNodeId", .string("s\(index - 1)")),
                    ("toNodeId", .string("s\(index)")),
                ]))
        }
        index += 1
    }
    return JSONWriter.write(
        .object([
            ("id", .string("big")), ("version", .number(8)), ("entryNodeId", .string("s0")),
            ("nodes", .array(nodes)), ("edges", .array(edges)),
        ]), sortedKeys: false)
}
