import JSON
import NavigationModel

/// builtin:sample's screens, kept in layers (the root layer, then one per presented sheet), with its own validation
/// and its own rollback snapshot, and the stack it last showed.
///
/// A value rather than the navigator's own properties: a step reads and changes the layers many times, and every
/// access to a class's property is checked for exclusive access at run time, where a value changed in place is
/// checked once, when the navigator hands it over.
struct SampleStack {
    struct Screen: Equatable {
        var name: String
        var flow: String?
        var startsFlow: Bool
    }

    /// A layer remembers whether it was presented, whatever happens to its first screen.
    struct Layer: Equatable {
        var screens: [Screen]
        var presented: Bool
    }

    struct InFlight {
        var id: String
        var directive: NavigationDirective
        var snapshot: [Layer]
    }

    /// The layers, bottom first. Any change marks the whole stack last shown as out of date; the changes the sample
    /// makes most (a push, a pop, a sheet presented or dismissed) then narrow that to the positions they touched.
    private var layers: [Layer] = [] {
        didSet { shownFrom = 0 }
    }
    /// The stack the last reply showed, as flat entries. A step that changes nothing (a rejection, a confirmation, no
    /// navigation) shows it again; one that changes the layers rewrites it in place, where it differs, rather than
    /// flattening every screen into a new array (an allocation, and a retain and release per name, at every step).
    private var shown: [StackEntry] = []
    /// The first position of ``shown`` that may not match the layers; `Int.max` when all do.
    private var shownFrom = 0

    /// Narrows what a change made out of date to the positions from `position` on; `before` is ``shownFrom`` as
    /// it was before the change. Only the sample without bugs narrows: a mutant re-reads its whole stack, so that
    /// its bug is never in this bookkeeping.
    private mutating func changed(from position: Int, before: Int) {
        if plain { shownFrom = min(before, position) }
    }
    private var nesting: NavigationProfile.Nesting = .owned
    private var inFlight: InFlight?

    /// The planted navigation bugs.
    let bugs: Set<SampleBug>

    /// Whether no navigation bug is planted: the sample asks about its bugs many times a step, per screen in some
    /// scans, and with none planted that must not cost a hash each time.
    private let plain: Bool

    private func has(_ bug: SampleBug) -> Bool { !plain && bugs.contains(bug) }

    init(bugs: Set<SampleBug>) {
        self.bugs = bugs
        self.plain = bugs.isEmpty
    }

