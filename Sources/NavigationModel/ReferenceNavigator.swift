/// Applies directives to a stack: the rules of server-driven navigation as pure functions.
///
/// Every rule here has an ID in <doc:Semantics>. A rejected directive leaves the
/// stack exactly as it was.
public struct ReferenceNavigator: Hashable, Sendable {
    /// The nesting profile, which changes POP_TO and POP_TO_ROOT only.
    public var profile: NavigationProfile

    /// Creates a navigator for a profile.
    public init(profile: NavigationProfile) { self.profile = profile }

    /// The first validation check that fails, or `nil` for a well-formed directive.
    ///
    /// Order: `unknownMode`; for destination modes `missingScreen`, `missingFlow`,
    /// `unknownBehavior`; for POP_TO `missingScreen` (rules NAV-VALID-MODE,
    /// NAV-VALID-DEST, NAV-VALID-BEHAVIOR, NAV-VALID-TARGET). Without `flows`, a destination
    /// needs only its screen, and its flow object is ignored (NAV-FLOWLESS).
    public static func validate(_ directive: NavigationDirective, flows: Bool = true) -> RejectionReason? {
        guard let mode = directive.mode, mode.isKnown else { return .unknownMode }
        if mode.hasDestination {
            guard let screen = directive.screen, !screen.isEmpty else { return .missingScreen }
            guard flows else { return nil }
            guard let name = directive.flow?.name, !name.isEmpty else { return .missingFlow }
            guard let behavior = directive.flow?.behavior, behavior.isKnown else { return .unknownBehavior }
        } else if mode == .popTo {
            guard let screen = directive.screen, !screen.isEmpty else { return .missingScreen }
        }
        return nil
    }

    /// Applies a directive to a valid stack and says whether it was applied.
    public func apply(_ directive: NavigationDirective, to stack: inout ScreenStack) -> NavigationOutcome {
        if let reason = ReferenceNavigator.validate(directive, flows: profile.flows) { return .rejected(reason) }
        // Validation guarantees the mode, and the destination where the mode needs one.
        let mode = directive.mode!
        switch mode {
        case .push, .replace:
            push(directive, replacingTop: mode == .replace, in: &stack.entries)
        case .reset:
            stack.entries = [
                StackEntry(
                    screen: directive.screen!, flow: flowName(of: directive), flowRoot: profile.flows,
                    presentation: .root)
            ]
        case .pop:
            guard stack.entries.count > 1 else { return .rejected(.cannotPopRoot) }
            stack.entries.removeLast()
        case .present:
            stack.entries.append(
                StackEntry(
                    screen: directive.screen!, flow: flowName(of: directive), flowRoot: profile.flows,
                    presentation: .modal))
        case .dismiss:
            let start = stack.topLayerStart
            guard start > 0 else { return .rejected(.nothingToDismiss) }
            keep(start, of: &stack)
        case .popTo:
            guard let index = popToTarget(directive.screen!, in: stack) else { return .rejected(.targetNotFound) }
            keep(index + 1, of: &stack)
        case .popToRoot:
            let root = profile.nesting == .owned ? stack.topLayerStart : 0
            keep(root + 1, of: &stack)
        default:
            // FAILED outside a session, or with nothing pending: the client stays where it is.
            break
        }
        return .applied
    }

    /// Cuts the stack to its first `count` entries, in place: the session holds its stack alone at every step but
    /// its first (replies are let go before the next step), and copying the kept entries of a deep stack at each cut
    /// cost more than copying a shared stack whole once.
    private func keep(_ count: Int, of stack: inout ScreenStack) {
        guard count < stack.entries.count else { return }
        stack.entries.removeSubrange(count...)
    }

    /// Whether ``apply(_:to:)`` would apply `directive` to `stack`, asked without copying the stack.
    package func applies(_ directive: NavigationDirective, to stack: ScreenStack) -> Bool {
        if ReferenceNavigator.validate(directive, flows: profile.flows) != nil { return false }
        switch directive.mode! {
        case .pop: return stack.entries.count > 1
        case .dismiss: return stack.topLayerStart > 0
        case .popTo: return popToTarget(directive.screen!, in: stack) != nil
        default: return true
        }
    }

    /// The entry POP_TO `target` returns to: the topmost showing it in the searched range.
    private func popToTarget(_ target: String, in stack: ScreenStack) -> Int? {
        let searchStart = profile.nesting == .owned ? stack.topLayerStart : 0
        return stack.entries[searchStart...].lastIndex(where: { $0.screen == target })
    }

    /// The flow a valid destination puts its entry in: its flow object's name, or none without flows.
    private func flowName(of directive: NavigationDirective) -> String? { profile.flows ? directive.flow!.name! : nil }

    /// PUSH and REPLACE share one path: REPLACE first removes the top entry, then
    /// pushes with `had` computed after that removal (NAV-REPLACE). Without flows the pushed
    /// entry is plain: no flow, no flow root, nothing removed for a behavior (NAV-FLOWLESS).
    private func push(_ directive: NavigationDirective, replacingTop: Bool, in entries: inout [StackEntry]) {
        // REPLACE ends as long as it began: the copy its removal makes of shared storage keeps room for the new
        // entry, which would otherwise copy the entries once more.
        if replacingTop { entries.reserveCapacity(entries.count) }
        let start = entries.lastIndex(where: { $0.presentation == .modal }) ?? 0
        let basePresentation = entries[start].presentation
        guard profile.flows else {
            if replacingTop {
                let baseRemoved = entries.count - 1 == start
                entries.removeLast()
                entries.append(StackEntry(screen: directive.screen!, flow: nil, flowRoot: false, presentation: .push))
                if baseRemoved { entries[start].presentation = basePresentation }
            } else {
                entries.append(StackEntry(screen: directive.screen!, flow: nil, flowRoot: false, presentation: .push))
            }
            return
        }
        let flow = directive.flow!.name!
        let behavior = directive.flow!.behavior!
        var baseRemoved = false

        if replacingTop {
            if entries.count - 1 == start { baseRemoved = true }
            entries.removeLast()
        }
        // By index, as every scan here: iterating would copy each entry it passes.
        let had = entries.indices[start...].contains { entries[$0].flow == flow }
        if behavior != .keep && had {
            if !baseRemoved && entries[start].flow == flow { baseRemoved = true }
            var write = start
            for read in start..<entries.count where entries[read].flow != flow {
                if write != read { entries[write] = entries[read] }
                write += 1
            }
            entries.removeSubrange(write...)
        }
        let flowRoot = behavior == .startNew ? true : !had
        entries.append(StackEntry(screen: directive.screen!, flow: flow, flowRoot: flowRoot, presentation: .push))
        // NAV-BASE: the layer keeps its base presentation when its first entry was removed.
        if baseRemoved { entries[start].presentation = basePresentation }
    }
}
