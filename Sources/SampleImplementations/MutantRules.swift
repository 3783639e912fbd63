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
            "NAV-FLOW-ROOT", "NAV-PUSH-REMOVE-PREVIOUS", "NAV-PUSH-START-NEW", "NAV-REPLACE",
        ],
        .removePreviousTopRun: ["NAV-FLOW-ROOT", "NAV-PUSH-REMOVE-PREVIOUS", "NAV-PUSH-START-NEW", "NAV-REPLACE"],
        // A layer gone whole, or the layers below changed, is the removal's rule, not NAV-BASE's.
        .removePreviousAllLayers: ["NAV-PUSH-REMOVE-PREVIOUS", "NAV-PUSH-START-NEW", "NAV-REPLACE"],
        .startNewWithoutRoot: ["NAV-PUSH-START-NEW", "NAV-REPLACE"],
        .keepAlwaysRoot: ["NAV-FLOW-ROOT"], .replaceHadBeforeRemoval: ["NAV-FLOW-ROOT"],
        .baseRuleForgotten: ["NAV-BASE"],
        .resetKeepsRoot: ["NAV-RESET"], .popRootEmptiesStack: ["NAV-POP-ROOT", "NAV-STACK"],
        .popRootIgnored: ["NAV-POP-ROOT"], .presentAsPush: ["NAV-PRESENT"],
        .dismissWithNothingPresentedClears: ["NAV-DISMISS-ROOT", "NAV-STACK"], .dismissPopsOne: ["NAV-DISMISS"],
        .popToBottomMost: ["NAV-POP-TO"], .popToRootIgnoresProfile: ["NAV-POP-TO-ROOT"],
        .popToSearchesWholeStack: ["NAV-POP-TO-MISSING"], .behaviorReplaceAsKeep: ["NAV-VALID-BEHAVIOR"],
        .failedIdlePops: ["NAV-FAILED-IDLE"], .unknownModeWrongReason: ["NAV-VALID-MODE"],
        .confirmAppliedTwice: ["SES-CONFIRM"], .failedAfterReplaceWrongStack: ["NAV-STACK", "SES-ROLLBACK"],
        .optimisticPopAllowed: ["SES-NOT-OPTIMISTIC"], .noNavigationRollsBack: ["SES-NO-NAVIGATION"],
        .secondOptimisticAccepted: ["SES-IN-FLIGHT"], .redirectWithoutRollback: ["SES-REDIRECT"],
        // A capacity bug shows under every mode that keeps the stack deep.
        .capacity16: [
            "NAV-DISMISS", "NAV-FAILED-IDLE", "NAV-FLOW-ROOT", "NAV-POP", "NAV-POP-TO", "NAV-POP-TO-ROOT",
            "NAV-PRESENT", "NAV-PUSH-KEEP", "NAV-PUSH-REMOVE-PREVIOUS", "NAV-PUSH-START-NEW", "NAV-REJECT",
            "NAV-REPLACE", "SES-ROLLBACK",
        ],
        .stackFullAt50: [
            "NAV-PRESENT", "NAV-PUSH-KEEP", "NAV-PUSH-REMOVE-PREVIOUS", "NAV-PUSH-START-NEW", "SES-OPTIMISTIC",
        ],
        .popToSearchesTop32: ["NAV-POP-TO"],
        .removePreviousScansTop20: ["NAV-FLOW-ROOT", "NAV-PUSH-REMOVE-PREVIOUS", "NAV-PUSH-START-NEW", "NAV-REPLACE"],
        .flowRootWindow10: ["NAV-FLOW-ROOT"], .presentMax3Layers: ["NAV-PRESENT"], .popDeepRemovesTwo: ["NAV-POP"],
        .screenNamesCaseInsensitive: ["NAV-POP-TO", "NAV-POP-TO-MISSING"],
        .flowNamesCaseInsensitive: ["NAV-FLOW-ROOT", "NAV-PUSH-REMOVE-PREVIOUS", "NAV-PUSH-START-NEW", "NAV-REPLACE"],
        .longNamesTruncated: [
            "NAV-FLOW-ROOT", "NAV-PRESENT", "NAV-PUSH-KEEP", "NAV-PUSH-REMOVE-PREVIOUS", "NAV-PUSH-START-NEW",
            "NAV-REPLACE", "NAV-RESET",
        ],
        .nonASCIINamesMangled: [
            "NAV-FLOW-ROOT", "NAV-PRESENT", "NAV-PUSH-KEEP", "NAV-PUSH-REMOVE-PREVIOUS", "NAV-PUSH-START-NEW",
            "NAV-REPLACE", "NAV-RESET",
        ],
        .nullFieldRejected: ["NAV-IGNORE"], .pendingIDLowercased: ["SES-OPTIMISTIC"],
        .failedKeepsPending: ["SES-SETTLE"],
        // A wrong rollback before a redirect is the redirect's (the mode's own rule, asked again with nothing
        // pending, holds), and a wrong one on FAILED is the rollback's.
        .confirmByIDOnly: ["SES-REDIRECT", "SES-ROLLBACK"], .staleRollbackSnapshot: ["SES-REDIRECT", "SES-ROLLBACK"],
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
        .unknownComponentFailsScreen: ["DEC-UNKNOWN-COMPONENT", "DEC-DUPLICATE-NODE"],
        .unknownTypeDropsSiblings: ["DEC-UNKNOWN-COMPONENT"],
        .unknownNodeKindBecomesScreen: ["DEC-NODE-UNKNOWN"], .unknownEdgeKindFailsFlow: ["DEC-EDGE"],
        .chromeIgnored: ["DEC-LEGACY-CHROME"], .majorSchemaVersionAccepted: ["DEC-SCHEMA-VERSION"],
        .malformedChildDropsParent: ["DEC-MALFORMED-CHILD"], .emptyEntryRejected: ["DEC-ENTRY-EMPTY"],
        .unsupportedNodesDropped: ["DEC-NODE-UNSUPPORTED", "DEC-DUPLICATE-NODE"], .danglingEdgesKept: ["DEC-EDGE"],
        .hideChromeIgnored: ["DEC-LEGACY-OVERRIDES"], .stringSchemaVersionRejected: ["DEC-SCHEMA-VERSION"],
        .depthLimit64: ["DEC-DEPTH"], .depthOffByOne: ["DEC-DEPTH"],
        // The guard runs before the version gate: a resolve response it refuses gets the wrong error code.
        .depthCountsProps: ["DEC-DEPTH"],
        .variableUnknownTypeFailsFlow: ["DEC-VARIABLE"], .variableUnknownLifecycleFailsFlow: ["DEC-VARIABLE"],
        .listWithoutItemTypeKept: ["DEC-VARIABLE"], .duplicateEdgeIDsKept: ["DEC-DUPLICATE-EDGE"],
        .edgeGuardFailsFlow: ["DEC-EDGE"],
        // A dropped screen also hides a layout nested past the limit, so a flow decodes where the document is an error.
        .unknownScreenTypeDropsScreen: ["DEC-DEPTH", "DEC-SCREEN-TYPE", "DEC-DUPLICATE-NODE"],
        .contentVersionStringFails: ["DEC-VERSION"], .schemaVersionPatchRejected: ["DEC-SCHEMA-VERSION"],
        .nonObjectZoneCounted: ["DEC-ZONE"], .resolveMissingFieldsRejected: ["DEC-RESOLVE"],
        .conditionExpressionFailsFlow: ["DEC-LOGIC-NODE"], .migrationSingleStep: ["DEC-MIGRATE"],
        // Read as 1, a version above 8 runs every migration: each difference is the version's (a chip made a stack
        // where the reference keeps it unknown is not DEC-UNKNOWN-COMPONENT's).
        .hugeVersionTreatedAsMissing: ["DEC-VERSION"],
        // Asked again with the surrogates written as U+FFFD, it decodes the document: the refusal is DEC-STRING's alone.
        .loneSurrogateRefused: ["DEC-STRING"],
    ]

    /// The rules this mutant breaks.
    package var rules: Set<String> { Self.brokenRules[self] ?? [] }
}
