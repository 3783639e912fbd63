import Foundation
import RUFSpec
import Testing

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

/// The rule IDs of every finding, in order of place.
func rules(_ spec: Spec) -> [String] { SpecLinter.lint(spec).map(\.rule) }

/// A small spec that uses every construct and lints clean; the lint rule cases edit it.
let cleanSpec = """
    ruf: "1.0"
    versioning: semantic
    current_version: "2.0.0"
    meta:
      token?: string
    shared:
      components:
        appbar:
          rel: appbar
          behaviors:
            - name: VISIBLE
              locale:
                title: string
      actions:
        go_home:
          type: GO_HOME
          navigates_to:
            - screen: HOME
              flow:
                name: MAIN
                behavior: START_NEW
      metrics:
        view:
          rel: view
          type: FIREBASE
          name: screen_view
          payload:
            screen: string
    screens:
      HOME:
        flows: [MAIN]
        components:
          - $ref: '#/shared/components/appbar'
          - rel: list
            behaviors:
              - name: VISIBLE
                payload:
                  items: string[]
                mergeStrategy: APPEND
        actions:
          - type: OPEN
            navigates_to:
              - screen: DETAIL
                transition: RIGHT_TO_LEFT
                flow:
                  name: MAIN
                  behavior: KEEP
            errors:
              E1:
                type: TOAST
                severity: ERROR
            versions:
              "1.0.0":
                navigates_to: []
              "1.5.0":
                navigates_to: []
        metrics:
          navigation:
            - $ref: '#/shared/metrics/view'
      DETAIL:
        flows: [MAIN]
        components: []
        actions:
          - $ref: '#/shared/actions/go_home'

    """

/// `cleanSpec` with each `(old, new)` replaced once (the old text must be there) and extra files beside it.
func edited(_ edits: [(String, String)], files: [String: String] = [:]) -> Spec {
    var text = cleanSpec
    for (old, new) in edits {
        guard let range = text.range(of: old) else {
            Issue.record("the clean spec has no \(old)")
            continue
        }
        text.replaceSubrange(range, with: new)
    }
    return spec(files.merging(["app.ruf.yaml": text]) { _, root in root })
}
