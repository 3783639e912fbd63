import ConformanceRules
import FlowCheckCommands
import FlowCheckEngine
import FlowCheckTestSupport
import FlowSchema
import NavigationModel
import PropertyTesting
import Testing

/// A failure's replay as each face writes it: what the engine says to replay, in the words of the face that prints it.
@Suite("Replay text")
struct ReplayTextTests {
    static let alone = Replay(suite: .navigation, seed: 7, run: 3, runs: 400, maxSteps: 30, strict: true)
    static let whole = Replay(
        suite: .decoding, seed: 7, run: nil, runs: 50, maxSteps: nil, shard: Shard(index: 1, count: 3))

    @Test("The command line repeats the options that change the run, quoted for a shell where they need it")
    func commandLine() {
        let replay = CommandLineReplay(
            sut: "python3 my sdk.py", spec: (file: "specs/app.ruf.yaml", clientVersion: "2.1.0"), stepTimeout: "10s")
        #expect(
            replay.text(Self.alone)
                == "flowcheck run --sut 'python3 my sdk.py' --spec specs/app.ruf.yaml --client-version 2.1.0 "
                + "--suite navigation --seed 7 --run 3 --max-steps 30 --step-timeout 10s --strict")
        // A whole suite keeps its shard and its runs; a suite of documents has no --max-steps.
        #expect(
            CommandLineReplay(sut: "builtin:decoder").text(Self.whole)
                == "flowcheck run --sut builtin:decoder --suite decoding --seed 7 --runs 50 --shard 2/3")
        #expect(CommandLineReplay.quoted("it's") == #"'it'\''s'"#)
        #expect(CommandLineReplay.quoted("") == "''")
    }

    @Test("A test's call repeats the seed, the run, the steps, the suite, the spec and strictness")
    func call() {
        #expect(
            CallReplay(spec: #"Specs/"a".yaml"#).text(Self.alone)
                == #"expectConformance(implementation, seed: 7, run: 3, maxSteps: 30, suites: [.navigation], "#
                + #"spec: "Specs/\"a\".yaml", strict: true)"#)
        #expect(
            CallReplay().text(Self.whole) == "expectConformance(implementation, seed: 7, runs: 50, suites: [.decoding])"
        )
    }

    @Test("A runner no face renders says it in words")
    func words() {
        #expect(Self.alone.description == "seed 7, suite navigation, run 3 alone, at most 30 steps a run, strict")
        #expect(Self.whole.description == "seed 7, suite decoding, 50 runs, shard 2/3")
    }
}
