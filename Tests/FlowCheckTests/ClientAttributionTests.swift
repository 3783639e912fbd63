@testable import FlowCheckClientSuite
import FlowCheckSuites
import JSON
import NavigationModel
import RUFClientModel
import SampleImplementations
import Testing

@testable import FlowCheckEngine

/// The client suite's attribution where one bug shows in several ways, and its folding of two responses into one.
@Suite struct ClientAttributionTests {
    typealias Inputs = SampleClientTests

    /// The rules the first differing observation breaks, the sample client with `bug` against the reference.
    static func firstBroken(_ inputs: [ClientInput], bug: ClientBug) throws -> [String] {
        var reference = try ReferenceClient(stack: Inputs.home, profile: .owned)
        let client = SampleClient(bug: bug, queueing: .fifo)
        try client.reset(to: Inputs.home, profile: .owned)
        var comparison = ClientComparison()
        for input in inputs {
            let before = reference
            let expected = reference.apply(input)
            let actual = comparison.normalized(try client.apply(input))
            let rules = ClientComparison.brokenRules(expected: expected, actual: actual, input: input, before: before)
            if !rules.isEmpty { return rules }
        }
        return []
    }

    static let appbar = #"{"behavior": "VISIBLE", "payload": {"showBack": false}}"#

    @Test(
        "A cache keyed by rel alone is named RUF-CACHE-KEY however it shows",
        arguments: [
            // One response, the same rel on two screens: the later one takes the earlier one's entry.
            [
                Inputs.response(
                    #"{"screens": {"HOME": {"components": {"appbar": \#(appbar)}}, "#
                        + #""DETAIL": {"components": {"appbar": {"behavior": "HIDDEN"}}}}}"#)
            ],
            // Besides it, a component with an unknown behavior lost the same way: one cause, one rule.
            [
                Inputs.response(
                    #"{"screens": {"DETAIL": {"components": {"appbar": {"behavior": "HIDDEN"}, "#
                        + #""cart": {"behavior": "SPARKLE"}}}, "HOME": {"components": {"appbar": \#(appbar), "#
                        + #""cart": {"behavior": "VISIBLE"}}}}}"#)
            ],
            // An optimistic update of one screen's rel takes another screen's entry, which is no rollback.
            [
                Inputs.response(#"{"screens": {"HOME": {"components": {"appbar": \#(appbar)}}}}"#),
                Inputs.action(update: (screen: "LIST", rel: "appbar", component: #"{"behavior": "HIDDEN"}"#)),
            ],
            // The waiting action's optimistic update, sent by a response, does the same: no queueing bug.
            [
                Inputs.action(), Inputs.action(update: (screen: "HOME", rel: "appbar", component: appbar)),
                Inputs.response(
                    #"{"screens": {"HOME": {"components": {"appbar": \#(appbar)}}, "#
                        + #""DETAIL": {"components": {"appbar": {"behavior": "HIDDEN"}}}}}"#),
            ],
        ])
    func cacheKeyedByRel(inputs: [ClientInput]) throws {
        #expect(try Self.firstBroken([Inputs.create()] + inputs, bug: .cacheKeyedByRel) == ["RUF-CACHE-KEY"])
    }

    @Test("Near misses: dropped screens, and an unknown strategy with no other screen's rel, keep their own rules")
    func nearMisses() throws {
        let cached = Inputs.response(
            #"{"screens": {"HOME": {"components": {"appbar": \#(Self.appbar), "banner": {"behavior": "VISIBLE"}}}}}"#)
        let other = Inputs.response(#"{"screens": {"LIST": {"components": {"appbar": {"behavior": "HIDDEN"}}}}}"#)
        #expect(
            try Self.firstBroken([Inputs.create(), cached, Inputs.action(), other], bug: .partialClearsCache)
                == ["RUF-PARTIAL"])
        let upsert = Inputs.response(
            #"{"screens": {"HOME": {"components": {"appbar": {"behavior": "HIDDEN", "mergeStrategy": "UPSERT"}}}}}"#)
        #expect(try Self.firstBroken([Inputs.create(), upsert], bug: .unknownStrategyFails) == ["RUF-LENIENT"])
    }

    static let push = #"{"mode": "PUSH", "id": "n1", "screen": "LIST", "flow": {"name": "MAIN", "behavior": "KEEP"}}"#

    @Test("A difference that follows from one cause across the observation is named by that cause")
    func wholeObservationCauses() throws {
        let toggle = (screen: "HOME", rel: "toggle", component: #"{"behavior": "VISIBLE", "payload": {"on": true}}"#)
        // A rejection that takes the whole cache back drops a replaced component and a MATCH list alike: one rule.
        let rejected = Inputs.response(
            #"{"actionResult": {"type": "ERROR"}, "screens": {"HOME": {"components": {"banner": {"payload": 2}, "#
                + #""list": {"mergeStrategy": "MATCH", "payload": {"items": [{"id": 1}]}}}}}}"#)
        #expect(
            try Self.firstBroken(
                [Inputs.create(), Inputs.action(update: toggle), Inputs.response("{}"), rejected],
                bug: .wholeCacheRolledBack)
                == ["RUF-COMPONENT-ROLLBACK"])
        // A POP applied when a response lets its action go, another action waiting behind it.
        let pop = #"{"mode": "POP", "id": "n2"}"#
        let pushed = Inputs.response(#"{"navigation": \#(Self.push)}"#)
        #expect(
            try Self.firstBroken(
                [Inputs.create(), Inputs.action(navigation: pop), Inputs.action(), pushed], bug: .optimisticPopApplied)
                == ["RUF-NO-OPTIMISTIC-POP"])
        // The newest action sent first, when the one due would only have tried (and been refused) a POP.
        #expect(
            try Self.firstBroken(
                [Inputs.create(), Inputs.action(navigation: pop), Inputs.action(), Inputs.response("{}")],
                bug: .queueNewestFirst) == ["RUF-QUEUE"])
        // FAILED left unrolled while the next action's POP waits: the rollback, not the POP.
        let optimisticPush = Inputs.action(navigation: Self.push)
        #expect(
            try Self.firstBroken(
                [
                    Inputs.create(), optimisticPush, Inputs.action(navigation: pop), Inputs.response("{}"),
                    Inputs.response(#"{"navigation": {"mode": "FAILED", "id": "n1"}}"#),
                ], bug: .failedNoRollback)
                == ["RUF-ROLLBACK"])
    }

    @Test("navigationMetrics fired among the loaded screens' metrics are RUF-NAV-METRICS, not the processing order")
    func navigationMetricsMoved() throws {
        let detail = #"{"mode": "PUSH", "id": "n1", "screen": "DETAIL", "flow": {"name": "MAIN", "behavior": "KEEP"}}"#
        let home = #"{"mode": "PUSH", "id": "n2", "screen": "HOME", "flow": {"name": "MAIN", "behavior": "KEEP"}}"#
        let loaded = Inputs.response(
            #"{"screens": {"HOME": {"components": {}, "metrics": [{"name": "view"}]}, "#
                + #""DETAIL": {"components": {}, "navigationMetrics": [{"name": "screen_view"}]}}}"#)
        let inputs = [
            Inputs.create(), Inputs.action(navigation: detail), Inputs.response(#"{"navigation": \#(home)}"#), loaded,
        ]
        #expect(try Self.firstBroken(inputs, bug: .navigationMetricsOnLoad) == ["RUF-NAV-METRICS"])
    }

    @Test("Two responses fold into one: meta shallow, screens and components by key in their order, the rest later's")
    func responsesFold() throws {
        let earlier = RUFSession(
            json: Inputs.json(
                #"{"meta": {"a": 1, "user": {"id": 1}}, "screens": {"HOME": {"components": {"x": {"payload": 1}, "#
                    + #""y": {"payload": 2}}, "metrics": [1]}, "LIST": {"components": {}}}, "actionResult": "#
                    + #"{"type": "SUCCESS"}}"#))
        let later = RUFSession(
            json: Inputs.json(
                #"{"meta": {"user": {"tier": "gold"}, "b": 2}, "screens": {"DETAIL": {"components": {}}, "#
                    + #""HOME": {"components": {"y": {"payload": 3}, "z": {"payload": 4}}}}, "#
                    + #""navigation": {"mode": "POP", "id": "n1"}}"#))
        let merged = try #require(ResponseMerge.merged(earlier, later))
        let expected = Inputs.json(
            #"{"meta": {"a": 1, "user": {"tier": "gold"}, "b": 2}, "screens": {"HOME": {"components": "#
                + #"{"x": {"payload": 1}, "y": {"payload": 3}, "z": {"payload": 4}}, "metrics": [1]}, "#
                + #""LIST": {"components": {}}, "DETAIL": {"components": {}}}, "actionResult": {"type": "SUCCESS"}, "#
                + #""navigation": {"mode": "POP", "id": "n1"}}"#)
        #expect(merged.json == expected)
        #expect(merged.screens.map(\.name) == ["HOME", "LIST", "DETAIL"])
    }
}
