import Foundation
@testable import JSON
import Testing

@Suite("JSON parser and writer")
struct JSONTests {
    @Test("Parses every kind of value, keeps object keys in document order, writes sorted keys")
    func roundTrip() throws {
        let value = try JSONParser.parse(
            #" {"b": [1, -2.5, 3e2, true, false, null], "a": {"z": "x\ny\u00e9\"", "y": {}}} "#)
        #expect(value.objectPairs?.map(\.key) == ["b", "a"])
        #expect(value["b"]?.arrayValue?.count == 6)
        #expect(value["a"]?["z"]?.stringValue == "x\nyé\"")
        #expect(JSONWriter.write(value) == #"{"a":{"y":{},"z":"x\nyé\""},"b":[1,-2.5,300,true,false,null]}"#)
        #expect(
            try JSONParser.parse(JSONWriter.write(value))
                == (try JSONParser.parse(JSONWriter.write(value, sortedKeys: true))))
        #expect(try JSONParser.parse(#""\ud83d\ude00""#).stringValue == "😀")
    }

    @Test(
        "Errors give line and column",
        arguments: [
            ("{\"a\": 1,}", 1, 9, "expected a string key"),
            ("[1, 2", 1, 6, "the text ends inside an array"),
            ("{\n  \"a\": tru\n}", 2, 8, "expected true"),
            ("\"abc", 1, 5, "the text ends inside a string"),
            ("[1] 2", 1, 5, "unexpected text after the JSON value"),
            ("01", 1, 2, "unexpected text after the JSON value"),
        ])
    func errors(text: String, line: Int, column: Int, message: String) {
        #expect { try JSONParser.parse(text) } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == line && error.column == column && error.message == message
        }
    }

    @Test("Deep nesting is a clear error, never a stack overflow")
    func depthLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect { try JSONParser.parse(deep) } throws: { error in
            (error as? JSONParseError)?.message == "nesting deeper than 512 levels"
        }
        let ok = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
    }

    @Test("Agrees with JSONSerialization on what is and is not JSON")
    func agreesWithFoundation() throws {
        // Foundation on Linux also accepts a trailing comma (`[1,]`); RFC 8259 does not, and neither does this parser.
        #expect(throws: JSONParseError.self) { try JSONParser.parse("[1,]") }
        for text in [#"{"a":[1,{"b":null}],"c":"d"}"#, "[]", "{}", "3.25", #""x""#, "{\"a\" 1}", "nul", "[\"\\x\"]"] {
            let ours = (try? JSONParser.parse(text)) != nil
            let theirs = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
            #expect(ours == theirs, "\(text)")
        }
    }
}

@Suite("Exact member text")
struct MemberTextTests {
    @Test("A member's value is returned byte for byte: numbers keep their spelling, never inf or a shortened form")
    func exact() throws {
        let text = #"{"id": "x", "document": {"n": 1e400, "m": 1.50, "s": "é\u00e9"} , "after": [1]}"#
        #expect(try JSONParser.memberText("document", in: text) == #"{"n": 1e400, "m": 1.50, "s": "é\u00e9"}"#)
        #expect(try JSONParser.memberText("missing", in: text) == nil)
        #expect(throws: JSONParseError.self) { try JSONParser.memberText("document", in: "[1]") }
    }
}

@Suite("Integer spellings and element texts")
struct SpellingTests {
    @Test("Numbers written with a fraction or an exponent are counted, integer literals are not")
    func nonIntegersCounted() throws {
        for (text, expected) in [
            ("[2, -0, 10, 2377]", 0), ("[2.0]", 1), ("[1e3, 1E+3, 2.5e-1]", 3), (#"{"seq": 2, "x": {"y": 0.5}}"#, 1),
            (#"["2.0", true]"#, 0),
        ] {
            var count = 0
            let value = try Array(text.utf8).withUnsafeBufferPointer { (bytes) throws(JSONParseError) in
                try JSONParser.parse(utf8: bytes, nonIntegers: &count)
            }
            #expect(count == expected, "\(text)")
            #expect(value == (try JSONParser.parse(text)))
        }
        var count = 0
        #expect(throws: JSONParseError.self) {
            try Array("[1.5,".utf8).withUnsafeBufferPointer { try JSONParser.parse(utf8: $0, nonIntegers: &count) }
        }
    }

    @Test("Each element of an array is returned byte for byte")
    func elements() throws {
        #expect(
            try JSONParser.elementTexts(in: #" [ {"seq": 2.0}, 1e3 ,"é", [] ] "#)
                == [#"{"seq": 2.0}"#, "1e3", #""é""#, "[]"])
        #expect(try JSONParser.elementTexts(in: "[]") == [])
        #expect(throws: JSONParseError.self) { try JSONParser.elementTexts(in: "{}") }
        #expect(throws: JSONParseError.self) { try JSONParser.elementTexts(in: "[1,") }
    }
}

@Suite("Where bytes stop being UTF-8")
struct InvalidUTF8Tests {
    @Test("The first bad byte is named by line, column and offset; valid text has none")
    func firstBadByte() {
        #expect(InvalidUTF8.first(in: Array("a\nbé\n".utf8)) == nil)
        // A lone surrogate's bytes, after a two-byte letter on the second line.
        let bytes = Array("{\n é".utf8) + [0xED, 0xA0, 0x80]
        #expect(InvalidUTF8.first(in: bytes) == InvalidUTF8(offset: 5, line: 2, column: 4))
        // A cut sequence at the very end.
        #expect(InvalidUTF8.first(in: [0x41, 0xC3]) == InvalidUTF8(offset: 1, line: 1, column: 2))
        #expect("\(InvalidUTF8(offset: 5, line: 2, column: 4))" == "line 2, column 4 (byte 5) is not valid UTF-8")
    }
}

@Suite("Lone surrogate escapes")
struct LoneSurrogateTests {
    @Test("Half a surrogate pair escaped alone is found by line and column; a whole pair and other escapes are not")
    func found() {
        #expect(LoneSurrogate.first(in: #"{"a": "\ud83d\ude00", "b": "\n\u0041"}"#) == nil)
        #expect(LoneSurrogate.first(in: "{\n  \"a\": \"x\\ud800\"\n}")! == (2, 10))
        #expect(LoneSurrogate.first(in: #"{"a": "\udc00"}"#)! == (1, 8))
        // A high half followed by anything but a low half; the escaped backslash is no escape of its own.
        #expect(LoneSurrogate.first(in: #"{"a": "\ud800\u0041"}"#)! == (1, 8))
        #expect(LoneSurrogate.first(in: #"{"a": "\\ud800"}"#) == nil)
    }
}
