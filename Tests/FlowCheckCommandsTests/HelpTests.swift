import FlowCheckCommands
import Foundation
import Testing

/// Help pages are checked against snapshots in Tests/FlowCheckCommandsTests/Help; FLOWCHECK_UPDATE_GOLDEN=1 rewrites them.
@Suite("Command line help and usage errors")
struct HelpTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Help")

    @Test("Every help page matches its snapshot", arguments: FlowCheckCommand.helpPages.map(\.path))
    func helpPage(path: [String]) throws {
        let page = flowcheck(path + ["--help"])
        #expect(page.code == .success)
        let file = Self.snapshots.appendingPathComponent((["flowcheck"] + path).joined(separator: "-") + ".txt")
        if ProcessInfo.processInfo.environment["FLOWCHECK_UPDATE_GOLDEN"] == "1" {
            try Data((page.out + "\n").utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(
            page.out + "\n" == expected,
            "\(file.lastPathComponent) differs; rerun with FLOWCHECK_UPDATE_GOLDEN=1 if the change is intended")
    }

    @Test(
        "A usage error prints the error, the one usage line and where the help is, never the whole help page",
        arguments: [
            (["run"], "error: missing --sut <implementation>"),
            (
                ["run", "--sut", "builtin:sample", "--runs", "0"],
                "error: --runs takes a whole number from 1 to 10000000, not \"0\""
            ),
            (
                ["run", "--sut", "builtin:sample", "--time-limit", "0s"],
                "error: --time-limit takes a positive duration"
            ),
            (
                ["run", "--sut", "builtin:sample", "--suite", "teleport"],
                "error: --suite takes suite names from navigation, session, decoding"
            ),
            (
                ["corpus", "run", "--sut", "builtin:sample", "--shard", "3/2"],
                "error: --shard takes i/n with 1 ≤ i ≤ n"
            ),
        ])
    func usageError(arguments: [String], message: String) {
        let (code, out, err) = flowcheck(arguments)
        #expect(code == .usage)
        #expect(out.isEmpty)
        let lines = err.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(err)")
        #expect(lines.first?.hasPrefix(message) == true, "\(err)")
        #expect(lines.dropFirst().first?.hasPrefix("USAGE: flowcheck ") == true)
        let command = (["flowcheck"] + arguments.prefix { !$0.hasPrefix("-") }).joined(separator: " ")
        #expect(lines.last == "See '\(command) --help'.")
    }

    @Test("A mistyped subcommand gets a suggestion; --version prints the kit's version")
    func suggestionAndVersion() {
        let typo = flowcheck("rnu", "--sut", "builtin:sample")
        #expect(typo.code == .usage)
        #expect(typo.err.hasPrefix("error: unknown subcommand \"rnu\"; did you mean \"run\"?"))
        let nested = flowcheck("corpus", "verfiy")
        #expect(nested.err.hasPrefix("error: unknown subcommand \"verfiy\"; did you mean \"verify\"?"))
        let version = flowcheck("--version")
        #expect(version.code == .success && version.out == "FlowCheck 0.1.0")
    }

    @Test(
        "Required options are bare in the usage line; --suite lists every registered suite; --html defaults per command"
    )
    func helpFromRegistries() {
        #expect(
            flowcheck("run", "--help").out.contains(
                "USAGE: flowcheck run (--sut <implementation> | --server <url>) [<options>]"))
        #expect(
            flowcheck("corpus", "run", "--help").out.contains(
                "USAGE: flowcheck corpus run --sut <implementation> [<options>]"))
        let run = flowcheck("run", "--help").out
        for suite in ["navigation", "session", "decoding"] { #expect(run.contains("\n  \(suite) ")) }
        #expect(run.contains("(default: Reports/<implementation>.html)"))
        #expect(flowcheck("corpus", "run", "--help").out.contains("(default: Reports/<implementation>-corpus.html)"))
        #expect(flowcheck("report", "--help").out.contains("(default: Reports/<implementation>.html)"))
        #expect(!flowcheck("corpus", "verify", "--help").out.contains("--html"))
    }
}

@Suite("Terminal output")
struct TerminalOutputTests {
    @Test(
        "Control characters from an implementation are shown escaped, never sent to the terminal; newlines and tabs stay"
    )
    func sanitized() {
        #expect(
            TerminalText.sanitize("red \u{1B}[31mtext\u{07}\r\n\tok\u{9B}")
                == "red \\u{1B}[31mtext\\u{7}\\u{D}\n\tok\\u{9B}")
        let capture = Capture()
        capture.console.out("name \u{1B}]0;pwned\u{07}")
        #expect(capture.out == "name \\u{1B}]0;pwned\\u{7}")
        // Bidirectional overrides and isolates, and the Unicode line separators, would show text other than its bytes.
        #expect(
            TerminalText.sanitize("spoof\u{202E}live\u{2066}x\u{2069}\u{2028}y\u{200F}")
                == "spoof\\u{202E}live\\u{2066}x\\u{2069}\\u{2028}y\\u{200F}")
        // Zero-width and invisible characters would make one name look like another.
        #expect(
            TerminalText.sanitize("CART\u{200B}\u{00AD}\u{2060}\u{FEFF}\u{3164}\u{E0041}")
                == "CART\\u{200B}\\u{AD}\\u{2060}\\u{FEFF}\\u{3164}\\u{E0041}")
        // Other scripts are text, kept as they are.
        #expect(TerminalText.sanitize("שלום 日本 é") == "שלום 日本 é")
    }
}
