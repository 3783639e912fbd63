/// Built-in mutants with several planted bugs at once: a run must name every bug's rule, each under a failure of its
/// own, also where several bugs show the same symptom.
package enum ManyBugMutant: String, CaseIterable, Sendable {
    /// Eight navigation and session bugs, MUST and SHOULD, in one navigator.
    case navigation = "many-bugs"
    /// Seven decoder bugs, four of which reject a decodable document with the same error.
    case decoder = "decoder-many-bugs"
    /// Five decoder bugs that all show one symptom: a decodable document rejected as invalid_flow_schema.
    case sameSymptom = "decoder-same-symptom"
    /// Nine RUF client bugs, one of which breaks a rule at every action: every other bug shows only after it.
    case client = "client-many-bugs"
    /// Four navigation bugs in two pairs of one symptom each: an emptied stack (NAV-STACK) and a wrong flow-root mark.
    case navigationSameSymptom = "same-symptom"

    /// The navigation bugs planted, for ``navigation``.
    package var sampleBugs: Set<SampleBug> {
        if self == .navigationSameSymptom {
            return [.popRootEmptiesStack, .dismissWithNothingPresentedClears, .startNewWithoutRoot, .keepAlwaysRoot]
        }
        guard self == .navigation else { return [] }
        return [
            .presentAsPush, .popToBottomMost, .confirmAppliedTwice, .resetKeepsRoot, .dismissPopsOne,
            .popRootIgnored, .secondOptimisticAccepted, .failedIdlePops,
        ]
    }

    /// The RUF client bugs planted, for ``client``: the meta written at every action comes before every other bug
    /// of a run with an action, and every merge, rollback and request bug needs one.
    package var clientBugs: Set<ClientBug> {
        guard self == .client else { return [] }
        return [
            .metaStampedByClient, .appendReplaces, .matchByPosition, .requestIDReused, .requestCarriesPatch,
            .partialClearsCache, .optimisticUpdateNeverRolledBack, .metricsReversed, .currentScreenIgnored,
        ]
    }

    /// The decoder bugs planted, for ``decoder`` and ``sameSymptom``.
    package var decoderBugs: Set<DecoderBug> {
        let rejecting: Set<DecoderBug> = [
            .unknownEdgeKindFailsFlow, .variableUnknownTypeFailsFlow, .conditionExpressionFailsFlow,
            .emptyEntryRejected,
        ]
        switch self {
        case .navigation, .client, .navigationSameSymptom: return []
        case .sameSymptom: return rejecting.union([.loneSurrogateRefused])
        case .decoder: return rejecting.union([.unknownTypeDropsSiblings, .chromeIgnored, .duplicateEdgeIDsKept])
        }
    }

    /// What the mutant is, in one line.
    package var summary: String {
        switch self {
        case .navigation:
            return
                "eight navigation and session bugs at once (PRESENT, POP_TO, confirmation, RESET, DISMISS, POP on the "
                + "root, a second optimistic change, FAILED with nothing pending)"
        case .decoder:
            return "seven decoder bugs at once, four of which reject a decodable document with the same error"
        case .sameSymptom:
            return "five decoder bugs with one symptom: an unknown edge kind, an unknown variable type, an unparsable "
                + "condition, an empty entry and a lone surrogate each reject the whole document as invalid_flow_schema"
        case .navigationSameSymptom:
            return "four navigation bugs in two pairs of one symptom: POP on the root and DISMISS with nothing "
                + "presented each empty the stack, START_NEW and KEEP each mark the flow root wrongly"
        case .client:
            return "nine RUF client bugs at once, one of which (the client writing meta) breaks a rule at every "
                + "action, before any other bug of the run shows"
        }
    }

}
