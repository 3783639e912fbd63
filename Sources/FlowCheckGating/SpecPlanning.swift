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
    /// - Throws: ``Problem`` when the spec declares no screens: nothing could be generated from it.
    public static func plan(_ path: String) throws(Problem) -> (plan: SpecPlan, lintErrors: Int) {
        let spec = read(path)
        let errors = SpecLinter.lint(spec).filter { $0.severity == .error }
        guard !spec.screens.isEmpty else {
            // An unreadable file says why (missing, not YAML); only a readable one truly declares no screens.
            if let first = errors.first, first.rule != "SPEC-SCREENS" {
                throw Problem(message: "--spec \(path) cannot be read: \(first)")
            }
            throw Problem(message: "--spec \(path) declares no screens (a top-level \"screens\" mapping)")
        }
        var screens: [String] = []
        for screen in spec.screens where !screens.contains(screen.name) { screens.append(screen.name) }
        let navigations = spec.navigations.compactMap { n -> SpecPlan.Navigation? in
            guard let screen = n.screen, let flow = n.flowName, let behavior = n.behavior else { return nil }
            return SpecPlan.Navigation(action: n.action, screen: screen.value, flow: flow.value, behavior: behavior.value)
        }
        let plan = SpecPlan(
            file: path, vocabulary: Vocabulary(screens: screens, flows: spec.flows.isEmpty ? ["MAIN"] : spec.flows),
            navigations: navigations)
        return (plan, errors.count)
    }
}
