import ArgumentParsing
import Testing

let tool = CommandDefinition(
    "tool", abstract: "A tool.",
    subcommands: [
        CommandDefinition(
            "run", abstract: "Run it.",
            options: [
                .init("seed", value: "S", help: "The seed.", default: "random"),
                .init("suite", short: "s", value: "name", help: "A suite.", repeatable: true),
                .init("time-limit", value: "duration", help: "A limit."),
            ], flags: [.init("quiet", short: "q", help: "Say less.")]),
        CommandDefinition(
            "corpus", abstract: "Corpus work.",
            subcommands: [
                CommandDefinition(
                    "verify", abstract: "Verify.",
                    positionals: [.init("files", help: "Files.", variadic: true, optional: true)])
            ]),
    ])

@Suite("Argument parser")
struct ArgumentParserTests {
    @Test("Did you mean: the same name in another case, the one name a typo begins, or the nearest within two edits")
    func suggestions() {
        let names = ["navigation", "session", "decoding", "client", "runtime", "builtin:mutant:pop-to-bottom-most"]
        #expect(ArgumentParser.closest("builtin:mutant:POP-TO-BOTTOM-MOST", among: names) == names[5])
        #expect(ArgumentParser.closest("nav", among: names) == "navigation")
        #expect(ArgumentParser.closest("navigatoin", among: names) == "navigation")
        #expect(ArgumentParser.closest("n", among: names) == nil, "too short to mean one")
        #expect(ArgumentParser.closest("xyz", among: names) == nil)
    }

    @Test("Subcommands, options in both spellings, repeatable options, short names and flags")
    func parses() throws {
        let parsed = try ArgumentParser.parse(
            ["run", "--seed", "42", "-s", "navigation", "--suite=session", "-q"], root: tool)
        #expect(parsed.commandPath == ["run"])
        #expect(try parsed.unsigned("seed") == 42)
        #expect(parsed.values("suite") == ["navigation", "session"])
        #expect(parsed.flag("quiet"))
        let nested = try ArgumentParser.parse(["corpus", "verify", "a.json", "--", "--b.json"], root: tool)
        #expect(nested.commandPath == ["corpus", "verify"])
        #expect(nested.positionals == ["a.json", "--b.json"])
    }

    @Test("Durations in ms, s, m and h; invalid numbers and durations are errors that name the option")
    func typedValues() throws {
        #expect(
            try ArgumentParser.parse(["run", "--time-limit", "30s"], root: tool).duration("time-limit") == .seconds(30))
        #expect(
            try ArgumentParser.parse(["run", "--time-limit", "250ms"], root: tool).duration("time-limit")
                == .milliseconds(250))
        #expect(
            try ArgumentParser.parse(["run", "--time-limit", "1.5m"], root: tool).duration("time-limit") == .seconds(90)
        )
        let bad = try ArgumentParser.parse(["run", "--time-limit", "soon", "--seed", "-1"], root: tool)
        #expect(throws: ArgumentError.self) { try bad.duration("time-limit") }
        do {
            _ = try bad.unsigned("seed")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.message.contains("--seed"))
        }
    }

    @Test(
        "Usage errors say what is wrong",
        arguments: [
            (
                ["run", "--sed", "1"], ArgumentError.Code.unknownOption,
                "unknown option \"--sed\"; did you mean --seed?"
            ),
            (["run", "--seed"], .missingValue, "--seed needs a value (S)"),
            // An option where its value should be: the value was left out, whatever follows.
            (["run", "--seed", "--seed", "2"], .missingValue, "--seed needs a value (S) before \"--seed\""),
            (["run", "--seed", "--quiet"], .missingValue, "--seed needs a value (S) before \"--quiet\""),
            (["run", "--seed", "--suite=x"], .missingValue, "--seed needs a value (S) before \"--suite=x\""),
            (["run", "--seed", "1", "--seed", "2"], .repeatedOption, "--seed is given more than once"),
            (["walk"], .unknownSubcommand, "unknown subcommand \"walk\"; expected one of: run, corpus"),
            (["corpus"], .missingSubcommand, "missing subcommand; expected one of: verify"),
            (["run", "extra"], .unexpectedArgument, "unexpected argument \"extra\""),
            (["run", "-x"], .unknownOption, "unknown option \"-x\""),
        ])
    func errors(arguments: [String], code: ArgumentError.Code, message: String) {
        do {
            _ = try ArgumentParser.parse(arguments, root: tool)
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code)
            #expect(error.message == message)
        }
    }

    @Test("Help pages list usage, options with defaults, and subcommands; --help skips validation")
    func help() throws {
        let page = ArgumentParser.help(for: ["run"], root: tool)
        #expect(page.hasPrefix("OVERVIEW: Run it.\n\nUSAGE: tool run [--seed <S>]"))
        #expect(page.contains("  --seed <S>                  The seed. (default: random)"))
        #expect(page.contains("  -s, --suite <name>"))
        #expect(ArgumentParser.help(for: [], root: tool).contains("SUBCOMMANDS:\n  run"))
        #expect(try ArgumentParser.parse(["corpus", "--help"], root: tool).helpRequested)
    }
}

@Suite("Options of which one must be given")
struct OneOfTests {
    static let check = CommandDefinition(
        "check", abstract: "Check one.",
        options: [
            .init("sut", value: "implementation", help: "What to check."),
            .init("server", value: "url", help: "A backend."), .init("seed", value: "S", help: "The seed."),
        ], oneOf: ["sut", "server"])

    @Test("The usage line shows the choice; none given, or both, is a usage error naming them; one is parsed")
    func oneOf() throws {
        let page = ArgumentParser.help(for: [], root: Self.check)
        #expect(page.contains("USAGE: check (--sut <implementation> | --server <url>) [--seed <S>]"))
        #expect(throws: ArgumentError.self) { try ArgumentParser.parse(["--seed", "1"], root: Self.check) }
        do {
            _ = try ArgumentParser.parse([], root: Self.check)
            Issue.record("expected a missing option")
        } catch {
            #expect(error.code == .missingValue)
            #expect(error.message == "missing --sut <implementation> or --server <url>: What to check.")
        }
        do {
            _ = try ArgumentParser.parse(["--sut", "a", "--server", "b"], root: Self.check)
            Issue.record("expected both to be refused")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.message == "give one of --sut or --server, not --sut and --server")
        }
        #expect(try ArgumentParser.parse(["--server", "b"], root: Self.check).options["server"] == ["b"])
    }
}
