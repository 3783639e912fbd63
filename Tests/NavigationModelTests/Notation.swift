import Foundation
import NavigationModel

/// Parses the compact stack notation that `ScreenStack.description` prints:
/// `HOME, CART(CHECKOUT)*, ^LOGIN(AUTH)*`: `^` marks a modal base, `(F)` the
/// flow, `*` a flow root; entry 0 is the root.
func stack(_ text: String) -> ScreenStack {
    let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return ScreenStack(
        items.enumerated().map { index, raw in
            var item = Substring(raw)
            var presentation: EntryPresentation = index == 0 ? .root : .push
            if item.hasPrefix("^") { presentation = .modal; item = item.dropFirst() }
            var flowRoot = false
            if item.hasSuffix("*") { flowRoot = true; item = item.dropLast() }
            var flow: String?
            if let open = item.firstIndex(of: "("), item.hasSuffix(")") {
                flow = String(item[item.index(after: open)..<item.index(before: item.endIndex)])
                item = item[..<open]
            }
            return StackEntry(screen: String(item), flow: flow, flowRoot: flowRoot, presentation: presentation)
        })
}

/// Applies one directive with a fresh navigator.
func apply(
    _ d: NavigationDirective, to text: String, _ profile: NavigationProfile = .owned
) -> (NavigationOutcome, ScreenStack) {
    var s = stack(text)
    let outcome = ReferenceNavigator(profile: profile).apply(d, to: &s)
    return (outcome, s)
}

func push(_ screen: String, _ flow: String, _ behavior: FlowBehavior, id: String? = nil) -> NavigationDirective {
    NavigationDirective(id: id, .push, screen, flow: flow, behavior)
}
