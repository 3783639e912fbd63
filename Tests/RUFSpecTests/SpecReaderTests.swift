import Foundation
import RUFSpec
import Testing

@Suite("Reading RUF specs in the published format")
struct SpecReaderTests {
    @Test("The single-file sample: every construct read, counted, and no errors")
    func singleFile() throws {
        let shop = sample("shop.ruf.yaml")
        #expect(!SpecLinter.lint(shop).contains { $0.severity == .error }, "\(SpecLinter.lint(shop))")
        #expect(shop.counts.description == "7 screens, 8 components, 14 actions, 15 navigations, 5 metrics, 7 versions")
        #expect(shop.ruf?.value == "1.0" && shop.versioningFormat == .semantic && shop.currentVersion?.value == "2.2.1")
        #expect(shop.flows == ["DISCOVERY", "CHECKOUT", "AUTH"])
        let product = try #require(shop.screens.first { $0.name == "PRODUCT" })
        #expect(product.params?.syntax == "{ productId: string; referrer?: string }")
        #expect(product.defaultTransition?.value == "RIGHT_TO_LEFT")
        #expect(product.components.map { $0.rel?.value } == ["appbar", "price"])
        #expect(product.components[0].path == "shared.components.appbar", "a $ref resolves to the shared definition")
        #expect(product.actions.map { $0.type?.value } == ["RELATED_PRODUCT", "ADD_TO_CART", "GO_HOME"])
        let addToCart = product.actions[1]
        #expect(addToCart.errors.map { "\($0.code.value) \($0.type?.value ?? "") \($0.severity?.value ?? "")" } == [
            "EB010 TOAST ERROR"
        ])
        #expect(addToCart.versions.map(\.key.value) == ["1.9.0"])
        #expect(addToCart.versions[0].construct.type?.value == "ADD_TO_CART", "a version keeps the action's type")
        #expect(addToCart.versions[0].construct.navigatesTo.map(\.action) == ["PRODUCT.ADD_TO_CART@1.9.0"])
        #expect(product.navigationMetrics.map { $0.rel?.value } == ["screen_view"])
        #expect(product.screenMetrics.map { $0.name?.value } == ["view_item"])
        let home = try #require(shop.screens.first { $0.name == "HOME" })
        let list = home.components[1].behaviors[0]
        #expect(list.mergeStrategy?.value == "APPEND" && list.payload?.syntax == "{ items: ProductItem[]; hasMore: boolean }")
        #expect(home.actions[3].navigatesTo.map(\.action) == ["HOME.SIGN_IN"], "a shared action is named by its screen")
        let checkout = try #require(shop.screens.first { $0.name == "CHECKOUT" })
        #expect(checkout.actions[0].errors.first { $0.code.value == "EV010" }?.fields.map(\.value) == [
            "payment_method", "address",
        ])
        #expect(shop.meta?.shape.syntax.contains("platform: 'ios' | 'android' | 'web'") == true)
        #expect(shop.meta?.versions.map(\.key.value) == ["1.0.0", "2.0.0"])
        #expect(shop.sharedComponents.map(\.key) == ["appbar"] && shop.sharedMetrics.map(\.key) == ["screen_view"])
    }

    @Test("The split sample reads to the same screens, navigations and counts as the single file")
    func splitAcrossFiles() {
        let single = sample("shop.ruf.yaml"), split = sample("split/app.ruf.yaml")
        #expect(split.counts == single.counts)
        #expect(split.screens.map(\.name) == single.screens.map(\.name))
        #expect(split.navigations.map(\.action) == single.navigations.map(\.action))
        #expect(split.navigations.map { $0.screen?.value } == single.navigations.map { $0.screen?.value })
        #expect(split.screens[0].location.file == "split/app.ruf.yaml")
        #expect(split.screens[0].components[1].location.file == "split/screens/home.ruf.yaml")
        #expect(SpecLinter.lint(split).map(\.rule) == SpecLinter.lint(single).map(\.rule))
    }

    @Test("The kit's former mapping form is an error naming the list form; nothing of it is counted as read")
    func oldMappingForm() throws {
        let old = spec([
            "app.ruf.yaml": """
                ruf: "1.0"
                screens:
                  HOME:
                    flows: [MAIN]
                    components:
                      title: { type: text }
                    actions:
                      open:
                        type: tap
                        navigates_to:
                          - screen: HOME
                            flow: { name: MAIN, behavior: REPLACE }

                """
        ])
        let findings = SpecLinter.lint(old)
        let actions = try #require(findings.first { $0.path == "screens.HOME.actions" })
        #expect(actions.rule == "SPEC-KIND" && actions.severity == .error && actions.location.line == 8)
        #expect(actions.message.contains("must be a list of entries (- type: ADD_TO_CART"))
        #expect(actions.message.contains("this is a mapping keyed by name"))
        #expect(findings.contains { $0.path == "screens.HOME.components" && $0.rule == "SPEC-KIND" })
        #expect(old.counts.actions == 0 && old.counts.navigations == 0)
    }

    @Test("Keys the reference does not define are warnings with their path; wrong kinds are errors")
    func unknownKeysAndKinds() {
        let findings = SpecLinter.lint(
            edited([
                ("    flows: [MAIN]\n    components: []", "    flows: MAIN\n    colour: blue\n    components: []"),
                ("ruf: \"1.0\"", "ruf: \"1.0\"\ntypes:\n  Item: { id: string }"),
                ("      type: FIREBASE", "      type: [FIREBASE]"),
            ]))
        let described = findings.map { "\($0.rule) \($0.severity.rawValue) \($0.path) \($0.location.line)" }
        #expect(described.contains("SPEC-UNKNOWN-KEY warning types 2"))
        #expect(described.contains("SPEC-UNKNOWN-KEY warning screens.DETAIL.colour 64"))
        #expect(described.contains("SPEC-KIND error screens.DETAIL.flows 63"))
        #expect(described.contains("SPEC-KIND error shared.metrics.view.type 27"))
        #expect(!described.contains { $0.hasPrefix("SPEC-REQUIRED") }, "a wrong kind is not also a missing field")
    }

    @Test("$ref: cyclic, outside the folder, a wrong section, a file from a list, a spec root as a screen")
    func references() {
        func messages(_ spec: Spec) -> [String] {
            SpecLinter.lint(spec).filter { $0.rule == "SPEC-REF" }.map(\.message)
        }
        let cyclic = edited([
            ("  actions:\n    go_home:", "  actions:\n    a: { $ref: '#/shared/actions/b' }\n    b: { $ref: '#/shared/actions/a' }\n    go_home:")
        ])
        #expect(messages(cyclic).contains { $0.contains("is cyclic: #/shared/actions/a → #/shared/actions/b → #/shared/actions/a") })
        let outside = edited([(detail, "  DETAIL:\n    $ref: '../../etc/passwd'\n")])
        #expect(messages(outside).contains { $0.contains("leaves the spec's folder") })
        let section = edited([("'#/shared/actions/go_home'", "'#/shared/components/appbar'")])
        #expect(messages(section).contains { $0.contains("names shared components where an action is expected") })
        let file = edited([("'#/shared/actions/go_home'", "'./actions.ruf.yaml'")])
        #expect(messages(file).contains { $0.contains("only screens can live in other files") })
        let root = edited([(detail, "  DETAIL:\n    $ref: './app.ruf.yaml'\n")])
        #expect(messages(root).contains { $0.contains("whose root is not a screen definition (it has ruf") })
        let missing = edited([(detail, "  DETAIL:\n    $ref: './detail.ruf.yaml'\n")])
        #expect(messages(missing).contains { $0.contains("the file detail.ruf.yaml does not exist") })
        let fragment = edited([(detail, "  DETAIL:\n    $ref: './detail.ruf.yaml#/x'\n")])
        #expect(messages(fragment).contains { $0.contains("with no '#' part") })
    }

    @Test("A YAML error in a screen file is reported there; the rest of the spec is still read")
    func yamlError() {
        let broken = edited(
            [(detail, "  DETAIL:\n    $ref: './detail.ruf.yaml'\n")], files: ["detail.ruf.yaml": "flows: [A\n"])
        let problem = SpecLinter.lint(broken).first { $0.rule == "SPEC-YAML" }
        #expect(problem?.location.file == "detail.ruf.yaml" && problem?.location.line == 1)
        #expect(broken.screens.map(\.name) == ["HOME", "DETAIL"] && broken.screens[0].actions.count == 1)
    }

    @Test("A client version gets each action's variant by the page's resolution algorithm")
    func clientVersionNavigations() {
        let shop = sample("shop.ruf.yaml")
        func actions(_ version: String) -> [String] {
            shop.navigations(clientVersion: version, versioning: .semantic).map(\.action).filter {
                $0.contains("ADD_TO_CART") || $0.contains("PLACE_ORDER")
            }
        }
        #expect(actions("1.9.0") == ["PRODUCT.ADD_TO_CART@1.9.0", "CHECKOUT.PLACE_ORDER@2.1.9"])
        #expect(actions("1.2.0+7") == ["PRODUCT.ADD_TO_CART@1.9.0", "CHECKOUT.PLACE_ORDER@2.1.9"])
        #expect(actions("2.1.9") == ["PRODUCT.ADD_TO_CART", "CHECKOUT.PLACE_ORDER@2.1.9"])
        #expect(actions("2.2.1") == ["PRODUCT.ADD_TO_CART", "CHECKOUT.PLACE_ORDER"])
    }

    @Test("A trial's findings: one entry without its dash, a shared action named twice, paths, field names")
    func trialFindings() throws {
        let dashless = SpecLinter.lint(
            edited([("navigates_to:\n          - screen: DETAIL", "navigates_to:\n            screen: DETAIL")]))
        #expect(dashless.contains { $0.rule == "SPEC-KIND" && $0.message.contains("a single entry written without its \"- \"") })
        let twice = SpecLinter.lint(edited([(detail, detail + "      - $ref: '#/shared/actions/go_home'\n")]))
        let duplicate = try #require(twice.first { $0.rule == "SPEC-DUPLICATE-ACTION" })
        #expect(duplicate.path == "screens.DETAIL.actions[1]" && duplicate.location.line == 65, "\(duplicate)")
        #expect(duplicate.message.contains("(first at line 64)"))
        let names = SpecLinter.lint(edited([("  token?: string", "  token?: string\n  k??: string\n  \"l m\": string")]))
        #expect(names.filter { $0.rule == "SPEC-TYPE" }.map(\.path) == ["meta[\"k??\"]", "meta[\"l m\"]"])
        let versions = SpecLinter.lint(edited([("\"1.5.0\":", "\"010\":")]))
        #expect(versions.contains { $0.path == "screens.HOME.actions[0].versions[\"010\"]" })
        let duplicateScreen = SpecLinter.lint(edited([(detail, detail + detail)])).map(\.rule)
        #expect(duplicateScreen.contains("SPEC-DUPLICATE-SCREEN") && !duplicateScreen.contains("SPEC-DUPLICATE-KEY"))
        #expect(edited([(detail, detail + detail)]).counts.screens == 2)
        let badStrategy = SpecLinter.lint(edited([("mergeStrategy: APPEND", "mergeStrategy: NOPE"), ("items: string[]", "items: string")]))
        #expect(badStrategy.map(\.rule).contains("SPEC-MERGE-STRATEGY") && !badStrategy.map(\.rule).contains("SPEC-MERGE-LIST"))
    }
}
