import Foundation
import Testing
import RUFSpec

let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Corpus/specs")

/// Reads a spec from the repository's Corpus/specs folder.
func sample(_ file: String) -> Spec {
    SpecReader { try? String(contentsOf: specs.appendingPathComponent($0), encoding: .utf8) }.spec(file: file)
}

/// Reads a spec from files held in memory.
func spec(_ files: [String: String], root: String = "app.ruf.yaml") -> Spec {
    SpecReader { files[$0] }.spec(file: root)
}

/// A one-screen-per-line spec around the given screens block.
func app(_ screens: String) -> [String: String] { ["app.ruf.yaml": "ruf: \"1.0\"\nscreens:\n" + screens] }

func rules(_ spec: Spec) -> [String] { SpecLinter.lint(spec).map(\.rule) }

@Suite("RUF specs")
struct SpecTests {
    @Test("The single-file sample: screens, flows, shared items, navigations with version overrides, and no errors")
    func singleFile() throws {
        let shop = sample("shop.ruf.yaml")
        #expect(shop.ruf == "1.0")
        #expect(
            shop.screens.map(\.name) == [
                "HOME", "PRODUCT", "CART", "CHECKOUT", "ORDER_CONFIRMATION", "SIGN_IN", "SIGN_UP",
            ])
        #expect(shop.flows == ["DISCOVERY", "CHECKOUT", "AUTH"])
        #expect(shop.shared["actions"] == ["go_home", "sign_in"])
        #expect(shop.navigations.contains { $0.action == "PRODUCT.add_to_cart@1.9.0" && $0.behavior == "START_NEW" })
        #expect(
            shop.navigations.contains { $0.action == "HOME.account" && $0.screen == "SIGN_IN" },
            "a local $ref is resolved")
        let problems = SpecLinter.lint(shop)
        #expect(problems.allSatisfy { $0.severity == .warning && $0.rule == "SPEC-FLOW" }, "\(problems)")
    }

    @Test("The split sample reads to the same screens and navigations as the single file")
    func splitAcrossFiles() {
        let split = sample("split/shop.ruf.yaml")
        #expect(split.problems.isEmpty, "\(split.problems)")
        #expect(split.screens.map(\.name) == ["HOME", "PRODUCT", "CART", "CHECKOUT", "ORDER_CONFIRMATION", "SIGN_IN"])
        #expect(split.screens.first { $0.name == "PRODUCT" }?.params == ["sku"])
        let account = split.navigations.first { $0.action == "HOME.account" }
        #expect(
            account?.screen == "SIGN_IN" && account?.location.file == "split/shop.ruf.yaml",
            "a $ref into another file keeps that file's positions")
        #expect(SpecLinter.lint(split).filter { $0.severity == .error }.isEmpty)
    }

    @Test("SPEC-BEHAVIOR: behavior REPLACE (as a published example uses) is an error at its line; KEEP is fine")
    func behavior() throws {
        let bad = spec(
            app(
                "  HOME:\n    flows: [MAIN]\n    actions:\n      go:\n        navigates_to:\n          - screen: HOME\n            flow: { name: MAIN, behavior: REPLACE }\n"
            ))
        let problem = try #require(SpecLinter.lint(bad).first { $0.rule == "SPEC-BEHAVIOR" })
        #expect(problem.severity == .error)
        #expect(problem.location == SpecLocation(file: "app.ruf.yaml", line: 9, column: 43), "\(problem.location)")
        let good = spec(
            app(
                "  HOME:\n    flows: [MAIN]\n    actions:\n      go:\n        navigates_to:\n          - screen: HOME\n            flow: { name: MAIN, behavior: KEEP }\n"
            ))
        #expect(rules(good).isEmpty)
    }

    @Test("SPEC-SCREEN: a navigates_to screen that is not declared")
    func screen() {
        let body =
            "    flows: [MAIN]\n    actions:\n      go:\n        navigates_to:\n          - screen: %@\n            flow: { name: MAIN, behavior: KEEP }\n"
        #expect(rules(spec(app("  HOME:\n" + body.replacingOccurrences(of: "%@", with: "NOWHERE")))) == ["SPEC-SCREEN"])
        #expect(rules(spec(app("  HOME:\n" + body.replacingOccurrences(of: "%@", with: "HOME")))).isEmpty)
    }

    @Test("SPEC-FLOW: a flow not among the target's flows is a warning, not an error")
    func flow() {
        let body =
            "    flows: [MAIN]\n    actions:\n      go:\n        navigates_to:\n          - screen: HOME\n            flow: { name: %@, behavior: KEEP }\n"
        let warned = SpecLinter.lint(spec(app("  HOME:\n" + body.replacingOccurrences(of: "%@", with: "AUTH"))))
        #expect(warned.map(\.rule) == ["SPEC-FLOW"] && warned[0].severity == .warning)
        #expect(rules(spec(app("  HOME:\n" + body.replacingOccurrences(of: "%@", with: "MAIN")))).isEmpty)
    }

    @Test("SPEC-SCREEN-NAME; a screen declared twice is a duplicate key (SPEC-YAML, both lines); SPEC-SCREENS")
    func screenNames() {
        let duplicate = spec(app("  HOME:\n    flows: [A]\n  HOME:\n    flows: [B]\n"))
        #expect(rules(duplicate) == ["SPEC-YAML"])
        #expect(SpecLinter.lint(duplicate)[0].location.line == 5)
        #expect(SpecLinter.lint(duplicate)[0].message.contains("first at line 3"))
        #expect(rules(SpecReader { _ in "ruf: \"1\"\n" }.spec(file: "empty.ruf.yaml")) == ["SPEC-SCREENS"])
        #expect(
            rules(
                spec(
                    app(
                        "  productDetail:\n    flows: [A]\n  Product_Detail:\n    flows: [A]\n  ORDER__DONE:\n    flows: [A]\n"
                    ))) == ["SPEC-SCREEN-NAME", "SPEC-SCREEN-NAME", "SPEC-SCREEN-NAME"])
        #expect(rules(spec(app("  PRODUCT_DETAIL:\n    flows: [A]\n  STEP_2:\n    flows: [A]\n"))).isEmpty)
    }

    @Test("SPEC-REF: unresolved, missing file, cyclic and outside the folder; a good reference is fine")
    func references() {
        let unresolved = spec(app("  HOME:\n    actions:\n      go: { $ref: '#/shared/actions/nope' }\n"))
        #expect(SpecLinter.lint(unresolved).contains { $0.rule == "SPEC-REF" && $0.message.contains("names nothing") })
        let missing = spec(app("  HOME: { $ref: './screens/home.ruf.yaml' }\n"))
        #expect(SpecLinter.lint(missing).contains { $0.rule == "SPEC-REF" && $0.message.contains("does not exist") })
        let cyclic = spec([
            "app.ruf.yaml": "screens:\n  HOME: { $ref: './a.ruf.yaml' }\n", "a.ruf.yaml": "$ref: './b.ruf.yaml'\n",
            "b.ruf.yaml": "$ref: './a.ruf.yaml'\n",
        ])
        #expect(SpecLinter.lint(cyclic).contains { $0.rule == "SPEC-REF" && $0.message.contains("cyclic") })
        let outside = spec(app("  HOME: { $ref: '../../etc/passwd' }\n"))
        #expect(
            SpecLinter.lint(outside).contains {
                $0.rule == "SPEC-REF" && $0.message.contains("leaves the spec's folder")
            })
        let good = spec([
            "app.ruf.yaml":
                "shared:\n  actions:\n    home:\n      navigates_to:\n        - screen: HOME\n          flow: { name: A, behavior: KEEP }\nscreens:\n  HOME: { $ref: './s/home.ruf.yaml' }\n",
            "s/home.ruf.yaml": "flows: [A]\nactions:\n  again: { $ref: '../app.ruf.yaml#/shared/actions/home' }\n",
        ])
        #expect(rules(good).isEmpty)
        #expect(good.navigations.map(\.screen) == ["HOME"])
    }

    @Test("SPEC-YAML: a YAML error is reported with its file, line and column; the rest is still read")
    func yamlError() {
        let broken = spec([
            "app.ruf.yaml": "screens:\n  HOME: { $ref: './home.ruf.yaml' }\n  CART:\n    flows: [A]\n",
            "home.ruf.yaml": "flows: [A\n",
        ])
        let problem = SpecLinter.lint(broken).first { $0.rule == "SPEC-YAML" }
        #expect(problem?.location.file == "home.ruf.yaml" && problem?.location.line == 1)
        #expect(broken.screens.map(\.name) == ["HOME", "CART"])
        #expect(rules(spec(["app.ruf.yaml": "screens:\n  HOME:\n    flows: [A]\n"])).isEmpty)
    }
}