    mutating func reset(to stack: ScreenStack, profile: NavigationProfile) {
        // Each layer is made whole from its run of entries: appending screen by screen grew a deep layer again and
        // again.
        var built: [Layer] = []
        let entries = stack.entries
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count && entries[end].presentation != .modal { end += 1 }
            built.append(
                Layer(
                    screens: entries[start..<end].map {
                        Screen(name: $0.screen, flow: $0.flow, startsFlow: $0.flowRoot)
                    },
                    presented: entries[start].presentation == .modal))
            start = end
        }
        layers = built
        nesting = profile.nesting
        inFlight = nil
        firstSnapshot = nil
        keepCapacity()
    }

    /// The first optimistic change's snapshot, which one mutant keeps using.
    private var firstSnapshot: [Layer]?

    private mutating func keepCapacity() {
        guard has(.capacity16) else { return }
        while screenCount > 16 {
            layers[0].screens.removeFirst()
            if layers[0].screens.isEmpty { layers.removeFirst() }
        }
    }

    /// A name as a mutant stores it.
    private func stored(_ name: String) -> String {
        var name = name
        if has(.longNamesTruncated) { name = String(name.prefix(64)) }
        if has(.nonASCIINamesMangled) {
            name = String(name.unicodeScalars.map { $0.isASCII ? Character($0) : "?" })
        }
        return name
    }

    /// Whether a screen's flow is `b`. Static, with the mutant's flag passed in: a closure that called a method of
    /// the value would copy the whole value, layers and all, for each scan.
    private static func sameFlow(_ a: String?, _ b: String, ignoringCase: Bool) -> Bool {
        guard let a else { return false }
        return ignoringCase ? a.lowercased() == b.lowercased() : a == b
    }

    mutating func perform(_ command: NavigationCommand) -> NavigationReply {
        let outcome: NavigationOutcome
        switch command {
        case .navigate(let directive): outcome = answer(directive)
        case .optimistic(let directive): outcome = applyOptimistically(directive)
        }
        keepCapacity()
        let pendingID = has(.pendingIDLowercased) ? inFlight?.id.lowercased() : inFlight?.id
        if shownFrom != .max {
            render(from: shownFrom)
            shownFrom = .max
        }
        return NavigationReply(outcome: outcome, state: SessionState(stack: ScreenStack(shown), pendingID: pendingID))
    }

    /// Brings the stack shown up to date with the layers from position `start` on; the entries before it are known to
    /// be as they were. Entries a step left as they were are only compared; once the last reply has been let go, the
    /// array is rewritten where it lies.
    private mutating func render(from start: Int) {
        // A narrowing past the end would leave the entries between unwritten.
        precondition(start <= shown.count, "the stack shown is out of date from past its end")
        var entries: [StackEntry] = []
        swap(&entries, &shown)
        let layers = self.layers
        var next = 0
        for index in layers.indices {
            let count = layers[index].screens.count
            guard next + count > start else {
                next += count
                continue
            }
            let presented = layers[index].presented
            let first = max(start - next, 0)
            next += first
            layers[index].screens.withUnsafeBufferPointer { screens in
                for position in first..<count {
                    let presentation: EntryPresentation =
                        position > 0 ? .push : (index == 0 ? .root : (presented ? .modal : .push))
                    if next < entries.count {
                        let unchanged = entries.withUnsafeBufferPointer { shown in
                            shown[next].presentation == presentation
                                && shown[next].flowRoot == screens[position].startsFlow
                                && shown[next].screen == screens[position].name
                                && shown[next].flow == screens[position].flow
                        }
                        if !unchanged {
                            entries[next] = StackEntry(
                                screen: screens[position].name, flow: screens[position].flow,
                                flowRoot: screens[position].startsFlow, presentation: presentation)
                        }
                    } else {
                        entries.append(
                            StackEntry(
                                screen: screens[position].name, flow: screens[position].flow,
                                flowRoot: screens[position].startsFlow, presentation: presentation))
                    }
                    next += 1
                }
            }
        }
        // One by one: a step removes a screen or two, and removing a range goes through the general replacement.
        while entries.count > next { entries.removeLast() }
        shown = entries
    }

    private var screenCount: Int { layers.reduce(0) { $0 + $1.screens.count } }

    // MARK: Optimistic navigation

    private mutating func applyOptimistically(_ directive: NavigationDirective) -> NavigationOutcome {
        if inFlight != nil && !has(.secondOptimisticAccepted) { return .rejected("actionInFlight") }
        guard let mode = directive.mode,
            mode == .push || mode == .replace || mode == .reset || has(.optimisticPopAllowed) && mode == .pop
        else { return .rejected("notOptimistic") }
        guard let id = directive.id, !id.isEmpty else { return .rejected("missingId") }
        var snapshot = inFlight?.snapshot ?? layers
        if has(.staleRollbackSnapshot) {
            snapshot = firstSnapshot ?? snapshot
            firstSnapshot = snapshot
        }
        let outcome = apply(directive)
        if case .applied = outcome { inFlight = InFlight(id: id, directive: directive, snapshot: snapshot) }
        return outcome
    }

    private mutating func answer(_ directive: NavigationDirective?) -> NavigationOutcome {
        // Taken, not copied: the answer settles the pending change (a mutant puts it back).
        guard var pending = inFlight.take() else {
            guard let directive else { return .applied }
            return apply(directive)
        }
        guard let directive else {
            if has(.noNavigationRollsBack) { layers = pending.snapshot }
            return .applied
        }
        let sameChange =
            directive.mode == pending.directive.mode && directive.screen == pending.directive.screen
            && directive.flow?.name == pending.directive.flow?.name
            && directive.flow?.behavior == pending.directive.flow?.behavior
        if directive.id == pending.id && (sameChange || has(.confirmByIDOnly)) {
            return has(.confirmAppliedTwice) ? apply(directive) : .applied
        }
        if directive.mode == .failed {
            if has(.failedAfterReplaceWrongStack) {
                popTopScreen()
            } else {
                layers = pending.snapshot
            }
            if has(.failedKeepsPending) { inFlight = pending }
            return .applied
        }
        // Swapped, not assigned: the layers from before are changed next, and shared with the snapshot they would be
        // copied first.
        if !has(.redirectWithoutRollback) { swap(&layers, &pending.snapshot) }
        return apply(directive)
    }

    // MARK: Directives

    private func reject(_ directive: NavigationDirective) -> RejectionReason? {
        // Modes and behaviors are told apart by the kit's words for them, which compare without reading the text.
        guard let mode = directive.mode, mode.isKnown else {
            return has(.unknownModeWrongReason) ? "unsupportedMode" : "unknownMode"
        }
        if mode == .push || mode == .replace || mode == .reset || mode == .present {
            if (directive.screen ?? "").isEmpty { return "missingScreen" }
            if (directive.flow?.name ?? "").isEmpty { return "missingFlow" }
            if has(.nullFieldRejected), directive.unknownFields.values.contains(.null) {
                return "malformedDirective"
            }
            let behavior = directive.flow?.behavior
            if !(behavior?.isKnown ?? false) && !(has(.behaviorReplaceAsKeep) && behavior?.rawValue == "REPLACE") {
                return "unknownBehavior"
            }
        }
        if mode == .popTo, (directive.screen ?? "").isEmpty { return "missingScreen" }
        return nil
    }

    private mutating func apply(_ directive: NavigationDirective) -> NavigationOutcome {
        if let reason = reject(directive) { return .rejected(reason) }
        // Only a mutant can empty its stack; it must still answer, not crash.
        guard !layers.isEmpty else { return .rejected("emptyStack") }
        let screen = stored(directive.screen ?? "")
        let flow = stored(directive.flow?.name ?? "")
        let mode = directive.mode!
        if has(.stackFullAt50), mode == .push || mode == .present, screenCount >= 50 {
            return .rejected("stackFull")
        }
        switch mode {
        case .push:
            push(screen, flow: flow, behavior: directive.flow!.behavior!, replacing: false)
        case .replace:
            push(screen, flow: flow, behavior: directive.flow!.behavior!, replacing: true)
        case .reset:
            let kept = has(.resetKeepsRoot) ? [layers[0].screens[0]] : []
            layers = [Layer(screens: kept + [Screen(name: screen, flow: flow, startsFlow: true)], presented: false)]
        case .pop:
            if screenCount == 1 {
                if has(.popRootEmptiesStack) { layers = [] }
                return has(.popRootEmptiesStack) || has(.popRootIgnored)
                    ? .applied : .rejected("cannotPopRoot")
            }
            popTopScreen()
            if has(.popDeepRemovesTwo), screenCount >= 100 { popTopScreen() }
        case .present:
            let (before, count) = (shownFrom, screenCount)
            defer { changed(from: count, before: before) }
            let newScreen = Screen(name: screen, flow: flow, startsFlow: true)
            if has(.presentAsPush) || has(.presentMax3Layers) && layers.count > 3 {
                layers[layers.count - 1].screens.append(newScreen)
            } else {
                layers.append(Layer(screens: [newScreen], presented: true))
            }
        case .dismiss:
            if layers.count == 1 {
                if has(.dismissWithNothingPresentedClears) { layers = []; return .applied }
                return .rejected("nothingToDismiss")
            }
            if has(.dismissPopsOne) {
                popTopScreen()
            } else {
                let before = shownFrom
                layers.removeLast()
                changed(from: screenCount, before: before)
            }
        case .popTo:
            return popTo(directive.screen ?? "")
        case .popToRoot:
            if nesting == .owned && !has(.popToRootIgnoresProfile) {
                layers[layers.count - 1].screens.removeSubrange(1...)
            } else {
                layers = [Layer(screens: [layers[0].screens[0]], presented: false)]
            }
        default:
            if has(.failedIdlePops) && screenCount > 1 { popTopScreen() }
        }
        return .applied
    }

    private mutating func popTo(_ target: String) -> NavigationOutcome {
        let lowest = nesting == .owned && !has(.popToSearchesWholeStack) ? layers.count - 1 : 0
        var found: (layer: Int, position: Int)?
        // Screens counted from the top, for the mutant that looks at the top 32 only.
        var seen = 0
        let (top32, ignoringCase) = (has(.popToSearchesTop32), has(.screenNamesCaseInsensitive))
        func matches(_ name: String) -> Bool {
            seen += 1
            if top32 && seen > 32 { return false }
            return ignoringCase ? name.lowercased() == target.lowercased() : name == target
        }
        if has(.popToBottomMost) {
            search: for layer in lowest..<layers.count {
                for position in layers[layer].screens.indices where matches(layers[layer].screens[position].name) {
                    found = (layer, position)
                    break search
                }
            }
        } else {
            search: for layer in stride(from: layers.count - 1, through: lowest, by: -1) {
                for position in layers[layer].screens.indices.reversed()
                where matches(layers[layer].screens[position].name) {
                    found = (layer, position)
                    break search
                }
            }
        }
        guard let found else { return .rejected("targetNotFound") }
        let before = shownFrom
        layers.removeSubrange((found.layer + 1)...)
        layers[found.layer].screens.removeSubrange((found.position + 1)...)
        changed(from: screenCount - layers[found.layer].screens.count + found.position + 1, before: before)
        return .applied
    }

    private mutating func popTopScreen() {
        let before = shownFrom
        layers[layers.count - 1].screens.removeLast()
        if layers[layers.count - 1].screens.isEmpty { layers.removeLast() }
        changed(from: screenCount, before: before)
    }

    private mutating func push(_ name: String, flow: String, behavior: FlowBehavior, replacing: Bool) {
        let before = shownFrom
        let ignoringCase = has(.flowNamesCaseInsensitive)
        var top = layers.removeLast()
        let topStart = screenCount
        // Scanned before the removal only for the mutant that decides there: a scan of a deep layer costs.
        let hadBeforeReplace =
            has(.replaceHadBeforeRemoval)
            && top.screens.contains { Self.sameFlow($0.flow, flow, ignoringCase: ignoringCase) }
        if replacing { top.screens.removeLast() }
        // The first position of the layer this push changes: where the new screen goes, unless screens before it go.
        var firstChanged = top.screens.count
        let had: Bool
        // The layer's first screen of the flow, which a removal starts from (0, all of the layer, for the mutants).
        let firstOfFlow: Int?
        if has(.replaceHadBeforeRemoval) {
            had = hadBeforeReplace
            firstOfFlow = 0
        } else if has(.flowRootWindow10) {
            had = top.screens.suffix(10).contains { Self.sameFlow($0.flow, flow, ignoringCase: ignoringCase) }
            firstOfFlow = 0
        } else {
            firstOfFlow = top.screens.firstIndex { Self.sameFlow($0.flow, flow, ignoringCase: ignoringCase) }
            had = firstOfFlow != nil
        }
        let firstWasFlow = top.screens.first.map { Self.sameFlow($0.flow, flow, ignoringCase: ignoringCase) } ?? false
        if behavior != .keep {
            switch plain
                ? nil : SampleBug.allCases.first(where: { has($0) && $0.rawValue.hasPrefix("remove-previous") })
            {
            case .removePreviousOnlyPrevious?:
                if let last = top.screens.lastIndex(where: { $0.flow == flow }) { top.screens.remove(at: last) }
            case .removePreviousTopRun?:
                while top.screens.last?.flow == flow { top.screens.removeLast() }
            case .removePreviousAllLayers?:
                for index in layers.indices { layers[index].screens.removeAll { $0.flow == flow } }
                layers.removeAll { $0.screens.isEmpty }
                top.screens.removeAll { $0.flow == flow }
            default:
                // The mutant scans only the top 20 screens of the layer.
                let scanned = has(.removePreviousScansTop20) ? max(top.screens.count - 20, 0) : 0
                if scanned == 0 {
                    // Only when a screen of the flow is there: removing nothing still went through the replacement.
                    if firstOfFlow != nil {
                        top.screens.removeAll { Self.sameFlow($0.flow, flow, ignoringCase: ignoringCase) }
                    }
                    firstChanged = min(firstChanged, firstOfFlow ?? firstChanged)
                } else {
                    let kept = top.screens[..<scanned]
                    top.screens =
                        Array(kept)
                        + top.screens[scanned...].filter { !Self.sameFlow($0.flow, flow, ignoringCase: ignoringCase) }
                }
            }
        }
        let startsFlow: Bool
        switch behavior {
        case .startNew: startsFlow = !has(.startNewWithoutRoot) || !had
        default: startsFlow = has(.keepAlwaysRoot) || !had
        }
        top.screens.append(Screen(name: name, flow: flow, startsFlow: startsFlow))
        if has(.baseRuleForgotten), top.presented, firstWasFlow, behavior != .keep, !layers.isEmpty {
            // The layer lost its first screen: this mutant forgets that the layer was presented.
            layers[layers.count - 1].screens += top.screens
            return
        }
        layers.append(top)
        changed(from: topStart + firstChanged, before: before)
    }
}
