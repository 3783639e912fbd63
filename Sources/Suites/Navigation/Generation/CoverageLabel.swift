package import ConformanceRules
package import FlowCheckCore
import FlowCheckEngine
package import NavigationModel

/// The coverage labels of steps, and which labels a set of capabilities requires.
///
/// A navigation label reads `PUSH START_NEW flow-present presented-layer owned`:
/// the mode, the behavior (for PUSH and REPLACE), whether the top layer already
/// held the directive's flow, whether the top layer is the root layer or a
/// presented one, and the profile. Session labels read `optimistic PUSH`,
/// `answer confirm`, and so on. Invalid directives read `invalid missingFlow`.
package enum CoverageLabel {
    static let behaviorModes: [NavigationMode] = [.push, .replace]
    static let layers = ["root-layer", "presented-layer"]

    /// The label of `command` sent in `session`'s state.
    package static func label(for command: NavigationCommand, before session: NavigationSession, suite: Suite) -> String
    {
        label(CommandSituation(command, before: session), of: command, before: session)
    }

    /// The label of `command`, which is `situation` in `session`'s state.
    static func label(
        _ situation: CommandSituation, of command: NavigationCommand, before session: NavigationSession
    ) -> String {
        all[Int(labelID(situation, of: command, before: session))]
    }

    /// The position in ``all`` of the label of `command`, which is `situation` in `session`'s state. Plans keep
    /// their steps' labels as these positions: a label held per step was retained and released at every step.
    ///
    /// `topLayerStart` is the session's stack's, when the caller has it found already; `ids` is ``IDs/shared``,
    /// which a caller labelling many steps holds.
    static func labelID(
        _ situation: CommandSituation, of command: NavigationCommand, before session: NavigationSession,
        topLayerStart: Int? = nil,
        ids: IDs = .shared
    ) -> UInt16 {
        switch situation {
        case .optimisticInFlight: return ids.fixed[0]
        case .notOptimistic: return ids.fixed[1]
        case .optimisticMissingID: return ids.fixed[2]
        case .optimisticInvalid(let reason): return ids.invalid(reason)
        // The optimistic modes are the first known ones, in ``Mode/optimistic``'s order.
        case .optimistic(let mode): return ids.optimistic[Int(mode.known)]
        case .answerNone: return ids.fixed[3]
        case .answerConfirm: return ids.fixed[4]
        case .answerFailed: return ids.fixed[5]
        case .answerRedirect: return ids.fixed[6]
        case .idleNone: return ids.fixed[7]
        case .directive:
            guard case .navigate(let directive?) = command else { preconditionFailure("a directive step without one") }
            return navigationLabelID(
                directive, stack: session.stack, profile: session.navigator.profile, topLayerStart: topLayerStart,
                ids: ids)
        }
    }

    /// Where each kind of label is in ``all``, found once. Held rather than read from stored constants: on Linux each
    /// use of a stored constant calls into the runtime to check that it was initialized, and labelling a step read
    /// several (a twentieth of the label's cost).
    final class IDs: Sendable {
        let navigation = navigationTable.map(id(of:))
        let optimistic = optimisticLabels.map(id(of:))
        let fixed = fixedLabels.map(id(of:))
        let invalidReasons = CoverageLabel.invalidReasons
        let invalid = CoverageLabel.invalidReasons.map { id(of: "invalid \($0)") }
        /// How many behaviors are known: the navigation table has a column for each, and one for none.
        let behaviors = FlowBehavior.known.count

        /// The one table.
        static let shared = IDs()

        func invalid(_ reason: RejectionReason) -> UInt16 {
            guard let index = invalidReasons.firstIndex(of: reason) else {
                preconditionFailure("validation gave a reason without a label: \(reason)")
            }
            return invalid[index]
        }
    }

    static let optimisticLabels = NavigationMode.optimistic.map { "optimistic \($0)" }
    /// The labels of steps that are neither directives with nothing pending nor optimistic changes applied.
    static let fixedLabels = [
        "optimistic in-flight", "optimistic not-optimistic", "optimistic missing-id", "answer none", "answer confirm",
        "answer FAILED", "answer redirect", "no navigation",
    ]
    /// The reasons validation gives, each the label `invalid <reason>`.
    static let invalidReasons: [RejectionReason] = [.unknownMode, .missingScreen, .missingFlow, .unknownBehavior]

    /// Every label a navigation or session step can have, each once.
    static let all: [String] = {
        var all: [String] = []
        for label in navigationTable + optimisticLabels + fixedLabels + invalidReasons.map({ "invalid \($0)" })
        where !all.contains(label) {
            all.append(label)
        }
        precondition(all.count <= Int(UInt16.max), "too many labels for their positions")
        return all
    }()

    private static func id(of label: String) -> UInt16 { UInt16(all.firstIndex(of: label)!) }

    /// Every navigation label, precomputed so that labelling a step allocates nothing.
    static let navigationTable: [String] = {
        var table: [String] = []
        for mode in NavigationMode.known {
            for behavior in 0...FlowBehavior.known.count {
                for had in 0...1 {
                    for layer in 0...1 {
                        for nesting in NavigationProfile.Nesting.allCases {
                            var parts = [mode.rawValue]
                            if behavior < FlowBehavior.known.count {
                                parts.append(FlowBehavior.known[behavior].rawValue)
                            }
                            if behavior < FlowBehavior.known.count {
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

    /// The position in ``navigationTable`` of a label; `behaviors` is `Behavior.known.count`.
    static func index(
        mode: Int, behavior: Int, had: Bool, layer: Int, nesting: NavigationProfile.Nesting,
        behaviors: Int = FlowBehavior.known.count
    ) -> Int {
        (((mode * (behaviors + 1) + behavior) * 2 + (had ? 1 : 0)) * 2 + layer) * 2 + (nesting == .owned ? 0 : 1)
    }

    static func navigationLabel(
        _ directive: NavigationDirective, stack: ScreenStack, profile: NavigationProfile
    ) -> String {
        all[Int(navigationLabelID(directive, stack: stack, profile: profile))]
    }

    static func navigationLabelID(
        _ directive: NavigationDirective, stack: ScreenStack, profile: NavigationProfile, topLayerStart: Int? = nil,
        ids: IDs = .shared
    ) -> UInt16 {
        if let reason = ReferenceNavigator.validate(directive, flows: profile.flows) { return ids.invalid(reason) }
        let mode = directive.mode!
        let start = topLayerStart ?? stack.topLayerStart
        let layer = start == 0 ? 0 : 1
        // A valid mode is a known one, and a known mode's position is its index in `Mode.known` (so for behaviors).
        guard profile.flows, mode == .push || mode == .replace, let behavior = directive.flow?.behavior,
            let flow = directive.flow?.name
        else {
            return ids.navigation[
                index(
                    mode: Int(mode.known), behavior: ids.behaviors, had: false, layer: layer, nesting: profile.nesting,
                    behaviors: ids.behaviors)]
        }
        var had = false
        var position = start
        let end = mode == .replace ? stack.entries.count - 1 : stack.entries.count
        while position < end {
            if stack.entries[position].flow == flow { had = true; break }
            position += 1
        }
        return ids.navigation[
            index(
                mode: Int(mode.known), behavior: Int(behavior.known), had: had, layer: layer, nesting: profile.nesting,
                behaviors: ids.behaviors)]
    }

    /// The labels a navigation run must exercise, given what the implementation declared.
    package static func requiredForNavigation(_ capabilities: Capabilities) -> [String] {
        let navigation = capabilities.navigation
        let layerCount = navigation.modes.contains(.present) ? 2 : 1
        var labels: [String] = []
        for mode in NavigationMode.known where navigation.modes.contains(mode) {
            let modeIndex = NavigationMode.known.firstIndex(of: mode)!
            for nesting in NavigationProfile.Nesting.allCases where navigation.nesting.contains(nesting) {
                for layer in 0..<layerCount {
                    if behaviorModes.contains(mode) && navigation.flows {
                        for behavior in FlowBehavior.known where navigation.behaviors.contains(behavior) {
                            for had in [false, true] {
                                labels.append(
                                    navigationTable[
                                        index(
                                            mode: modeIndex, behavior: FlowBehavior.known.firstIndex(of: behavior)!,
                                            had: had, layer: layer, nesting: nesting)])
                            }
                        }
                    } else {
                        labels.append(
                            navigationTable[
                                index(
                                    mode: modeIndex, behavior: FlowBehavior.known.count, had: false, layer: layer,
                                    nesting: nesting)])
                    }
                }
            }
        }
        labels += ["invalid unknownMode", "invalid missingScreen"]
        // Without flows a destination needs no flow object, so it cannot miss one or name an unknown behavior.
        if navigation.flows { labels.append("invalid missingFlow") }
        if navigation.flows && !navigation.behaviors.isEmpty { labels.append("invalid unknownBehavior") }
        return labels
    }

    /// The labels a session run must exercise, given what the implementation declared.
    package static func requiredForSession(_ capabilities: Capabilities) -> [String] {
        let navigation = capabilities.navigation
        var labels: [String] = []
        for mode in NavigationMode.optimistic where navigation.modes.contains(mode) {
            labels.append("optimistic \(mode)")
        }
        if NavigationMode.optimistic.contains(where: navigation.modes.contains) {
            labels += [
                "answer confirm", "answer none", "answer redirect", "optimistic in-flight", "optimistic missing-id",
            ]
            if navigation.modes.contains(.failed) { labels.append("answer FAILED") }
            if navigation.modes.contains(where: { !NavigationMode.optimistic.contains($0) }) {
                labels.append("optimistic not-optimistic")
            }
        }
        return labels
    }
}
