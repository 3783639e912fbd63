import FlowCheck
import Foundation
import RUFSpec

/// Turns an app spec file into the plan that steers a spec-driven run; shared by `flowcheck run --spec` and
/// Swift callers.
public enum SpecPlanning {
    /// Why a spec cannot steer a run.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, naming the file.
        public var message: String
        public var description: String { message }
    }

    /// Reads a spec with its `$ref`s resolved relative to its folder (never outside it).
    public static func read(_ path: String) -> Spec { SpecFiles.read(path) }

    /// The plan of the spec at `path`, and the number of lint errors it has (a run goes on despite them).
    ///
    /// With `clientVersion`, each action is resolved to the variant a client of that version receives (exact
    /// version, else the lowest declared version above it, else the latest definition); without it, every
    /// variant's navigations are exercised.
    ///
    /// - Throws: ``Problem`` when the spec declares no screens (nothing could be generated from it), or when the
    ///   client version does not fit the spec's versioning.
    public static func plan(_ path: String, clientVersion: String? = nil) throws(Problem) -> (
        plan: SpecPlan, lintErrors: Int
    ) {
        let spec = read(path)
        let errors = SpecLinter.lint(spec).filter { $0.severity == .error }
        guard !spec.screens.isEmpty else {
            // An unreadable file says why (missing, not YAML); only a readable one truly declares no screens.
            if let first = errors.first(where: { ["SPEC-YAML", "SPEC-REF", "SPEC-KIND"].contains($0.rule) }) {
                throw Problem(message: "--spec \(path) cannot be read: \(first)")
            }
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
                        + "versioning: \(versioning == .semantic ? "MAJOR.MINOR.PATCH or MAJOR.MINOR.PATCH+BUILD" : "an integer build number")")
            }
            declared = spec.navigations(clientVersion: clientVersion, versioning: versioning)
        }
        let navigations = declared.compactMap { n -> SpecPlan.Navigation? in
            guard let screen = n.screen, let flow = n.flowName, let behavior = n.behavior else { return nil }
            return SpecPlan.Navigation(action: n.action, screen: screen.value, flow: flow.value, behavior: behavior.value)
        }
        var plan = SpecPlan(
            file: path, vocabulary: Vocabulary(screens: screens, flows: spec.flows.isEmpty ? ["MAIN"] : spec.flows),
            navigations: navigations, clientVersion: clientVersion)
        plan.app = ClientApp(spec: spec)
        return (plan, errors.count)
    }
}
