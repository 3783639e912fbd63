import ArgumentParsing
import FlowCheckCore
import FlowCheckEngine
import FlowCheckGating

/// `--spec` and `--client-version`: the app spec that steers the spec-driven suites (and is the contract of a
/// backend under `--server`), and the client version its constructs are resolved for.
struct SpecOptions {
    static let spec = TypedOption<String>.text(
        "spec", value: "file",
        help: "The app's spec: sessions are generated the way its server could (destinations from its actions' "
            + "navigates_to); with --server, the contract every answer is checked against.")
    static let clientVersion = TypedOption<String>.text(
        "client-version", value: "version",
        help: "With --spec: resolve each construct to the variant a client of this version receives (versions:).")
    static let options = [spec.definition, clientVersion.definition]

    var spec: String?
    var clientVersion: String?
    /// The lint errors the spec had when it was planned: a spec that breaks its own format certifies nothing.
    private(set) var lintErrors = 0

    init(_ parsed: ParsedArguments, implementation: ImplementationOptions) throws(ArgumentError) {
        spec = try parsed.value(Self.spec)
        clientVersion = try parsed.value(Self.clientVersion)
        if implementation.server != nil && spec == nil {
            throw ArgumentError(
                code: .invalidValue,
                message: "--server needs --spec: a backend's answers are checked against its app spec",
                commandPath: parsed.commandPath)
        }
        if clientVersion != nil && spec == nil {
            throw ArgumentError(
                code: .invalidValue, message: "--client-version needs --spec: it picks the spec's variants",
                commandPath: parsed.commandPath)
        }
    }

    /// The spec read and planned, with a warning when it has lint errors; `nil` without `--spec`.
    mutating func plan(_ console: Console, commandPath: [String]) throws(ArgumentError) -> SpecPlan? {
        guard let spec else { return nil }
        do {
            let planned = try SpecPlanning.plan(spec, clientVersion: clientVersion)
            lintErrors = planned.lintErrors
            if planned.lintErrors > 0 {
                console.err(
                    "warning: \(spec) has \(counted(planned.lintErrors, "lint error")); `flowcheck lint \(spec)` "
                        + "lists them")
            }
            return planned.plan
        } catch {
            throw ArgumentError(code: .invalidValue, message: error.message, commandPath: commandPath)
        }
    }
}
