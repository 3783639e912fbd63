import FlowCheckCore
import FlowCheckEngine
import NavigationModel
import PropertyTesting

extension PlanGenerator {
    /// The most entries a plain initial stack has; deeper ones are drawn as deep stacks.
    static let plainStackLimit = 12
    /// Share of runs that start from a deep stack.
    static let deepRuns = 0.12
    /// The most entries a deep stack has.
    static let deepestStack = 1_000

    /// A run's initial stack: a plain one, or at a small rate a deep one.
    ///
    /// The first choice says which, 0 (plain) first, so that a failure shrinks to a plain stack when it can.
    func startingStack(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> ScreenStack {
        try source.drawBool(probability: Self.deepRuns) ? try deepStack(source) : try initialStack(source)
    }

    /// A stack of 13 to 1,000 entries (fewer in the first runs), drawn from a handful of choices rather than one
    /// per entry: its depth, its layers, how long each flow's run of screens is, how many flows take turns, and
    /// the order of the screens. The depth is one choice, so shrinking halves it straight to the depth a failure
    /// needs (a capacity bug at depth N ends on a stack of about N entries).
    ///
    /// Every layer's first screen of each flow is that flow's root there, as when the flow was started.
    func deepStack(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> ScreenStack {
        let count =
            Self.plainStackLimit + 1
            + Int(
                try source.drawSized(upTo: UInt64(Self.deepestStack - Self.plainStackLimit - 1)))
        let layers = presents ? 1 + Int(try source.draw(upTo: 4)) : 1
        let runLength = 1 + Int(try source.draw(upTo: 59))
        let flowCount = navigation.flows ? 1 + Int(try source.draw(upTo: UInt64(vocabulary.flows.count - 1))) : 0
        let screenStep = Int(try source.draw(upTo: UInt64(vocabulary.screens.count - 1)))
        var entries: [StackEntry] = []
        entries.reserveCapacity(count)
        // The flows seen in the layer so far, by the position of the first equal name: a set of names would hash
        // one name per entry.
        let firstEqual = vocabulary.flows.indices.map { vocabulary.flows.firstIndex(of: vocabulary.flows[$0])! }
        var flowsInLayer = [Bool](repeating: false, count: vocabulary.flows.count)
        let others = vocabulary.screens.count - 1
        // Layer `index * layers / count`, run `index / runLength`, and `(index + screenStep * run) % others`, kept as
        // counters: the divisions cost more than the rest of an entry.
        var layer = 0, nextLayerStart = Self.layerStart(1, of: layers, count: count)
        var inRun = 0, flowSlot = 0, spread = 0
        for index in 0..<count {
            // Layers split the stack evenly; the bottom layer is the root.
            var first = index == 0
            if index == nextLayerStart {
                first = true
                layer += 1
                nextLayerStart = Self.layerStart(layer + 1, of: layers, count: count)
            }
            if first { for flow in flowsInLayer.indices { flowsInLayer[flow] = false } }
            // Each layer's bottom screen is the first name, which the others avoid where there are others: a feed's
            // home screen under product after product, so that POP_TO the home screen must reach the layer's bottom.
            let screen = first || others == 0 ? vocabulary.screens[0] : vocabulary.screens[1 + spread]
            let flowIndex = flowCount > 0 ? firstEqual[flowSlot] : nil
            let flow = flowIndex.map { vocabulary.flows[$0] }
            var flowRoot = false
            if let flowIndex, !flowsInLayer[flowIndex] {
                flowsInLayer[flowIndex] = true
                flowRoot = true
            }
            let presentation: EntryPresentation = first ? (layer == 0 ? .root : .modal) : .push
            entries.append(StackEntry(screen: screen, flow: flow, flowRoot: flowRoot, presentation: presentation))
            // On to index + 1.
            inRun += 1
            if others > 0 { spread += 1 }
            if inRun == runLength {
                inRun = 0
                if flowCount > 0 {
                    flowSlot += 1
                    if flowSlot == flowCount { flowSlot = 0 }
                }
                if others > 0 { spread += screenStep }
            }
            if others > 0 { while spread >= others { spread -= others } }
        }
        return ScreenStack(entries)
    }

    /// The first index of layer `layer` when `count` entries split evenly into `layers`: the least `index` with
    /// `index * layers / count >= layer`; `count` past the last layer.
    private static func layerStart(_ layer: Int, of layers: Int, count: Int) -> Int {
        layer >= layers ? count : (layer * count + layers - 1) / layers
    }

    /// One to four layers (presented ones only when PRESENT is declared) of one
    /// to several entries; flow-root marks are consistent: at most one per flow per
    /// layer, usually on the flow's first entry.
    func initialStack(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> ScreenStack {
        // Room for the most entries, and for every flow of a layer, made once: grown entry by entry, and made again
        // for each layer, they were most of the cost of a plain stack.
        var entries: [StackEntry] = []
        entries.reserveCapacity(Self.plainStackLimit)
        var flowsInLayer: [String] = []
        flowsInLayer.reserveCapacity(vocabulary.flows.count)
        let layers = presents ? 4 : 1
        for layer in 0...layers where layer < layers || presents {
            // A layer and the choice that asked for it form one span, so the shrinker can delete a layer whole.
            let added = try source.span("layer") { () throws(ChoiceSource.Stop) -> Bool in
                if layer > 0, !(try source.drawBool(probability: layer < layers ? 0.4 : 0)) || layer >= layers {
                    return false
                }
                flowsInLayer.removeAll(keepingCapacity: true)
                var first = true
                while true {
                    let entry = try source.span("entry") { () throws(ChoiceSource.Stop) -> StackEntry? in
                        if !first,
                            !(try source.drawBool(probability: entries.count < Self.plainStackLimit ? 0.6 : 0))
                                || entries.count >= Self.plainStackLimit
                        {
                            return nil
                        }
                        let screen = vocabulary.screens[
                            Int(try source.draw(upTo: UInt64(vocabulary.screens.count - 1)))]
                        // Without flows no flow is drawn at all: the stack holds plain entries only.
                        let flowIndex =
                            navigation.flows
                            ? Int(try source.draw(upTo: UInt64(vocabulary.flows.count))) : vocabulary.flows.count
                        let flow = flowIndex < vocabulary.flows.count ? vocabulary.flows[flowIndex] : nil
                        var flowRoot = false
                        if let flow, !flowsInLayer.contains(flow) {
                            flowsInLayer.append(flow)
                            flowRoot = !(try source.drawBool(probability: 0.2))
                        }
                        let presentation: EntryPresentation = first ? (layer == 0 ? .root : .modal) : .push
                        return StackEntry(screen: screen, flow: flow, flowRoot: flowRoot, presentation: presentation)
                    }
                    guard let entry else { break }
                    entries.append(entry)
                    first = false
                }
                return true
            }
            if !added { break }
        }
        return ScreenStack(entries)
    }

}
