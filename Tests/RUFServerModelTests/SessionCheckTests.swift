import JSON
import RUFServerModel
import RUFSpec
import Testing

/// A shop with a versioned component, a versioned action (old clients are sent to FORCE_UPDATE), declared errors,
/// metrics and a meta shape.
let shopSpec = """
    ruf: "1.0"
    versioning: semantic
    current_version: "2.2.0"
    meta:
      token?: string
      cartCount: number
      versions:
        "1.5.0":
          token?: string
          cartCount: boolean
    screens:
      HOME:
        flows: [DISCOVERY]
        components:
          - rel: banner
            behaviors:
              - name: VISIBLE
                locale:
                  title: string
                payload:
                  items: string[]
                  kind: "'a' | 'b'"
                mergeStrategy: APPEND
              - name: HIDDEN
            versions:
              "2.1.0":
                behaviors:
                  - name: VISIBLE
                    locale:
                      heading: string
                    payload: {}
        actions:
          - type: OPEN_CART
            navigates_to:
              - screen: CART
                flow:
                  name: CHECKOUT
                  behavior: START_NEW
            errors:
              E1:
                type: TOAST
                severity: ERROR
              F1:
                type: FORM_ERROR
                fields: [email]
            versions:
              "1.9.9":
                navigates_to:
                  - screen: FORCE_UPDATE
                    flow:
                      name: UPDATE
                      behavior: START_NEW
        metrics:
          screen:
            - rel: view
              type: FIREBASE
              name: home_view
              payload:
                source: string
      CART:
        flows: [CHECKOUT]
        components: []
        actions: []
      FORCE_UPDATE:
        components: []
        actions: []
    """

@Suite("A server's answers checked against its spec")
struct SessionCheckTests {
    static let spec = SpecReader { $0 == "app.ruf.yaml" ? shopSpec : nil }.spec(file: "app.ruf.yaml")

    private func rules(
        _ answer: String, version: String = "2.2.0",
        request: SessionCheck.Request = .action(screen: "HOME", type: "OPEN_CART")
    ) throws -> [String] {
        let check = SessionCheck(spec: Self.spec, clientVersion: version)
        return check.check(status: 200, body: try JSONParser.parse(answer), answering: request).map(\.rule)
    }

    private let ok = #""actionResult": {"type": "SUCCESS"}"#

