import Foundation
import FlowCheck
import NavigationModel
import Reports
import SampleImplementations

enum Fixtures {
    /// A run's JSON lines with every wall-clock figure zeroed, so reports rendered from it are byte-stable.
    static func lines(_ implementation: any NavigationImplementation, seed: UInt64, suites: [Suite]? = nil, sut: String? = nil) -> String {
        var result = ConformanceRunner(implementation: implementation, options: .init(seed: seed, suites: suites, sut: sut)).run()
        for index in result.suites.indices {
            result.suites[index].seconds = 0
            result.suites[index].failure?.shrinkMilliseconds = 0
        }
        return JSONLinesReport.lines(result).joined(separator: "\n") + "\n"
    }

    static func input(_ implementation: any NavigationImplementation, seed: UInt64, suites: [Suite]? = nil, sut: String? = nil) throws -> ReportInput {
        try ReportInput.read([("fixture.jsonl", lines(implementation, seed: seed, suites: suites, sut: sut))])
    }

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
}

/// An implementation whose replies carry a screen named like markup, to check escaping.
final class MarkupImplementation: NavigationImplementation {
    let inner = SampleNavigator()
    var info: ImplementationInfo { ImplementationInfo(name: "<b>markup</b>", version: "\"1\"", language: "HTML & friends") }
    var capabilities: Capabilities { Capabilities(suites: [.navigation], modes: [.push, .pop], behaviors: [.keep], nesting: [.owned], reasons: true) }
    func reset(to stack: ScreenStack, profile: Profile) throws { try inner.reset(to: stack, profile: profile) }
    func perform(_ command: Command) throws -> Reply {
        var reply = try inner.perform(command)
        if command.directive?.mode == .pop {
            reply.state.stack.entries.append(Entry(screen: "<script>alert('x')</script>", flow: "<i>", flowRoot: false, presentation: .push))
        }
        return reply
    }
}
