import ArgumentParsing
import FlowCheckCore
import FlowCheckGating
import Foundation
import JSON
import RUFSpec

/// `flowcheck lint`: checks a RUF app spec and lists its findings with file, line and rule.
struct LintCommand: Subcommand {
    static let sarif = TypedOption<String>.text(
        "sarif", value: "file", help: "Also write the findings as SARIF 2.1.0, for a CI code-scanning step.")
    static let definition = CommandDefinition(
        "lint", abstract: "Check a RUF app spec against every rule of the RUF spec YAML reference.",
        discussion: "EXIT CODES: 0 no errors (warnings allowed); 1 errors; 2 a usage error.",
        options: [sarif.definition],
        flags: [
            .init(
                "json",
                help: "Print the findings as a JSON array instead of text (the counts line goes to standard error).")
        ],
        positionals: [
            .init(
                "spec", help: "The spec's root file, such as Corpus/specs/shop.ruf.yaml, or a folder with app.ruf.yaml."
            )
        ])

    var path: String
    var json: Bool
    var sarifPath: String?

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        path = parsed.positionals[0]
        json = parsed.flag("json")
        sarifPath = try parsed.value(Self.sarif)
        // Checked before the spec is read, like every report path: a bad path is a usage error (exit 2).
        if let sarifPath, let problem = OutputOptions.problem(with: sarifPath) {
            throw ArgumentError(
                code: .invalidValue, message: "--sarif \(sarifPath): \(problem)", commandPath: parsed.commandPath)
        }
        path = try Self.rootFile(path, commandPath: parsed.commandPath)
    }

    /// The spec's root file: `path` itself, or the conventional `app.ruf.yaml` of a folder.
    static func rootFile(_ path: String, commandPath: [String]) throws(ArgumentError) -> String {
        let root = SpecFiles.rootFile(path)
        guard let file = root.file else {
            throw ArgumentError(code: .invalidValue, message: root.problem ?? path, commandPath: commandPath)
        }
        return file
    }

    /// Reads a spec from disk: the root file and whatever its $refs name, relative to its folder.
    /// A root file that is a symbolic link is read where it leads, and its problems are shown there.
    static func readSpec(_ path: String) -> (spec: Spec, folder: String) {
        let files = SpecFiles(root: path)
        let given = URL(fileURLWithPath: path)
        let linked =
            files.rootName != given.lastPathComponent
            || files.folder.path != given.deletingLastPathComponent().resolvingSymlinksInPath().path
        let shown = linked ? files.folder.path : (path as NSString).deletingLastPathComponent
        return (SpecReader(load: files.load).spec(file: files.rootName), shown)
    }

    func run(_ console: Console) -> ExitCode {
        let (spec, folder) = Self.readSpec(path)
        let problems = SpecLinter.lint(spec)
        func shown(_ file: String) -> String {
            folder.isEmpty ? file : folder.hasSuffix("/") ? folder + file : folder + "/" + file
        }
        if json {
            let items = problems.map { problem -> JSONValue in
                .object([
                    ("rule", .string(problem.rule)), ("severity", .string(problem.severity.rawValue)),
                    ("file", .string(shown(problem.location.file))),
                    ("line", .number(Double(problem.location.line))),
                    ("column", .number(Double(problem.location.column))),
                    ("path", .string(problem.path)), ("message", .string(problem.message)),
                ])
            }
            console.out(JSONWriter.write(.array(items)))
        } else {
            for problem in problems {
                let location = "\(shown(problem.location.file)):\(problem.location.line):\(problem.location.column)"
                let place = problem.path.isEmpty ? "" : problem.path + ": "
                console.out("\(location): \(problem.severity.rawValue): \(place)\(problem.message) [\(problem.rule)]")
            }
        }
        let errors = problems.filter { $0.severity == .error }.count
        let warnings = problems.count - errors
        // What was read is counted, so a spec the reader did not understand never looks clean; beside JSON, on
        // standard error, so that standard output stays one JSON document.
        let counts =
            "\(path): \(spec.counts); \(errors) error\(errors == 1 ? "" : "s"), "
            + "\(warnings) warning\(warnings == 1 ? "" : "s")"
        if json { console.err(counts) } else { console.out(counts) }
        if let sarifPath, !OutputOptions.write(Self.sarifText(problems, shown: shown), to: sarifPath, console: console)
        {
            return .failure
        }
        return problems.contains { $0.severity == .error } ? .failure : .success
    }

    /// SARIF 2.1.0: one run, the lint rules as the tool's rules, one result per finding.
    static func sarifText(_ problems: [SpecProblem], shown: (String) -> String) -> String {
        let rules = SpecLinter.rules.map { rule -> JSONValue in
            .object([
                ("id", .string(rule.id)), ("shortDescription", .object([("text", .string(rule.summary))])),
                ("defaultConfiguration", .object([("level", .string(rule.severity == .error ? "error" : "warning"))])),
            ])
        }
        let results = problems.map { problem -> JSONValue in
            let region = JSONValue.object([
                ("startLine", .number(Double(problem.location.line))),
                ("startColumn", .number(Double(problem.location.column))),
            ])
            let physical = JSONValue.object([
                ("artifactLocation", .object([("uri", .string(shown(problem.location.file)))])), ("region", region),
            ])
            var location: [(key: String, value: JSONValue)] = [("physicalLocation", physical)]
            if !problem.path.isEmpty {
                // The path in the spec, so that a finding inside a $ref'd file still says where it belongs.
                location.append(
                    ("logicalLocations", .array([.object([("fullyQualifiedName", .string(problem.path))])])))
            }
            return .object([
                ("ruleId", .string(problem.rule)), ("level", .string(problem.severity == .error ? "error" : "warning")),
                ("message", .object([("text", .string(problem.message))])),
                ("locations", .array([.object(location)])),
            ])
        }
        let log = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string("flowcheck lint")),
                                        ("version", .string(KitInfo.current.version)),
                                        ("informationUri", .string("https://ruf-protocol.org")),
                                        ("rules", .array(rules)),
                                    ])
                                )
                            ])
                        ),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
        return JSONWriter.write(log) + "\n"
    }
}
