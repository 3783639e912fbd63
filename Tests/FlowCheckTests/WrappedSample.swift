import FlowCheckCore
import FlowCheckNavigationSuite
import NavigationModel
import SampleImplementations

/// builtin:sample behind an adapter that declares nothing beyond the protocol's requirements: it cannot be made once
/// per worker (no `ParallelImplementation`), and it keeps `takesCommandsAsDrawn` at its default, so it is handed whole
/// runs.
final class WrappedSample: NavigationImplementation {
    let inner = SampleNavigator()
    var info: ImplementationInfo { inner.info }
    var capabilities: Capabilities { inner.capabilities }
    func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
        try inner.reset(to: stack, profile: profile)
    }
    func perform(_ command: NavigationCommand) throws -> NavigationReply { try inner.perform(command) }
}
