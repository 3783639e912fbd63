import Testing
import YAML

@Suite("YAML subset reader")
struct YAMLParserTests {
    @Test("Block mappings and sequences, a sequence at its key's indentation, and '- key: value' items")
    func blocks() throws {
        let node = try YAMLParser.parse(
            """
            ruf: "1.0"   # spec version
            screens:
              CART:
                flows:
                - CHECKOUT
                - AUTH
                actions:
                  - type: tap
                    navigates_to:
                      - screen: CHECKOUT
                        flow: { name: CHECKOUT, behavior: KEEP }
            """)
        #expect(node["ruf"]?.string == "1.0")
        let cart = try #require(node["screens"]?["CART"])
        #expect(cart["flows"]?.items?.compactMap(\.string) == ["CHECKOUT", "AUTH"])
        let target = try #require(cart["actions"]?.items?.first?["navigates_to"]?.items?.first)
        #expect(target["screen"]?.string == "CHECKOUT")
        #expect(target["flow"]?["behavior"]?.string == "KEEP")
        #expect(target.position == YAMLNode.Position(line: 10, column: 13), "a mapping starts at its first key")
        #expect(node["screens"]?.pairs?.first?.keyPosition == YAMLNode.Position(line: 3, column: 3))
    }

    @Test("Flow collections, nested and over several lines; quoted and plain scalars; keys such as token?")
    func flowAndScalars() throws {
        let node = try YAMLParser.parse(
            """
            list: [a, 'b c', "d\\n", [1, 2], {x: y}]
            map: { name: 'it''s', behavior: REPLACE,
                   extra: [1,
                           2] }
            token?: string
            empty:
            tilde: ~
            url: http://example.com/a#b
            ref: '#/shared/actions/go_to_webview'
            """)
        #expect(node["list"]?.items?.count == 5)
        #expect(node["list"]?.items?[1].string == "b c")
        #expect(node["list"]?.items?[2].string == "d\n")
        #expect(node["list"]?.items?[3].items?.count == 2)
        #expect(node["list"]?.items?[4]["x"]?.string == "y")
        #expect(node["map"]?["name"]?.string == "it's")
        #expect(node["map"]?["extra"]?.items?.count == 2)
        #expect(node["token?"]?.string == "string")
        #expect(node["empty"]?.isNull == true && node["tilde"]?.isNull == true)
        #expect(node["url"]?.string == "http://example.com/a#b")
        #expect(node["ref"]?.string == "#/shared/actions/go_to_webview")
    }

    @Test("Block scalars: | keeps lines, > folds them, - strips the final newline")
    func blockScalars() throws {
        let node = try YAMLParser.parse(
            """
            literal: |
              line one
                indented

              after a blank
            folded: >-
              one
              two
            next: x
            """)
        #expect(node["literal"]?.string == "line one\n  indented\n\nafter a blank\n")
        #expect(node["folded"]?.string == "one two")
        #expect(node["next"]?.string == "x")
    }

