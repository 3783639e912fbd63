import JSON
import Testing

@Suite("JSON layout")
struct JSONLayoutTests {
    @Test("Indents by level and keeps every token as spelled: key order, numbers, escapes, repeated keys")
    func indents() {
        let text = #"{"b":[1.0,-2e3,"a, b: {c}"],"a":{},"a":[ ],"s":"\"q\\"}"#
        #expect(
            JSONLayout.indented(text) == """
                {
                  "b": [
                    1.0,
                    -2e3,
                    "a, b: {c}"
                  ],
                  "a": {},
                  "a": [],
                  "s": "\\"q\\\\"
                }
                """)
    }

    @Test("Text that is not JSON is laid out as far as it goes, tokens kept apart")
    func notJSON() {
        #expect(JSONLayout.indented("[1 2,") == "[\n  1 2,\n  ")
        #expect(JSONLayout.indented("}{\"x") == "\n}{\n\"x")
    }
}