    @Test("The spec reads clean, and a conforming answer to each request breaks nothing")
    func conforming() throws {
        #expect(Self.spec.problems.isEmpty, "\(Self.spec.problems)")
        #expect(
            try rules(
                #"{"currentScreen": "HOME", "screens": {"HOME": {"components": {"banner": {"behavior": "VISIBLE", "#
                    + #""locale": {"title": "Hi"}, "payload": {"items": ["x"], "kind": "a"}, "mergeStrategy": {"type": "APPEND"}}}, "#
                    + #""metrics": [{"rel": "view", "type": "FIREBASE", "name": "home_view", "payload": {"source": "s"}}]}}, "#
                    + #""meta": {"cartCount": 0, "version": 2}}"#, request: .create(screen: "HOME")) == [])
        #expect(
            try rules(
                #"{"currentScreen": "CART", "navigation": {"id": "n1", "mode": "PUSH", "screen": "CART", "#
                    + #""flow": {"name": "CHECKOUT", "behavior": "START_NEW"}}, \#(ok), "meta": {"token": null}}"#)
                == [])
        #expect(try rules(#"{"navigation": {"id": "n2", "mode": "POP"}, \#(ok)}"#) == [])
    }

    @Test(
        "Each departure is named by its own rule",
        arguments: [
            (#"[]"#, "SRV-SHAPE"),
            (#"{"screens": {"SHOP": {}}, \#(#""actionResult": {"type": "SUCCESS"}"#)}"#, "SRV-SCREEN-DECLARED"),
            (
                #"{"screens": {"HOME": {"components": {"footer": {"behavior": "VISIBLE"}}}}, "actionResult": {"type": "SUCCESS"}}"#,
                "SRV-COMPONENT-DECLARED"
            ),
            (
                #"{"screens": {"HOME": {"components": {"banner": {"behavior": "LOADING"}}}}, "actionResult": {"type": "SUCCESS"}}"#,
                "SRV-BEHAVIOR-DECLARED"
            ),
            (
                #"{"screens": {"HOME": {"components": {"banner": {"behavior": "VISIBLE", "locale": {"title": 1}, "payload": {"items": [], "kind": "a"}, "mergeStrategy": {"type": "APPEND"}}}}}, "actionResult": {"type": "SUCCESS"}}"#,
                "SRV-COMPONENT-TYPES"
            ),
            (
                #"{"screens": {"HOME": {"components": {"banner": {"behavior": "VISIBLE", "locale": {"title": "t"}, "payload": {"items": [], "kind": "a"}, "mergeStrategy": {"type": "REPLACE"}}}}}, "actionResult": {"type": "SUCCESS"}}"#,
                "SRV-MERGE-STRATEGY"
            ),
            (
                #"{"screens": {"HOME": {"components": {"banner": {"behavior": "HIDDEN", "payload": {"x": 1}}}}}, "actionResult": {"type": "SUCCESS"}}"#,
                "SRV-UNDECLARED-FIELD"
            ),
            (
                #"{"screens": {"HOME": {"metrics": [{"rel": "click", "type": "FIREBASE", "name": "c", "payload": {}}]}}, "actionResult": {"type": "SUCCESS"}}"#,
                "SRV-METRIC-DECLARED"
            ),
            (#"{"navigation": {"mode": "POP"}, "actionResult": {"type": "SUCCESS"}}"#, "SRV-NAV-ID"),
            (
                #"{"navigation": {"id": "n", "mode": "POP", "screen": "HOME"}, "actionResult": {"type": "SUCCESS"}}"#,
                "SRV-NAV-VALID"
            ),
            (
                #"{"navigation": {"id": "n", "mode": "PUSH", "screen": "HOME", "flow": {"name": "DISCOVERY", "behavior": "KEEP"}}, "actionResult": {"type": "SUCCESS"}}"#,
                "SRV-NAV-DECLARED"
            ),
            (
                #"{"actionResult": {"type": "TOAST", "code": "E2", "severity": "ERROR"}, "navigation": {"id": "n", "mode": "FAILED"}}"#,
                "SRV-ACTION-RESULT"
            ),
            (#"{"actionResult": {"type": "TOAST", "code": "E1", "severity": "ERROR"}}"#, "SRV-NAV-FAILED"),
            (#"{"meta": {"cartCount": "3"}, "actionResult": {"type": "SUCCESS"}}"#, "SRV-META-PATCH"),
            (#"{"meta": {"cartCount": 1}}"#, "SRV-ACTION-RESULT-PRESENT"),
            (
                #"{"currentScreen": "HOME", "navigation": {"id": "n", "mode": "PUSH", "screen": "CART", "flow": {"name": "CHECKOUT", "behavior": "START_NEW"}}, "actionResult": {"type": "SUCCESS"}}"#,
                "SRV-CURRENT-FOLLOWS-NAV"
            ),
        ])
    func departures(answer: String, rule: String) throws {
        #expect(try rules(answer) == [rule], "\(answer)")
    }

    @Test("Versions: another version's variant is named by the resolution rule; an old client must be sent to update")
    func versions() throws {
        let old =
            #"{"screens": {"HOME": {"components": {"banner": {"behavior": "VISIBLE", "locale": {"heading": "h"}}}}}, \#(ok)}"#
        #expect(try rules(old, version: "2.0.5") == [], "2.0.5 resolves to the 2.1.0 variant")
        #expect(try rules(old, version: "2.1.1") == ["SRV-VERSION-RESOLUTION"], "2.1.1 is served the latest")
        #expect(try rules(old, version: "2.1.0+7") == [], "the build suffix is ignored")
        let toCart =
            #"{"navigation": {"id": "n", "mode": "PUSH", "screen": "CART", "flow": {"name": "CHECKOUT", "behavior": "START_NEW"}}, \#(ok)}"#
        #expect(try rules(toCart, version: "1.9.0") == ["SRV-FORCE-UPDATE"])
        #expect(try rules(#"{\#(ok)}"#, version: "1.9.9") == ["SRV-FORCE-UPDATE"])
        let toUpdate =
            #"{"navigation": {"id": "n", "mode": "RESET", "screen": "FORCE_UPDATE", "flow": {"name": "UPDATE", "behavior": "START_NEW"}}, \#(ok)}"#
        #expect(try rules(toUpdate, version: "1.9.0") == [])
        #expect(try rules(toUpdate, version: "2.2.0") == ["SRV-VERSION-RESOLUTION"])
    }

    @Test("Create: a currentScreen is required, a navigation allowed; a status other than 200 is a shape failure")
    func create() throws {
        #expect(try rules(#"{"screens": {}}"#, request: .create(screen: "HOME")) == ["SRV-CREATE-SCREEN"])
        #expect(
            try rules(
                #"{"currentScreen": "HOME", "navigation": {"id": "n", "mode": "PUSH", "screen": "HOME", "flow": {"name": "DISCOVERY", "behavior": "START_NEW"}}}"#,
                request: .create(screen: "HOME")) == [])
        let check = SessionCheck(spec: Self.spec, clientVersion: "2.2.0")
        #expect(check.check(status: 500, body: nil, answering: .create(screen: "HOME")).map(\.rule) == ["SRV-SHAPE"])
        let paths = check.check(
            status: 200, body: try JSONParser.parse(#"{"currentScreen": "HOME", "meta": {"cartCount": []}}"#),
            answering: .create(screen: "HOME")
        ).map(\.path)
        #expect(paths == ["$.meta.cartCount"])
    }

    @Test(
        "meta is checked against the shape the client's version resolves to; a patch of another version's is named so")
    func metaVersions() throws {
        #expect(Self.spec.meta?.versions.count == 1)
        let create = SessionCheck.Request.create(screen: "HOME")
        let answer = { (meta: String) in #"{"currentScreen": "HOME", "meta": {"cartCount": \#(meta)}}"# }
        #expect(try rules(answer("true"), version: "1.5.0", request: create) == [])
        #expect(try rules(answer("2"), version: "1.5.0", request: create) == ["SRV-VERSION-RESOLUTION"])
        #expect(try rules(answer("true"), request: create) == ["SRV-VERSION-RESOLUTION"])
        #expect(try rules(answer(#""2""#), version: "1.5.0", request: create) == ["SRV-META-PATCH"])
    }

    @Test("A FORM_ERROR's fields must be an object of field names")
    func formErrorFields() throws {
        let answer =
            #"{"actionResult": {"type": "FORM_ERROR", "code": "F1", "fields": ["email"]}, "#
            + #""navigation": {"id": "n", "mode": "FAILED"}}"#
        #expect(try rules(answer) == ["SRV-ACTION-RESULT"])
    }
}