    @Test("A repeated key is an error naming both lines, in block and flow mappings")
    func repeatedKeys() throws {
        #expect { try YAMLParser.parse("a: 1\nb: 2\na: 3\n") } throws: { error in
            (error as? YAMLError).map { $0.line == 3 && $0.message.hasPrefix("duplicate key \"a\" (first at line 1)") }
                ?? false
        }
        #expect(throws: YAMLError.self) { try YAMLParser.parse("a: {x: 1, x: 2}\n") }
    }

    @Test("CRLF line endings read as LF")
    func crlf() throws {
        let node = try YAMLParser.parse("screens:\r\n  HOME:\r\n    flows: [MAIN]\r\n")
        #expect(node["screens"]?["HOME"]?["flows"]?.items?.compactMap(\.string) == ["MAIN"])
    }

    @Test(
        "A control character (NUL, ESC, DEL, C1) is an error naming its line and column; tab and CRLF are not",
        arguments: [
            ("a: x\u{0}y\n", 1, 5, "0000"), ("a: 1\nb: \"\u{1B}[31m\"\n", 2, 5, "001B"), ("\u{7F}: 1", 1, 1, "007F"),
        ])
    func controlCharacters(text: String, line: Int, column: Int, code: String) {
        #expect { try YAMLParser.parse(text) } throws: { error in
            let error = error as? YAMLError
            return error?.line == line && error?.column == column
                && error?.message == "the control character U+\(code) is not allowed in YAML"
        }
        #expect((try? YAMLParser.parse("a: \"x\ty\"\r\n")) != nil)
    }

    @Test(
        "Nesting deeper than the limit is an error, never a stack overflow",
        arguments: [
            String(repeating: "- ", count: 20_000) + "x\n", "a: " + String(repeating: "[", count: 20_000) + "\n",
            (0..<300).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x\n",
        ])
    func deepNesting(text: String) {
        #expect { try YAMLParser.parse(text) } throws: { error in
            (error as? YAMLError)?.message == "nesting deeper than \(YAMLParser.maxDepth) levels"
        }
    }

    @Test("A text past 16 MB is refused at once with its size; one at the limit is read, its scalar whole")
    func sizeLimit() throws {
        let head = "a: \""
        let atLimit = head + String(repeating: "x", count: YAMLParser.maxBytes - head.utf8.count - 2) + "\"\n"
        #expect(atLimit.utf8.count == YAMLParser.maxBytes)
        #expect(try YAMLParser.parse(atLimit)["a"]?.string?.utf8.count == YAMLParser.maxBytes - 6)
        #expect { try YAMLParser.parse(atLimit + " ") } throws: { error in
            (error as? YAMLError)?.message
                == "the text is 16777217 bytes: the YAML reader reads at most 16 MB (16777216 bytes)"
        }
    }

    @Test("Long runs of spaces are read whole (the reader is linear, not quadratic, in them)")
    func longSpaces() throws {
        let node = try YAMLParser.parse(
            "a: x" + String(repeating: " ", count: 200_000) + "\nb: \"" + String(repeating: " ", count: 200_000)
                + "\"\n")
        #expect(node["a"]?.string == "x")
        #expect(node["b"]?.string?.count == 200_000)
    }

    @Test(
        "Outside the subset: a clear error with line and column, never a wrong parse",
        arguments: [
            ("base: &anchor x", 1, 7, "anchors (&) are not supported"),
            ("a: 1\nb: *anchor", 2, 4, "aliases (*) are not supported"),
            ("a: !!str 3", 1, 4, "tags (!) are not supported"),
            ("a: 1\n---\nb: 2", 2, 1, "several documents in one file are not supported"),
            ("a:\n\tb: 1", 2, 1, "tabs cannot indent YAML"),
            ("a: 'open", 1, 9, "an unterminated single-quoted string"),
            ("a: [1, 2", 1, 9, "expected ',' or ']' in a flow sequence"),
            ("a:\n  b: 1\n c: 2", 3, 2, "unexpected indentation in a mapping"),
            ("? complex\n: value", 1, 1, "complex keys (?) are not supported"),
        ])
    func errors(text: String, line: Int, column: Int, message: String) {
        #expect { try YAMLParser.parse(text) } throws: { error in
            guard let error = error as? YAMLError else { return false }
            return error.line == line && error.column == column && error.message == message
        }
    }

    @Test("keepingDuplicateKeys keeps both pairs, in block and flow mappings, for a reader that reports them itself")
    func keptDuplicates() throws {
        let block = try YAMLParser.parse("a: 1\nb: 2\na: 3\n", keepingDuplicateKeys: true)
        #expect(block.pairs?.map(\.key) == ["a", "b", "a"] && block.pairs?[2].keyPosition.line == 3)
        let flow = try YAMLParser.parse("m: { a: 1, a: 2 }\n", keepingDuplicateKeys: true)
        #expect(flow["m"]?.pairs?.map(\.key) == ["a", "a"])
        #expect(throws: YAMLError.self) { try YAMLParser.parse("m: { a: 1, a: 2 }\n") }
    }
}
