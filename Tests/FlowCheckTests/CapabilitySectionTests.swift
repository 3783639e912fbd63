import ConformanceRules
import FlowCheckCore
import FlowCheckDecodingSuite
import FlowCheckNavigationSuite
import FlowSchema
import JSON
import NavigationModel
import Testing

@Suite("Capability sections")
struct CapabilitySectionTests {
    @Test("A section read once is read again after its fields change, in the value that changed and no other")
    func readSectionsFollowTheFields() {
        var capabilities = Capabilities(suites: [.navigation], modes: [.push], nesting: [.owned])
        let copy = capabilities
        #expect(capabilities.navigation.modes == [.push])
        capabilities.sections["modes"] = .array([.string("POP")])
        #expect(capabilities.navigation.modes == [.pop])
        #expect(copy.navigation.modes == [.push])
        capabilities.navigation.reasons = true
        #expect(capabilities.navigation.reasons && capabilities.navigation.modes == [.pop])
        #expect(!copy.navigation.reasons)
    }

    @Test("Two capabilities with the same fields are equal and hash alike, whatever each has read")
    func equalityIgnoresWhatWasRead() {
        let read = Capabilities(suites: [.decoding], sections: ["migrations": .bool(true)])
        let unread = Capabilities(suites: [.decoding], sections: ["migrations": .bool(true)])
        _ = read.decoding
        #expect(read == unread && read.hashValue == unread.hashValue)
        #expect(read != Capabilities(suites: [.decoding], sections: ["migrations": .bool(false)]))
    }

    @Test("Setting a section replaces its fields whole: a field back at its default is not left as it was")
    func settingReplacesTheSection() {
        var capabilities = Capabilities(suites: [.navigation], modes: [.pop], nesting: [.owned], flows: false)
        #expect(capabilities.sections["flows"] == .bool(false))
        capabilities.navigation.flows = true
        #expect(capabilities.sections["flows"] == nil && capabilities.navigation.flows)
    }

    @Test("Two declarations' differing fields are named one by one; batching, which draws nothing, is not one of them")
    func differingFields() {
        var a = Capabilities(suites: [.navigation], modes: [.push], nesting: [.owned])
        a.batch = true
        let b = Capabilities(suites: [.navigation], modes: [.push, .pop], nesting: [.owned])
        let named = a.fields(differingFrom: b)
        #expect(named.count == 1 && named[0].hasSuffix("modes"), "\(named)")
        var c = b
        c.batch = true
        #expect(b.fields(differingFrom: c) == ["the same fields, otherwise"])
    }
}
