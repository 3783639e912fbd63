import FlowCheck
import Foundation
import Testing

@Suite("The facade's names beside an SDK's own")
struct SDKNamesTests {
    /// The type names a navigation, RUF or flow SDK commonly declares (a new user's build once failed with
    /// "'Navigator' is ambiguous"). Beside `import FlowCheck` an SDK's own name shadows the kit's, so a clash would
    /// not stop the build: it would silently turn the adapter's `Entry` into the SDK's. Hence this check.
    static let usualSDKNames: Set<String> = [
        "Navigator", "Router", "Route", "Entry", "Screen", "Stack", "Session", "SessionResponse", "Command", "Reply",
        "Mode", "Profile", "Outcome", "Directive", "Behavior", "Presentation", "Feature", "Observation", "UserAction",
        "Action", "MergeStrategy", "MetricPoint", "Metric", "Event", "Component", "Flow", "FlowDecoder", "DecodeError",
        "Verdict", "Count", "Node", "Edge", "Variable", "State", "Result", "Error",
    ]

    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The modules `import FlowCheck` re-exports, read from the facade's source.
    private func facadeModules() throws -> [String] {
        let facade = try String(
            contentsOf: root.appendingPathComponent("Sources/FlowCheck/FlowCheck.swift"), encoding: .utf8)
        return facade.matches(of: /@_exported import (\w+)/).map { String($0.1) }
    }

    /// A target's source folder: its `path:` in Package.swift, or `Sources/<name>`.
    private func folder(of module: String, manifest: String) -> URL {
        let declared = manifest.matches(of: /name: "(\w+)",[^)]*?path: "([^"]+)"/).first { $0.1 == module }
        return root.appendingPathComponent(declared.map { String($0.2) } ?? "Sources/\(module)")
    }

    @Test("The modules import FlowCheck re-exports declare none of an SDK's usual type names")
    func noUsualNames() throws {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let modules = try facadeModules()
        #expect(modules.contains("NavigationModel") && modules.contains("FlowCheckCore"))
        var declared: [String: String] = [:]
        for module in modules {
            let files = FileManager.default.enumerator(
                at: folder(of: module, manifest: manifest), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(
                    of: /(?m)^public (?:final )?(?:struct|enum|class|protocol|typealias|actor) (\w+)/)
                {
                    declared[String(match.1)] = module
                }
            }
        }
        #expect(declared.count > 50, "the scan found the facade's public types")
        let clashes = declared.filter { Self.usualSDKNames.contains($0.key) }.map { "\($0.key) (\($0.value))" }
        #expect(clashes.isEmpty, "rename these to names an SDK would not declare: \(clashes.sorted())")
    }

    @Test("The adapter's vocabulary is reachable through the one import")
    func vocabulary() {
        let entry = StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)
        let reply = NavigationReply(outcome: .applied, state: SessionState(stack: ScreenStack([entry])))
        let command = NavigationCommand.navigate(NavigationDirective(mode: NavigationMode.pop))
        #expect(reply.state.stack.count == 1)
        #expect(command.directive?.mode == .pop)
        #expect(Capabilities(suites: [.navigation, .client]).suites.count == 2)
    }
}
