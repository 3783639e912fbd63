import Foundation
import JSON
import NavigationModel
import Testing

/// A directive keeps its fields in one shared box; it must still behave as a value of five fields.
@Suite("Directive value semantics")
struct DirectiveValueTests {
    @Test("Changing a copy's field leaves the original as it was, for every field")
    func copiesAreIndependent() {
        let original = NavigationDirective(id: "n1", .push, "PRODUCT", flow: "DISCOVERY", .keep)
        var copy = original
        copy.id = "n2"
        copy.mode = .replace
        copy.screen = "CART"
        copy.flow?.behavior = .startNew
        copy.unknownFields["transition"] = .string("fade")
        #expect(original.id == "n1" && original.mode == .push && original.screen == "PRODUCT")
        #expect(original.flow == NavigationDirective.Flow(name: "DISCOVERY", behavior: .keep))
        #expect(original.unknownFields.isEmpty)
        #expect(copy.id == "n2" && copy.mode == .replace && copy.screen == "CART")
        #expect(copy.flow == NavigationDirective.Flow(name: "DISCOVERY", behavior: .startNew))
        #expect(copy.unknownFields == ["transition": .string("fade")])
    }

    @Test("Equality and hashing compare the fields, not the boxes")
    func equalityByFields() {
        let a = NavigationDirective(id: "n1", .push, "PRODUCT", flow: "DISCOVERY", .keep)
        var b = NavigationDirective(
            id: "n1", mode: .push, screen: "PRODUCT", flow: .init(name: "DISCOVERY", behavior: .keep))
        #expect(a == b && a.hashValue == b.hashValue)
        b.unknownFields = ["x": .null]
        #expect(a != b)
        b.unknownFields = [:]
        #expect(a == b)
        b.id = nil
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
    }

    @Test("A JSON round trip keeps every field, unknown ones included")
    func codableRoundTrip() throws {
        let json = #"{"id":"o3","mode":"PUSH","screen":"A","flow":{"name":"F","behavior":"KEEP"},"transition":"x"}"#
        let decoded = try JSONDecoder().decode(NavigationDirective.self, from: Data(json.utf8))
        #expect(decoded.unknownFields == ["transition": .string("x")])
        let again = try JSONDecoder().decode(NavigationDirective.self, from: JSONEncoder().encode(decoded))
        #expect(again == decoded)
    }

    @Test("hasDestination agrees with Mode.withDestination for every known mode and an unknown one")
    func hasDestinationMatchesList() {
        for mode in NavigationMode.known + ["JUMP", "push"] {
            #expect(mode.hasDestination == NavigationMode.withDestination.contains(mode), "\(mode)")
        }
    }
}
