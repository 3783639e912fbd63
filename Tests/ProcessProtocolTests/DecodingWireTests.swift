import FlowCheckCore
import FlowCheckDecodingSuite
import FlowSchema
import JSON
import ProcessProtocol
import Testing

@Suite("The decoding suite's capability section over the wire")
struct DecodingWireTests {
    @Test("A decoder's component types and migrations are kept as declared and read by the decoding suite")
    func section() throws {
        let bare = try Wire.capabilities(JSONParser.parse(#"{"suites":["decoding"]}"#))
        #expect(bare.decoding == DecodingCapabilities())
        #expect(bare.decoderOptions.componentTypes == DecoderOptions.standardComponentTypes)
        #expect(!bare.decoding.migrations)
        let declared = try Wire.capabilities(
            JSONParser.parse(#"{"suites":["decoding"],"componentTypes":["text","stack"],"migrations":true}"#))
        #expect(declared.decoding == DecodingCapabilities(componentTypes: ["text", "stack"], migrations: true))
        #expect(DecodingSuite().problem(with: declared) == nil)
        #expect(DecodingSuite().recordedSection(of: bare) == DecodingCapabilities().fields)
    }

    @Test("A decoding field of the wrong type refuses the suite, naming the field")
    func wrongType() throws {
        let yes = try Wire.capabilities(JSONParser.parse(#"{"suites":["decoding"],"migrations":"yes"}"#))
        #expect(DecodingSuite().problem(with: yes) == #"capabilities.migrations: expected true or false, found "yes""#)
        let one = try Wire.capabilities(JSONParser.parse(#"{"suites":["decoding"],"componentTypes":"text"}"#))
        #expect(
            DecodingSuite().problem(with: one)
                == #"capabilities.componentTypes: expected an array of strings, found "text""#)
    }
}
