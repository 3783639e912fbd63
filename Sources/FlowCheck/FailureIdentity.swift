import ConformanceRules
import Foundation
import NavigationModel

/// Content-derived ids: the same counterexample gets the same id on every machine.
package enum FailureIdentity {
    /// `<suite>-<16 hex digits>`: FNV-1a (64-bit) of the sorted-key JSON of the profile, the initial stack and the commands.
    package static func id(suite: Suite, profile: Profile, initial: ScreenStack, commands: [Command]) -> String {
        struct Content: Encodable { var profile: Profile; var initial: ScreenStack; var commands: [Command] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Content(profile: profile, initial: initial, commands: commands))) ?? Data()
        return "\(suite)-" + hex(fnv1a(data))
    }

    /// FNV-1a, 64-bit: small, stable across platforms and runs (unlike `Hasher`, which is seeded per process).
    package static func fnv1a(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
