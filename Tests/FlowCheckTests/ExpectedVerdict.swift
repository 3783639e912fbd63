import ConformanceRules
import FlowCheckCore
import FlowRuntimeModel
import FlowSchema
import NavigationModel
import RUFClientModel

/// The verdict a run that breaks exactly `rules` must have: divergent when one of them is a MUST rule, conforming
/// (with its deviations listed) when every one is a SHOULD rule. Read from the catalogues, not from the run.
func expectedVerdict(breaking rules: Set<String>) -> ConformanceVerdict {
    let levels = rules.map { id in
        (NavigationRules.named(id) ?? DecodingRules.named(id) ?? ClientRules.named(id) ?? RuntimeRules.named(id))?.level
            ?? .must
    }
    return levels.contains(.must) ? .divergent : .conforming
}
