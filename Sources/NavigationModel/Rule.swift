/// A normative rule of the navigation model, with the stable ID that reports cite.
///
/// The full text, an example and the source of each rule are in <doc:Semantics>.
public struct Rule: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// How binding a rule is: MUST where the sources say it, SHOULD where they are
    /// silent or contradict each other and the kit decides.
    public enum Level: String, Hashable, Codable, Sendable {
        case must
        case should
    }

    /// The stable ID, such as `NAV-PUSH-KEEP`.
    public let id: String
    /// MUST or SHOULD.
    public let level: Level
    /// One sentence an SDK author understands.
    public let summary: String
    /// Where the rule comes from.
    public let source: String

    /// The feature the rule belongs to, which reports group results by (see ``Feature``).
    public var feature: String {
        switch id {
        case "NAV-STACK", "NAV-IGNORE", "NAV-REJECT", "NAV-BASE", "NAV-FLOW-ROOT": return "stack"
        case let id where id.hasPrefix("NAV-VALID-"): return "validation"
        case let id where id.hasPrefix("NAV-PUSH-"): return "push"
        case "NAV-REPLACE": return "replace"
        case "NAV-RESET": return "reset"
        case "NAV-POP", "NAV-POP-ROOT": return "pop"
        case "NAV-PRESENT": return "present"
        case "NAV-DISMISS", "NAV-DISMISS-ROOT": return "dismiss"
        case "NAV-POP-TO", "NAV-POP-TO-MISSING": return "pop-to"
        case "NAV-POP-TO-ROOT": return "pop-to-root"
        case "NAV-FAILED-IDLE", "SES-ROLLBACK": return "rollback"
        case "SES-CONFIRM": return "confirm"
        case "SES-NO-NAVIGATION", "SES-IDLE", "SES-SETTLE": return "answer"
        case "SES-REDIRECT": return "redirect"
        default: return "optimistic"
        }
    }

    public var description: String { "\(id) (\(level.rawValue.uppercased())): \(summary)" }

    /// The rule with this ID, if any.
    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }

    /// Every rule, in the order of <doc:Semantics>.
    public static let all: [Rule] = [
        Rule(id: "NAV-STACK", level: .must, summary: "The stack is never empty and entry 0 is its only root entry.", source: "kit model; RUF stack modes"),
        Rule(id: "NAV-IGNORE", level: .must, summary: "Unknown directive fields (transition, screenParams, anything else) never cause a rejection.", source: "RUF directive fields"),
        Rule(id: "NAV-VALID-MODE", level: .should, summary: "A directive whose mode is not one of the nine modes is rejected with unknownMode.", source: "kit decision"),
        Rule(id: "NAV-VALID-DEST", level: .should, summary: "PUSH, REPLACE, RESET and PRESENT without a screen or a named flow are rejected with missingScreen or missingFlow.", source: "RUF directive fields; kit decision on the reason"),
        Rule(id: "NAV-VALID-BEHAVIOR", level: .should, summary: "A flow behavior other than KEEP, REMOVE_PREVIOUS or START_NEW (such as REPLACE) is rejected with unknownBehavior.", source: "RUF flows page; kit decision"),
        Rule(id: "NAV-VALID-TARGET", level: .should, summary: "POP_TO without a screen is rejected with missingScreen.", source: "kit decision"),
        Rule(id: "NAV-REJECT", level: .should, summary: "A rejected directive changes nothing at all.", source: "kit decision"),
        Rule(id: "NAV-PUSH-KEEP", level: .must, summary: "PUSH with KEEP appends the screen and removes nothing.", source: "RUF flows page (KEEP)"),
        Rule(id: "NAV-PUSH-REMOVE-PREVIOUS", level: .must, summary: "PUSH with REMOVE_PREVIOUS removes every screen of the flow in the top layer, then pushes.", source: "RUF flows page (REMOVE_PREVIOUS)"),
        Rule(id: "NAV-PUSH-START-NEW", level: .must, summary: "PUSH with START_NEW removes every screen of the flow in the top layer, then pushes the screen as the flow's root.", source: "RUF flows page (START_NEW)"),
        Rule(id: "NAV-FLOW-ROOT", level: .must, summary: "A pushed screen is its flow's root exactly when the top layer held no screen of that flow (or with START_NEW); a layer never holds two roots of one flow.", source: "RUF flows page; kit decision for KEEP and REMOVE_PREVIOUS"),
        Rule(id: "NAV-BASE", level: .should, summary: "When a removal deletes a layer's first entry, the first entry left in the layer takes over its presentation (root or modal).", source: "kit decision"),
        Rule(id: "NAV-REPLACE", level: .must, summary: "REPLACE removes the top entry, then acts as PUSH with the same flow object.", source: "RUF stack modes (REPLACE)"),
        Rule(id: "NAV-RESET", level: .must, summary: "RESET leaves exactly one entry: the target, as root and flow root.", source: "RUF stack modes (RESET)"),
        Rule(id: "NAV-POP", level: .must, summary: "POP removes the top entry, closing its layer when it was the layer's base.", source: "RUF stack modes (POP); FlowStacks goBack"),
        Rule(id: "NAV-POP-ROOT", level: .should, summary: "POP on a stack holding only its root is rejected with cannotPopRoot.", source: "kit decision (RUF is silent)"),
        Rule(id: "NAV-PRESENT", level: .must, summary: "PRESENT starts a new layer whose base is the target, marked as its flow's root.", source: "FlowStacks presentSheet/presentCover; FlowKit present"),
        Rule(id: "NAV-DISMISS", level: .must, summary: "DISMISS removes the whole top presented layer, with everything pushed on it.", source: "FlowStacks dismiss; FlowKit dismiss"),
        Rule(id: "NAV-DISMISS-ROOT", level: .should, summary: "DISMISS with nothing presented is rejected with nothingToDismiss and never clears the stack.", source: "kit decision; FlowKit dismiss does nothing; reported FlowStacks bug"),
        Rule(id: "NAV-POP-TO", level: .must, summary: "POP_TO removes every entry above the topmost entry showing the screen: in the top layer (owned) or the whole stack (shared).", source: "FlowStacks goBackTo; FlowKit popTo; FlowStacks nesting"),
        Rule(id: "NAV-POP-TO-MISSING", level: .should, summary: "POP_TO to a screen that is not in the searched range is rejected with targetNotFound.", source: "kit decision"),
        Rule(id: "NAV-POP-TO-ROOT", level: .must, summary: "POP_TO_ROOT returns to the top layer's first entry (owned) or to entry 0 (shared).", source: "FlowStacks goBackToRoot and nesting; FlowKit popToRoot"),
        Rule(id: "NAV-FAILED-IDLE", level: .must, summary: "FAILED with nothing pending changes nothing: the client stays where it is.", source: "RUF stack modes (FAILED)"),
        Rule(id: "SES-OPTIMISTIC", level: .must, summary: "An optimistic PUSH, REPLACE or RESET is applied at once and recorded as pending under its id.", source: "RUF optimistic navigation"),
        Rule(id: "SES-IN-FLIGHT", level: .must, summary: "An optimistic change while another is pending is rejected with actionInFlight and changes nothing.", source: "RUF client states (one action in flight)"),
        Rule(id: "SES-NOT-OPTIMISTIC", level: .must, summary: "Only PUSH, REPLACE and RESET may be applied optimistically; anything else (POP above all) is rejected with notOptimistic.", source: "RUF optimistic navigation"),
        Rule(id: "SES-MISSING-ID", level: .should, summary: "An optimistic change without a non-empty id is rejected with missingId.", source: "RUF (the server must put an id on every directive); kit decision"),
        Rule(id: "SES-CONFIRM", level: .must, summary: "The server's directive with the pending id and the same change confirms it: nothing is applied twice.", source: "RUF optimistic navigation"),
        Rule(id: "SES-ROLLBACK", level: .must, summary: "FAILED while a change is pending restores exactly the stack from before that change.", source: "RUF stack modes (FAILED)"),
        Rule(id: "SES-NO-NAVIGATION", level: .must, summary: "An answer with no navigation keeps the stack and settles the pending change.", source: "RUF (no directive: the current screen stays)"),
        Rule(id: "SES-SETTLE", level: .must, summary: "Every answer from the server settles the pending change: afterwards nothing is pending.", source: "RUF optimistic navigation"),
        Rule(id: "SES-REDIRECT", level: .should, summary: "Any other answer while a change is pending rolls it back, then applies the answer; the pending change is settled whatever the outcome.", source: "kit decision"),
        Rule(id: "SES-IDLE", level: .must, summary: "With nothing pending, the server's directive is applied as usual; no navigation changes nothing.", source: "RUF directives"),
    ]
}
