import Foundation
import Fuzzing

// flowcheck-fuzz [--target json|decoder|yaml|spec|corpus|report|all] [--inputs N] [--seed S] [--corpus Corpus]
//                [--out folder]
//
// Runs the mutation fuzzer over the kit's readers. A crash or a hang writes its input to <out>/<target>-crash.bin or
// <target>-hang.bin and exits 1; otherwise it prints one line per target and exits 0. Build it in release for the
// million-input runs (Benchmarks/fuzz.sh).

func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let usage =
    "usage: flowcheck-fuzz [--target json|decoder|yaml|spec|corpus|report|all] [--inputs N] [--seed S] "
    + "[--corpus Corpus] [--out folder]"

/// A usage error's message for arguments this tool does not take, or `nil`; every option takes a value.
func misuse(_ arguments: [String]) -> String? {
    let known = ["--target", "--inputs", "--seed", "--corpus", "--out"]
    var index = 0
    while index < arguments.count {
        guard known.contains(arguments[index]) else { return "unknown argument \(arguments[index])" }
        guard index + 1 < arguments.count else { return "\(arguments[index]) needs a value" }
        index += 2
    }
    for name in ["inputs", "seed"] {
        if let value = option(name, in: arguments), UInt64(value) == nil {
            return "--\(name) takes a number, not \(value)"
        }
    }
    return nil
}

func fuzz(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        return 0
    }
    if let problem = misuse(arguments) {
        FileHandle.standardError.write(Data("flowcheck-fuzz: \(problem)\n\(usage)\n".utf8))
        return 2
    }
    let all = FuzzTarget.all.map(\.name)
    let names = option("target", in: arguments).map { $0 == "all" ? all : [$0] } ?? all
    let inputs = option("inputs", in: arguments).flatMap(Int.init) ?? 100_000
    let seed = option("seed", in: arguments).flatMap(UInt64.init) ?? 1
    let corpus = URL(fileURLWithPath: option("corpus", in: arguments) ?? "Corpus", isDirectory: true)
    let out = URL(fileURLWithPath: option("out", in: arguments) ?? ".", isDirectory: true)
    CrashCapture.install()
    for name in names {
        guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
            FileHandle.standardError.write(
                Data("flowcheck-fuzz: unknown target \(name); targets: \(all.joined(separator: ", "))\n".utf8))
            return 2
        }
        CrashCapture.save(to: out.appendingPathComponent("\(name)-crash.bin").path)
        let hangFile = out.appendingPathComponent("\(name)-hang.bin")
        let summary = FuzzCampaign(target: target, seed: seed, corpus: corpus).run(
            inputs: inputs, remember: CrashCapture.remember
        ) {
            try? Data($0).write(to: hangFile)
            FileHandle.standardError.write(
                Data("flowcheck-fuzz: HANG (over 10 s on one input); the input is in \(hangFile.path)\n".utf8))
            exit(1)
        }
        let rate = summary.seconds > 0 ? Int(Double(summary.inputs) / summary.seconds) : 0
        // Written at once, not buffered, so that each target's figures appear as it finishes, even into a file.
        FileHandle.standardOutput.write(
            Data(
                ("fuzz \(name): \(summary.inputs) inputs, 0 crashes, 0 hangs, in \(String(format: "%.1f", summary.seconds)) s (\(rate)/s); "
                    + "slowest input \(String(format: "%.1f", summary.slowestMilliseconds)) ms, largest \(summary.largestBytes) bytes; seed \(seed)\n")
                    .utf8))
    }
    return 0
}

exit(fuzz(Array(CommandLine.arguments.dropFirst())))
