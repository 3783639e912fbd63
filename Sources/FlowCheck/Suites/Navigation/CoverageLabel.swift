import ConformanceRules
import FlowCheckCore
import NavigationModel

/// The coverage labels of steps, and which labels a set of capabilities requires.
///
/// A navigation label reads `PUSH START_NEW flow-present presented-layer owned`:
/// the mode, the behavior (for PUSH and REPLACE), whether the top layer already
/// held the directive's flow, whether the top layer is the root layer or a
/// presented one, and the profile. Session labels read `optimistic PUSH`,
/// `answer confirm`, and so on. Invalid directives read `invalid missingFlow`.
package enum CoverageLabel {
    static let behaviorModes: [Mode] = [.push, .replace]
    static let layers = ["root-layer", "presented-layer"]

    /// The label of `command` sent in `session`'s state.
    package static func label(for command: Command, before session: Session, suite: Suite) -> String {
        label(CommandSituation(command, before: session), of: command, before: session)
    }

    /// The label of `command`, which is `situation` in `session`'s state.
    static func label(_ situation: CommandSituation, of command: Command, before session: Session) -> String {
        switch situation {
        case .optimisticInFlight: return "optimistic in-flight"
        case .notOptimistic: return "optimistic not-optimistic"
        case .optimisticMissingID: return "optimistic missing-id"
        case .optimisticInvalid(let reason): return "invalid \(reason)"
        case .optimistic(let mode): return optimisticLabels[Mode.optimistic.firstIndex(of: mode)!]
        case .answerNone: return "answer none"
        case .answerConfirm: return "answer confirm"
        case .answerFailed: return "answer FAILED"
        case .answerRedirect: return "answer redirect"
        case .idleNone: return "no navigation"
        case .directive:
            guard case .navigate(let directive?) = command else { preconditionFailure("a directive step without one") }
            return navigationLabel(directive, stack: session.stack, profile: session.navigator.profile)
        }
    }

    static let optimisticLabels = Mode.optimistic.map { "optimistic \($0)" }

    /// Every navigation label, precomputed so that labelling a step allocates nothing.
    static let navigationTable: [String] = {
        var table: [String] = []
        for mode in Mode.known {
            for behavior in 0...Behavior.known.count {
                for had in 0...1 {
                    for layer in 0...1 {
                        for nesting in Profile.Nesting.allCases {
                            var parts = [mode.rawValue]
                            if behavior < Behavior.known.count { parts.append(Behavior.known[behavior].rawValue) }
                            if behavior < Behavior.known.count {
                                parts.append(had == 1 ? "flow-present" : "flow-absent")
                            }
                            parts.append(layers[layer])
                            parts.append(nesting.rawValue)
                            table.append(parts.joined(separator: " "))
                        }
                    }
                }
            }
        }
        return table
    }()

    static func index(mode: Int, behavior: Int, had: Bool, layer: Int, nesting: Profile.Nesting) -> Int {
        (((mode * (Behavior.known.count + 1) + behavior) * 2 + (had ? 1 : 0)) * 2 + layer) * 2
            + (nesting == .owned ? 0 : 1)
    }

    static func navigationLabel(_ directive: Directive, stack: ScreenStack, profile: Profile) -> String {
        if let reason = Navigator.validate(directive, flows: profile.flows) { return "invalid \(reason)" }
        let mode = directive.mode!
        let start = stack.topLayerStart
        let layer = start == 0 ? 0 : 1
        // A valid mode is a known one, and a known mode's position is its index in `Mode.known` (so for behaviors).
        guard profile.flows, mode == .push || mode == .replace, let behavior = directive.flow?.behavior,
            let flow = directive.flow?.name
        else {
            return navigationTable[
                index(
                    mode: Int(mode.known), behavior: Behavior.known.count, had: false, layer: layer,
                    nesting: profile.nesting)]
        }
        var had = false
        var position = start
        let end = mode == .replace ? stack.entries.count - 1 : stack.entries.count
        while position < end {
            if stack.entries[position].flow == flow { had = true; break }
            position += 1
        }
        return navigationTable[
            index(
                mode: Int(mode.known), behavior: Int(behavior.known), had: had, layer: layer,
                nesting: profile.nesting)]
    }

    /// The labels a navigation run must exercise, given what the implementation declared.
    package static func requiredForNavigation(_ capabilities: Capabilities) -> [String] {
        let layerCount = capabilities.modes.contains(.present) ? 2 : 1
        var labels: [String] = []
        for mode in Mode.known where capabilities.modes.contains(mode) {
            let modeIndex = Mode.known.firstIndex(of: mode)!
            for nesting in Profile.Nesting.allCases where capabilities.nesting.contains(nesting) {
                for layer in 0..<layerCount {
                    if behaviorModes.contains(mode) && capabilities.flows {
                        for behavior in Behavior.known where capabilities.behaviors.contains(behavior) {
                            for had in [false, true] {
                                labels.append(
                                    navigationTable[
                                        index(
                                            mode: modeIndex, behavior: Behavior.known.firstIndex(of: behavior)!,
                                            had: had, layer: layer, nesting: nesting)])
                            }
                        }
                    } else {
                        labels.append(
                            navigationTable[
                                index(
                                    mode: modeIndex, behavior: Behavior.known.count, had: false, layer: layer,
                                    nesting: nesting)])
                    }
                }
            }
        }
        labels += ["invalid unknownMode", "invalid missingScreen"]
        // Without flows a destination needs no flow object, so it cannot miss one or name an unknown behavior.
        if capabilities.flows { labels.append("invalid missingFlow") }
        if capabilities.flows && !capabilities.behaviors.isEmpty { labels.append("invalid unknownBehavior") }
        return labels
    }

    /// The labels a session run must exercise, given what the implementation declared.
    package static func requiredForSession(_ capabilities: Capabilities) -> [String] {
        var labels: [String] = []
        for mode in Mode.optimistic where capabilities.modes.contains(mode) { labels.append("optimistic \(mode)") }
        if Mode.optimistic.contains(where: capabilities.modes.contains) {
            labels += [
                "answer confirm", "answer none", "answer redirect", "optimistic in-flight", "optimistic missing-id",
            ]
            if capabilities.modes.contains(.failed) { labels.append("answer FAILED") }
            if capabilities.modes.contains(where: { !Mode.optimistic.contains($0) }) {
                labels.append("optimistic not-optimistic")
            }
        }
        return labels
    }
}
