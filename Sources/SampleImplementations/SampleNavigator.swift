import ConformanceRules
import FlowCheckClientSuite
package import FlowCheckCore
import FlowCheckDecodingSuite
import FlowCheckNavigationSuite
package import FlowSchema
package import NavigationModel
package import RUFClientModel

/// A navigation SDK written the way an SDK author would write one: screens kept
/// in layers (the root layer, then one per presented sheet), its own validation,
/// its own rollback snapshot. It is not a wrapper over the reference model, so
/// that when the two agree it means something.
///
/// With a ``SampleBug`` it becomes a mutant that the kit must catch.
package final class SampleNavigator: NavigationImplementation, DecodingImplementation, ParallelImplementation {
    /// The planted navigation bugs; several at once make one implementation with several distinct failures.
    package let bugs: Set<SampleBug>
    /// The planted decoding bug, or `nil`.
    package let decoderBug: DecoderBug?
    /// The planted RUF client bugs.
    package let clientBugs: Set<ClientBug>

    /// The screens and what the sample last showed: one value, changed in one access per step.
    private var stack: SampleStack

    /// The RUF client (``ClientImplementation``), made on first use: most runs never drive it. Its stack is kept by a
    /// navigator of its own with the same navigation bugs, so a navigation mutant is a client mutant too.
    private lazy var client = SampleClient(bugs: clientBugs, navigationBugs: bugs)

    /// The first planted navigation bug by declaration order, or `nil`.
    package var bug: SampleBug? { SampleBug.allCases.first(where: bugs.contains) }

    package convenience init(bug: SampleBug? = nil, decoderBug: DecoderBug? = nil, clientBug: ClientBug? = nil) {
        self.init(bugs: bug.map { [$0] } ?? [], decoderBug: decoderBug, clientBugs: clientBug.map { [$0] } ?? [])
    }

    package init(bugs: Set<SampleBug>, decoderBug: DecoderBug? = nil, clientBugs: Set<ClientBug> = []) {
        self.bugs = bugs
        self.stack = SampleStack(bugs: bugs)
        self.decoderBug = decoderBug
        self.clientBugs = clientBugs
    }

    package func makeWorker() -> SampleNavigator {
        SampleNavigator(bugs: bugs, decoderBug: decoderBug, clientBugs: clientBugs)
    }

    package var info: ImplementationInfo {
        let planted = SampleBug.allCases.filter(bugs.contains).map(\.rawValue)
        let clientPlanted = ClientBug.allCases.filter(clientBugs.contains).map(\.rawValue)
        let mutant =
            !planted.isEmpty
            ? planted.joined(separator: ", ")
            : decoderBug?.rawValue ?? (clientPlanted.isEmpty ? nil : clientPlanted.joined(separator: ", "))
        return ImplementationInfo(
            name: mutant.map { "sample (mutant \($0))" } ?? "sample", version: KitInfo.current.version,
            language: "Swift")
    }

    package func decode(_ text: String) throws -> DecodeOutcome {
        SampleDecoder(componentTypes: capabilities.decoding.componentTypes, bug: decoderBug).decode(text)
    }

    /// Every suite, the RUF client included: every merge strategy, metrics, optimistic component updates and a FIFO
    /// queue.
    package var capabilities: Capabilities {
        var declared = Capabilities.full
        declared.suites += [.decoding, .client]
        declared.decoding = DecodingCapabilities(migrations: true)
        declared.client = ClientCapabilities(
            mergeStrategies: ["REPLACE", "APPEND", "MATCH"], metrics: true, optimisticComponents: true,
            actionQueue: .fifo)
        return declared
    }

    /// `true`: its runs are the protocol's default, a reset and then each command performed.
    package var takesCommandsAsDrawn: Bool { true }

    package func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
        self.stack.reset(to: stack, profile: profile)
    }

    package func perform(_ command: NavigationCommand) throws -> NavigationReply { stack.perform(command) }
}

extension SampleNavigator: ClientImplementation {
    package func resetClient(to stack: ScreenStack, profile: NavigationProfile) throws {
        try client.reset(to: stack, profile: profile)
    }

    package func apply(_ input: ClientInput) throws -> ClientObservation { try client.apply(input) }
}
