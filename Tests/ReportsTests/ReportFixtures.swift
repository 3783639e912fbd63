import ConformanceRules
import FlowCheckCommands
import FlowCheckCore
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import FlowCheckTestSupport
import Foundation
import NavigationModel
import PropertyTesting
import Reports
import SampleImplementations
import Synchronization

enum Fixtures {
    /// The runs made so far, by implementation and options: several tests render the same run (each width of the
    /// browser tests, each format), and a run in a debug build takes seconds.
    private static let made = Mutex<[String: String]>([:])

    /// A run's JSON lines with every wall-clock figure zeroed, so reports rendered from it are byte-stable.
    static func lines(
        _ implementation: any Implementation, seed: UInt64, suites: [Suite]? = nil, sut: String? = nil,
        shard: Shard? = nil
    ) throws -> String {
        let key = [
            "\(type(of: implementation))", implementation.info.name, "\(seed)", "\(suites ?? [])", sut ?? "",
            shard?.description ?? "",
        ].joined(separator: "\u{0}")
        if let text = made.withLock({ $0[key] }) { return text }
        var runner = ConformanceRunner(
            implementation: implementation, options: .init(seed: seed, suites: suites, shard: shard))
        runner.replayText = sut.map { CommandLineReplay(sut: $0).text } ?? CallReplay().text
        let text = try runner.run().timeless.text
        made.withLock { $0[key] = text }
        return text
    }

    static func input(
        _ implementation: any Implementation, seed: UInt64, suites: [Suite]? = nil, sut: String? = nil
    ) throws -> RunRecord {
        try RunRecord.read([("fixture.jsonl", lines(implementation, seed: seed, suites: suites, sut: sut))])
    }

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
}

/// An implementation whose replies carry a screen named like markup, to check escaping.
final class MarkupImplementation: NavigationImplementation {
    let inner = SampleNavigator()
    /// Control characters in its name and in a screen name, when set.
    let controls: Bool
    init(controls: Bool = false) { self.controls = controls }
    var info: ImplementationInfo {
        ImplementationInfo(
            name: controls ? "evil\n  navigation  ✓ conforming\u{1B}[31m" : "<b>markup</b>", version: "\"1\"",
            language: "HTML & friends")
    }
    var capabilities: Capabilities {
        Capabilities(suites: [.navigation], modes: [.push, .pop], behaviors: [.keep], nesting: [.owned], reasons: true)
    }
    func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
        try inner.reset(to: stack, profile: profile)
    }
    func perform(_ command: NavigationCommand) throws -> NavigationReply {
        var reply = try inner.perform(command)
        if command.directive?.mode == .pop {
            reply.state.stack.entries.append(
                StackEntry(
                    screen: controls ? "RED\u{1B}[31mSCREEN\u{7}" : "<script>alert('x')</script>", flow: "<i>",
                    flowRoot: false, presentation: .push))
        }
        return reply
    }
}
