package import FlowCheckEngine
import Foundation
package import RUFSpec

/// Turns an app spec file into the plan that steers a spec-driven run; shared by `flowcheck run --spec` and
/// Swift callers.
package enum SpecPlanning {
    /// Why a spec cannot steer a run.
    package struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, naming the file.
        package var message: String
        package var description: String { message }
    }

    /// The rules whose errors mean part of the spec was not read.
    static let unreadRules: Set<String> = [
        "SPEC-YAML", "SPEC-REF", "SPEC-KIND", "SPEC-REQUIRED", "SPEC-TYPE", "SPEC-DUPLICATE-KEY",
    ]

    /// Reads a spec with its `$ref`s resolved relative to its folder (never outside it).
    package static func read(_ path: String) -> Spec { SpecFiles.read(path) }

    /// The plan of the spec at `path`, and the number of lint errors it has (a run goes on despite them).
    ///
    /// With `clientVersion`, each action is resolved to the variant a client of that version receives (exact
    /// version, else the lowest declared version above it, else the latest definition); without it, every
    /// variant's navigations are exercised.
    ///
    /// - Throws: ``Problem`` when the spec declares no screens (nothing could be generated from it), or when the
    ///   client version does not fit the spec's versioning.
    package static func plan(
        _ path: String, clientVersion: String? = nil
    ) throws(Problem) -> (
        plan: SpecPlan, lintErrors: Int
    ) {
        let root = SpecFiles.rootFile(path)
        guard let file = root.file else { throw Problem(message: "--spec \(root.problem ?? path)") }
        let spec = read(file)
        let errors = SpecLinter.lint(spec).filter { $0.severity == .error }
        // A spec the kit could not read whole would steer the run by half of it: refused, with what is wrong.
        let unread = errors.filter { Self.unreadRules.contains($0.rule) }
        if let first = unread.first {
            let folder = (file as NSString).deletingLastPathComponent
            let place =
                "\(folder.isEmpty ? "" : folder + "/")\(first.location.file):\(first.location.line):\(first.location.column)"
            throw Problem(
                message: "--spec \(path) cannot be read whole: \(place): \(first.path.isEmpty ? "" : first.path + ": ")"
                    + "\(first.message) [\(first.rule)]"
                    + (unread.count > 1 ? " (and \(unread.count - 1) more; `flowcheck lint \(path)` lists them)" : ""))
        }
        guard !spec.screens.isEmpty else {
            throw Problem(message: "--spec \(path) declares no screens (a top-level \"screens\" mapping)")
        }
        var screens: [String] = []
        for screen in spec.screens where !screens.contains(screen.name) { screens.append(screen.name) }
        var declared = spec.navigations
        if let clientVersion {
            guard let versioning = spec.versioningFormat else {
                throw Problem(
                    message: "--client-version \(clientVersion): the spec \(path) declares no versioning (semantic or "
                        + "incremental), so its constructs cannot be resolved for a client version")
            }
            guard versioning.parse(clientVersion, allowsBuild: true) != nil else {
                throw Problem(
                    message: "--client-version \(clientVersion) does not fit the spec's \(versioning.rawValue) "
                        + "versioning: \(versioning == .semantic ? "MAJOR.MINOR.PATCH or MAJOR.MINOR.PATCH+BUILD" : "an integer build number")"
                )
            }
            declared = spec.navigations(clientVersion: clientVersion, versioning: versioning)
        }
        let navigations = declared.compactMap { n -> SpecPlan.Navigation? in
            guard let screen = n.screen, let flow = n.flowName, let behavior = n.behavior else { return nil }
            return SpecPlan.Navigation(
                action: n.action, screen: screen.value, flow: flow.value, behavior: behavior.value)
        }
        // A spec with few screens or flows cannot give every situation a rule is about (a POP_TO to a screen not on
        // the stack, a flow not in it): off-spec names, as a server may send, make up the difference.
        var flows = spec.flows
        for extra in ["OFF_SPEC_SCREEN_A", "OFF_SPEC_SCREEN_B", "OFF_SPEC_SCREEN_C"] where screens.count < 4 {
            screens.append(extra)
        }
        for extra in ["OFF_SPEC_FLOW_A", "OFF_SPEC_FLOW_B", "OFF_SPEC_FLOW_C"] where flows.count < 3 {
            flows.append(extra)
        }
        var plan = SpecPlan(
            file: path, vocabulary: Vocabulary(screens: screens, flows: flows),
            navigations: navigations, clientVersion: clientVersion)
        plan.spec = spec
        plan.declared = declared
        return (plan, errors.count)
    }
}
