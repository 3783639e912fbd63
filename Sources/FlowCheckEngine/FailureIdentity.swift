package import ConformanceRules
import FlowCheckRecords
package import Foundation
package import NavigationModel

/// Content-derived ids: the same counterexample gets the same id on every machine.
package enum FailureIdentity {
    /// `<suite>-<16 hex digits>`: FNV-1a (64-bit) of the sorted-key JSON of the profile, the initial stack and the commands.
    package static func id(
        suite: Suite, profile: NavigationProfile, initial: ScreenStack, commands: [NavigationCommand]
    ) -> String {
        struct Content: Encodable {
            var profile: NavigationProfile; var initial: ScreenStack; var commands: [NavigationCommand]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Content(profile: profile, initial: initial, commands: commands))) ?? Data()
        return "\(suite)-" + hex(fnv1a(data))
    }

    /// FNV-1a, 64-bit (``ContentHash``).
    package static func fnv1a(_ data: Data) -> UInt64 { ContentHash.fnv1a(data) }

    package static func hex(_ value: UInt64) -> String { ContentHash.hex(value) }
}
