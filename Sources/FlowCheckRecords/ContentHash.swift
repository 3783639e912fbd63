package import Foundation

/// FNV-1a, 64-bit, as 16 hex digits: small and stable across platforms and runs (unlike `Hasher`, which is seeded
/// per process), so content-derived ids are the same on every machine.
package enum ContentHash {
    /// The hash of `data`.
    package static func fnv1a(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// A value as 16 hex digits.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of `text`'s UTF-8, as 16 hex digits.
    package static func of(_ text: String) -> String { hex(fnv1a(Data(text.utf8))) }
}
