import FlowCheckNavigationSuite
import JSON
package import NavigationModel
import ProcessProtocol
package import RUFClientModel

// MARK: The client suite's requests and replies

extension JSONOutput {
    /// A clientReset request: `{"cmd":"clientReset","profile","seq","stack"}`.
    package mutating func clientReset(_ stack: ScreenStack, _ profile: NavigationProfile, seq: Int) {
        reset(stack, profile, seq: seq, command: "clientReset")
    }

    /// A client request: `{"cmd":"client","input","seq"}`.
    package mutating func client(_ input: ClientInput, seq: Int) {
        raw(#"{"cmd":"client","input":"#)
        clientInput(input)
        raw(#","seq":"#)
        int(seq)
        raw("}")
    }

    /// An input in its JSON form. A response's Session is written in the order the server wrote it, not sorted:
    /// metrics fire in the order of `screens`, so the order of its members is part of what it says.
    package mutating func clientInput(_ input: ClientInput) {
        switch input {
        case .respond(let response):
            raw(#"{"kind":"response","session":"#)
            bytes.append(contentsOf: JSONWriter.bytes(response.json, sortedKeys: false))
            raw("}")
        case .create, .dispatch:
            bytes.append(contentsOf: JSONWriter.bytes(input.json))
        }
    }

    /// A client reply: `{"events","seq","state"}` (what an implementation writes; the tests use it).
    package mutating func clientReply(_ observation: ClientObservation, seq: Int) {
        raw(#"{"events":["#)
        for (index, event) in observation.events.enumerated() {
            if index > 0 { raw(",") }
            bytes.append(contentsOf: JSONWriter.bytes(event.json))
        }
        raw(#"],"seq":"#)
        int(seq)
        raw(#","state":"#)
        bytes.append(contentsOf: JSONWriter.bytes(observation.state.json))
        raw("}")
    }
}
