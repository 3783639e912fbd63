import NavigationModel
import Testing

/// Stacks compare entry by entry, by bytes first and by value when the bytes differ: the same long name held in two
/// places must still compare equal, and any difference of a field must still show.
@Suite("Stack equality")
struct StackEqualityTests {
    /// A name built at run time, so that two calls hold the same text in two separate storages.
    private func built(_ text: String) -> String { String(text.unicodeScalars.map(Character.init)) }

    private let long = "PRODUCT_DETAILS_" + String(repeating: "VERY_LONG_", count: 8) + "SCREEN"

    @Test("Equal names in separate storage compare equal; the same storage is shared")
    func sameTextSeparateStorage() {
        let a = ScreenStack([
            StackEntry(screen: built(long), flow: built("Ünïcødé-flöw"), flowRoot: true, presentation: .root),
            StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .modal),
        ])
        let b = ScreenStack([
            StackEntry(screen: built(long), flow: built("Ünïcødé-flöw"), flowRoot: true, presentation: .root),
            StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .modal),
        ])
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a == a)
        #expect(ScreenStack([]) == ScreenStack([]))
    }

    @Test("A difference in any one field, or in length, makes the stacks unequal")
    func everyFieldCounts() {
        let base = StackEntry(screen: built(long), flow: "MAIN", flowRoot: false, presentation: .push)
        let root = StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)
        var variants: [StackEntry] = []
        for change in 0..<6 {
            var entry = base
            switch change {
            case 0: entry.screen = built(long + "_")
            case 1: entry.flow = nil
            case 2: entry.flow = ""
            case 3: entry.flowRoot = true
            case 4: entry.presentation = .modal
            default: entry.screen = long.lowercased()
            }
            variants.append(entry)
        }
        for variant in variants {
            #expect(ScreenStack([root, base]) != ScreenStack([root, variant]), "\(variant)")
            #expect(ScreenStack([root, variant]) != ScreenStack([root, base]), "\(variant)")
        }
        #expect(ScreenStack([root, base]) != ScreenStack([root, base, base]))
        #expect(ScreenStack([root]) != ScreenStack([]))
    }
}
