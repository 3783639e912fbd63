import FlowCheckRecords
package import Foundation

/// Content-derived ids: the same counterexample gets the same id on every machine.
package enum FailureIdentity {
    /// FNV-1a, 64-bit (``ContentHash``).
    package static func fnv1a(_ data: Data) -> UInt64 { ContentHash.fnv1a(data) }

    package static func hex(_ value: UInt64) -> String { ContentHash.hex(value) }
}
