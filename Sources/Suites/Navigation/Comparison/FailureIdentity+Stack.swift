package import ConformanceRules
import FlowCheckEngine
import Foundation
package import NavigationModel

extension FailureIdentity {
    /// `<suite>-<16 hex digits>`: FNV-1a (64-bit) of the sorted-key JSON of the profile, the initial stack and the
    /// commands.
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
}
