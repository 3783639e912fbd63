import FlowSchema
import NavigationModel

/// The rules each built-in mutant breaks: what a default run of it names (``SampleBug``, ``DecoderBug``; a client
/// mutant's is ``ClientBug/rule``). The mutant zoo's tests hold each run to its list, and `list-mutants` says which
/// mutants break only SHOULD rules (a default run lists their deviations and exits 0).
extension SampleBug {
    /// The rules each mutant's run names, exactly, over all its failures (default settings, seed 1).
    ///
    /// A mutant breaks more than one rule when its wrong code serves several modes: REMOVE_PREVIOUS's removal also
    /// serves START_NEW and REPLACE's flow behavior, so a mutant of it breaks those rules too, each a failure of its own.
    package static let brokenRules: [SampleBug: Set<String>] = [
        .removePreviousOnlyPrevious: [
            .navFlowRoot, .navPushRemovePrevious, .navPushStartNew, .navReplace,
        ],
        .removePreviousTopRun: [.navFlowRoot, .navPushRemovePrevious, .navPushStartNew, .navReplace],
        // A layer gone whole, or the layers below changed, is the removal's rule, not NAV-BASE's.
        .removePreviousAllLayers: [.navPushRemovePrevious, .navPushStartNew, .navReplace],
        .startNewWithoutRoot: [.navPushStartNew, .navReplace],
        .keepAlwaysRoot: [.navFlowRoot], .replaceHadBeforeRemoval: [.navFlowRoot],
        .baseRuleForgotten: [.navBase],
        .resetKeepsRoot: [.navReset], .popRootEmptiesStack: [.navPopRoot, .navStack],
        .popRootIgnored: [.navPopRoot], .presentAsPush: [.navPresent],
        .dismissWithNothingPresentedClears: [.navDismissRoot, .navStack], .dismissPopsOne: [.navDismiss],
        .popToBottomMost: [.navPopTo], .popToRootIgnoresProfile: [.navPopToRoot],
        .popToSearchesWholeStack: [.navPopToMissing], .behaviorReplaceAsKeep: [.navValidBehavior],
        .failedIdlePops: [.navFailedIdle], .unknownModeWrongReason: [.navValidMode],
        .confirmAppliedTwice: [.sesConfirm], .failedAfterReplaceWrongStack: [.navStack, .sesRollback],
        .optimisticPopAllowed: [.sesNotOptimistic], .noNavigationRollsBack: [.sesNoNavigation],
        .secondOptimisticAccepted: [.sesInFlight], .redirectWithoutRollback: [.sesRedirect],
        // A capacity bug shows under every mode that keeps the stack deep.
        .capacity16: [
            .navDismiss, .navFailedIdle, .navFlowRoot, .navPop, .navPopTo, .navPopToRoot,
            .navPresent, .navPushKeep, .navPushRemovePrevious, .navPushStartNew, .navReject,
            .navReplace, .sesRollback,
        ],
        .stackFullAt50: [
            .navPresent, .navPushKeep, .navPushRemovePrevious, .navPushStartNew, .sesOptimistic,
        ],
        .popToSearchesTop32: [.navPopTo],
        .removePreviousScansTop20: [.navFlowRoot, .navPushRemovePrevious, .navPushStartNew, .navReplace],
        .flowRootWindow10: [.navFlowRoot], .presentMax3Layers: [.navPresent], .popDeepRemovesTwo: [.navPop],
        .screenNamesCaseInsensitive: [.navPopTo, .navPopToMissing],
        .flowNamesCaseInsensitive: [.navFlowRoot, .navPushRemovePrevious, .navPushStartNew, .navReplace],
        .longNamesTruncated: [
            .navFlowRoot, .navPresent, .navPushKeep, .navPushRemovePrevious, .navPushStartNew,
            .navReplace, .navReset,
        ],
        .nonASCIINamesMangled: [
            .navFlowRoot, .navPresent, .navPushKeep, .navPushRemovePrevious, .navPushStartNew,
            .navReplace, .navReset,
        ],
        .nullFieldRejected: [.navIgnore], .pendingIDLowercased: [.sesOptimistic],
        .failedKeepsPending: [.sesSettle],
        // A wrong rollback before a redirect is the redirect's (the mode's own rule, asked again with nothing
        // pending, holds), and a wrong one on FAILED is the rollback's.
        .confirmByIDOnly: [.sesRedirect, .sesRollback], .staleRollbackSnapshot: [.sesRedirect, .sesRollback],
    ]

    /// The rules this mutant breaks.
    package var rules: Set<String> { Self.brokenRules[self] ?? [] }
}

extension DecoderBug {
    /// The rules each decoder mutant's run names, exactly, over all its failures (default settings, seed 1): each
    /// mutant breaks only its own rule, whatever else its counterexamples hold (a flow with no screen accepted because an
    /// unknown node became one). One exception, stated in Decoding.md: a mutant that drops a node, met where a repeat of
    /// its id follows with no node kept between, looks exactly like a decoder where the last of a repeated id wins, and
    /// the document cannot say which; the kit names DEC-DUPLICATE-NODE, a SHOULD, there.
    package static let brokenRules: [DecoderBug: Set<String>] = [
        .unknownComponentFailsScreen: [.decUnknownComponent, .decDuplicateNode],
        .unknownTypeDropsSiblings: [.decUnknownComponent],
        .unknownNodeKindBecomesScreen: [.decNodeUnknown], .unknownEdgeKindFailsFlow: [.decEdge],
        .chromeIgnored: [.decLegacyChrome], .majorSchemaVersionAccepted: [.decSchemaVersion],
        .malformedChildDropsParent: [.decMalformedChild], .emptyEntryRejected: [.decEntryEmpty],
        .unsupportedNodesDropped: [.decNodeUnsupported, .decDuplicateNode], .danglingEdgesKept: [.decEdge],
        .hideChromeIgnored: [.decLegacyOverrides], .stringSchemaVersionRejected: [.decSchemaVersion],
        .depthLimit64: [.decDepth], .depthOffByOne: [.decDepth],
        // The guard runs before the version gate: a resolve response it refuses gets the wrong error code.
        .depthCountsProps: [.decDepth],
        .variableUnknownTypeFailsFlow: [.decVariable], .variableUnknownLifecycleFailsFlow: [.decVariable],
        .listWithoutItemTypeKept: [.decVariable], .duplicateEdgeIDsKept: [.decDuplicateEdge],
        .edgeGuardFailsFlow: [.decEdge],
        // A dropped screen also hides a layout nested past the limit, so a flow decodes where the document is an error.
        .unknownScreenTypeDropsScreen: [.decDepth, .decScreenType, .decDuplicateNode],
        .contentVersionStringFails: [.decVersion], .schemaVersionPatchRejected: [.decSchemaVersion],
        .nonObjectZoneCounted: [.decZone], .resolveMissingFieldsRejected: [.decResolve],
        .conditionExpressionFailsFlow: [.decLogicNode], .migrationSingleStep: [.decMigrate],
        // Read as 1, a version above 8 runs every migration: each difference is the version's (a chip made a stack
        // where the reference keeps it unknown is not DEC-UNKNOWN-COMPONENT's).
        .hugeVersionTreatedAsMissing: [.decVersion],
        // Asked again with the surrogates written as U+FFFD, it decodes the document: the refusal is DEC-STRING's alone.
        .loneSurrogateRefused: [.decString],
    ]

    /// The rules this mutant breaks.
    package var rules: Set<String> { Self.brokenRules[self] ?? [] }
}
