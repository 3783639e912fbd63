extension DecodingCheck {
    /// The components where the implementation's flow does what a misread content version does and the reference's
    /// does not, as `[screen, element]` pairs, the element named as the migration's DEC-MIGRATE hit names it: a
    /// component whose type a migration changes (its own id), or one a migration strips (its parent's, or its own
    /// for a layout root).
    ///
    /// A reading of the version at its face (``DecodeTrace/misreadings``) runs other migrations than the rule's.
    /// Where the implementation's component takes the type, or stays or goes, as that reading has it, the version was
    /// misread there (DEC-VERSION), and the migration's difference follows from it (DEC-MIGRATE is not named for it),
    /// whatever else the implementation got wrong in the same document.
    public static func misreadComponents(
        trace: DecodeTrace, reference: CanonicalFlow, actual: CanonicalFlow
    ) -> Set<[String]> {
        var found: Set<[String]> = []
        for misread in trace.misreadings {
            for node in misread.nodes {
                let want = reference.nodes.first { $0.id == node.id }?.layout
                guard let shownNode = actual.nodes.first(where: { $0.id == node.id }) else { continue }
                let got = shownNode.layout
                // Kept or retyped by the misreading, where the reference strips or retypes it otherwise.
                visit(node.layout, parent: nil) { component, parent in
                    let expected = want.flatMap { find(component.id, in: $0) }
                    let shown = got.flatMap { find(component.id, in: $0) }
                    guard let shown, shown.type == component.type else { return }
                    if expected == nil {
                        // Stripped from a parent the reference decodes as the misreading does (not a subtree the
                        // reference never decodes, under a component unknown to it).
                        let kept = parent.map { id in
                            want.flatMap { find(id, in: $0) }?.type == node.layout.flatMap { find(id, in: $0) }?.type
                        }
                        guard kept ?? (want == nil) else { return }
                        found.insert([node.id, parent ?? component.id])
                    } else if expected?.type != component.type {
                        found.insert([node.id, component.id])
                    }
                }
                // Stripped by the misreading (read below the version that strips it), where the reference keeps it.
                visit(want, parent: nil) { component, parent in
                    guard node.layout.flatMap({ find(component.id, in: $0) }) == nil,
                        got.flatMap({ find(component.id, in: $0) }) == nil,
                        parent.map({ id in got.flatMap { find(id, in: $0) } != nil }) ?? (got == nil)
                    else { return }
                    found.insert([node.id, parent ?? component.id])
                }
            }
        }
        return found
    }

    private static func visit(
        _ component: CanonicalFlow.Component?, parent: String?,
        _ body: (CanonicalFlow.Component, String?) -> Void
    ) {
        guard let component else { return }
        body(component, parent)
        for child in component.children { visit(child, parent: component.id, body) }
    }
}
