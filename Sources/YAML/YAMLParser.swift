/// Reads the YAML subset that RUF spec files use: block mappings and sequences, flow mappings and
/// sequences, plain, single- and double-quoted scalars, `|` and `>` block scalars, and comments.
///
/// Anything outside the subset (anchors, aliases, tags, directives, complex keys, several
/// documents, tabs for indentation) is a ``YAMLError`` with its line and column, never a wrong parse.
package struct YAMLParser {
    struct Line {
        var number: Int
        var indent: Int
        var text: Substring  // without indentation
    }

    private var lines: [Line] = []
    private var index = 0
    private var depth = 0
    private var keepsDuplicateKeys = false

    /// The deepest nesting of collections accepted. Deeper input is an error, never a stack overflow; RUF specs
    /// nest a dozen levels at most.
    package static let maxDepth = 200
    /// The longest text the parser reads, 16 MB (a spec is written by hand; its largest files are a few hundred KB).
    /// Memory stays near 10 bytes per byte read, so a longer text is refused at once rather than read.
    package static let maxBytes = 16 << 20

    /// Parses one YAML document.
    ///
    /// - Parameter keepingDuplicateKeys: keep a repeated key of a mapping as a second pair instead of failing, for
    ///   a reader that reports duplicates itself and wants to go on reading the rest of the file.
    package static func parse(_ text: String, keepingDuplicateKeys: Bool = false) throws(YAMLError) -> YAMLNode {
        guard text.utf8.count <= maxBytes else {
            throw YAMLError(
                line: 1, column: 1,
                message: "the text is \(text.utf8.count) bytes: the YAML reader reads at most 16 MB (16777216 bytes)")
        }
        var parser = YAMLParser()
        parser.keepsDuplicateKeys = keepingDuplicateKeys
        try parser.load(text)
        guard parser.index < parser.lines.count else { return .mapping([], .init(line: 1, column: 1)) }
        let node = try parser.block(indent: parser.lines[parser.index].indent)
        if parser.index < parser.lines.count {
            let line = parser.lines[parser.index]
            throw YAMLError(
                line: line.number, column: line.indent + 1,
                message: "unexpected indentation or content after the document")
        }
        return node
    }

    private mutating func load(_ text: String) throws(YAMLError) {
        var sawDocument = false, sawContent = false
        // CRLF is one Character in Swift, so split on the scalars: "\r\n" and "\n" both end a line.
        var rawLines: [Substring] = []
        var lineStart = text.startIndex
        for index in text.unicodeScalars.indices where text.unicodeScalars[index] == "\n" {
            rawLines.append(text[lineStart..<index])
            lineStart = text.unicodeScalars.index(after: index)
        }
        rawLines.append(text[lineStart...])
        for (offset, raw) in rawLines.enumerated() {
            let number = offset + 1
            var line = raw
            if line.unicodeScalars.last == "\r" {
                line = line[..<line.unicodeScalars.index(before: line.unicodeScalars.endIndex)]
            }
            // YAML's printable set excludes the other C0 controls, DEL and C1 (NUL in a spec is damage, not text).
            if let bad = line.unicodeScalars.firstIndex(where: {
                ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F
                    || ((0x80...0x9F).contains($0.value) && $0.value != 0x85)
            }) {
                let scalar = line.unicodeScalars[bad]
                let hex = String(scalar.value, radix: 16, uppercase: true)
                throw YAMLError(
                    line: number, column: line.unicodeScalars[..<bad].count + 1,
                    message:
                        "the control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) is not allowed in YAML"
                )
            }
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            if body.first == "\t" {
                throw YAMLError(line: number, column: indent + 1, message: "tabs cannot indent YAML")
            }
            let content = body.trimmingTrailingSpaces
            if content.isEmpty || content.hasPrefix("#") {
                lines.append(Line(number: number, indent: -1, text: "")); continue
            }
            if indent == 0 && (content == "---" || content.hasPrefix("--- ")) {
                if sawDocument || sawContent {
                    throw YAMLError(line: number, column: 1, message: "several documents in one file are not supported")
                }
                sawDocument = true
                continue
            }
            if indent == 0 && content == "..." {
                throw YAMLError(
                    line: number, column: 1, message: "document end markers (several documents) are not supported")
            }
            if indent == 0 && content.hasPrefix("%") {
                throw YAMLError(line: number, column: 1, message: "directives are not supported")
            }
            sawContent = true
            lines.append(Line(number: number, indent: indent, text: content))
        }
        lines.removeAll { $0.indent < 0 }
    }

    // MARK: Blocks

    private mutating func block(indent: Int) throws(YAMLError) -> YAMLNode {
        let line = lines[index]
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth {
            throw YAMLError(
                line: line.number, column: line.indent + 1, message: "nesting deeper than \(Self.maxDepth) levels")
        }
        if line.text == "-" || line.text.hasPrefix("- ") { return try sequence(indent: line.indent) }
        if keySplit(line.text) != nil { return try mapping(indent: line.indent) }
        // A lone scalar or flow collection.
        index += 1
        return try inlineValue(line.text, line: line.number, column: line.indent + 1, continuation: line.indent)
    }

    private mutating func sequence(indent: Int) throws(YAMLError) -> YAMLNode {
        let start = YAMLNode.Position(line: lines[index].number, column: indent + 1)
        var items: [YAMLNode] = []
        while index < lines.count, lines[index].indent == indent,
            lines[index].text == "-" || lines[index].text.hasPrefix("- ")
        {
            let line = lines[index]
            let rest = line.text.dropFirst(1).drop { $0 == " " }
            if rest.isEmpty {
                index += 1
                if index < lines.count, lines[index].indent > indent {
                    items.append(try block(indent: lines[index].indent))
                } else {
                    items.append(.scalar("", quoted: false, .init(line: line.number, column: indent + 2)))
                }
            } else {
                // "- key: value" opens a mapping at the column of "key".
                let column = indent + (line.text.count - rest.count)
                lines[index] = Line(number: line.number, indent: column, text: rest)
                items.append(try block(indent: column))
            }
        }
        if index < lines.count, lines[index].indent > indent {
            throw YAMLError(
                line: lines[index].number, column: lines[index].indent + 1,
                message: "unexpected indentation in a sequence")
        }
        return .sequence(items, start)
    }

    private mutating func mapping(indent: Int) throws(YAMLError) -> YAMLNode {
        let start = YAMLNode.Position(line: lines[index].number, column: indent + 1)
        var pairs: [YAMLNode.Pair] = []
        // Where each key was first seen: a duplicate check that stays linear in the number of keys.
        var seen: [String: Int] = [:]
        while index < lines.count, lines[index].indent == indent {
            let line = lines[index]
            guard let (rawKey, rawValue, valueOffset) = keySplit(line.text) else {
                throw YAMLError(line: line.number, column: indent + 1, message: "expected \"key: value\" in a mapping")
            }
            let keyPosition = YAMLNode.Position(line: line.number, column: indent + 1)
            let key = try keyText(rawKey, position: keyPosition)
            if let first = seen[key], !keepsDuplicateKeys {
                throw YAMLError(
                    line: line.number, column: indent + 1,
                    message:
                        "duplicate key \"\(key)\" (first at line \(first)); a second one would silently replace the first"
                )
            }
            seen[key] = line.number
            index += 1
            let value: YAMLNode
            let valueText = rawValue.strippingComment
            if valueText.isEmpty {
                if index < lines.count, lines[index].indent > indent {
                    value = try block(indent: lines[index].indent)
                } else if index < lines.count, lines[index].indent == indent,
                    lines[index].text == "-" || lines[index].text.hasPrefix("- ")
                {
                    value = try sequence(indent: indent)  // a sequence may sit at its key's indentation
                } else {
                    value = .scalar("", quoted: false, .init(line: line.number, column: indent + valueOffset + 1))
                }
            } else if valueText.hasPrefix("|") || valueText.hasPrefix(">") {
                value = try blockScalar(
                    valueText, parentIndent: indent,
                    position: .init(line: line.number, column: indent + valueOffset + 1))
            } else {
                value = try inlineValue(
                    valueText, line: line.number, column: indent + valueOffset + 1, continuation: indent)
            }
            pairs.append(.init(key: key, keyPosition: keyPosition, value: value))
        }
        if index < lines.count, lines[index].indent > indent {
            throw YAMLError(
                line: lines[index].number, column: lines[index].indent + 1,
                message: "unexpected indentation in a mapping")
        }
        return .mapping(pairs, start)
    }

    /// Splits `key: value` at the first `: ` (or a final `:`) outside quotes and brackets.
    private func keySplit(_ text: Substring) -> (Substring, Substring, Int)? {
        if text.hasPrefix("? ") || text == "?" { return nil }
        var quote: Character?
        var depth = 0
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                if i == text.startIndex { quote = c }
            } else if c == "[" || c == "{" {
                if i == text.startIndex { return nil }
                depth += 1
            } else if c == "]" || c == "}" {
                depth -= 1
            } else if c == "#" && i > text.startIndex && text[text.index(before: i)] == " " {
                return nil
            } else if c == ":" && depth == 0 {
                let next = text.index(after: i)
                if next == text.endIndex || text[next] == " " {
                    let value = next == text.endIndex ? text[next...] : text[text.index(after: next)...]
                    return (
                        text[..<i], value.drop { $0 == " " },
                        text.distance(from: text.startIndex, to: next) + (next == text.endIndex ? 0 : 1)
                            + (value.count - value.drop { $0 == " " }.count)
                    )
                }
            }
            i = text.index(after: i)
        }
        return nil
    }

    private func keyText(_ raw: Substring, position: YAMLNode.Position) throws(YAMLError) -> String {
        let key = raw.trimmingTrailingSpaces
        if key.hasPrefix("\"") || key.hasPrefix("'") {
            var reader = FlowReader(
                Array(key.unicodeScalars), line: position.line, column: position.column,
                keepsDuplicateKeys: keepsDuplicateKeys)
            guard case .scalar(let text, _, _) = try reader.value(), reader.atEnd else {
                throw YAMLError(line: position.line, column: position.column, message: "a malformed quoted key")
            }
            return text
        }
        try Self.rejectUnsupported(key, line: position.line, column: position.column)
        return String(key)
    }

    // MARK: Scalars and flow collections

    /// A value on one line, or a flow collection that may continue on more-indented lines.
    private mutating func inlineValue(
        _ text: Substring, line: Int, column: Int, continuation: Int
    ) throws(YAMLError) -> YAMLNode {
        // Unicode scalars, 4 bytes each (a Character takes 16): a long scalar's memory stays near its size.
        var characters = Array(text.unicodeScalars)
        if text.hasPrefix("[") || text.hasPrefix("{") {
            // Gather continuation lines until the brackets close.
            while !FlowReader.balanced(characters), index < lines.count, lines[index].indent > continuation {
                characters += [" "] + Array(lines[index].text.unicodeScalars)
                index += 1
            }
        } else {
            characters = Array(text.strippingComment.unicodeScalars)
        }
        var reader = FlowReader(characters, line: line, column: column, keepsDuplicateKeys: keepsDuplicateKeys)
        let value = try reader.value()
        reader.skipSpaces()
        if !reader.atEnd && reader.peek != "#" {
            throw YAMLError(line: line, column: column + reader.offset, message: "unexpected text after a value")
        }
        return value
    }

    private mutating func blockScalar(
        _ header: Substring, parentIndent: Int, position: YAMLNode.Position
    ) throws(YAMLError) -> YAMLNode {
        let folded = header.hasPrefix(">")
        let indicator = header.dropFirst()
        guard indicator.isEmpty || indicator == "-" || indicator == "+" else {
            throw YAMLError(
                line: position.line, column: position.column,
                message: "only |, |-, |+, >, >- and >+ block scalars are supported")
        }
        // Blank lines were dropped on load; read the original spacing back from line numbers.
        var collected: [(number: Int, indent: Int, text: Substring)] = []
        while index < lines.count, lines[index].indent > parentIndent {
            collected.append((lines[index].number, lines[index].indent, lines[index].text))
            index += 1
        }
        guard let base = collected.map(\.indent).min() else { return .scalar("", quoted: true, position) }
        var resultLines: [String] = []
        var previous = position.line
        for entry in collected {
            for _ in 0..<max(0, entry.number - previous - 1) { resultLines.append("") }
            resultLines.append(String(repeating: " ", count: entry.indent - base) + entry.text)
            previous = entry.number
        }
        var text: String
        if folded {
            text = ""
            for (i, line) in resultLines.enumerated() {
                if i > 0 { text += line.isEmpty || resultLines[i - 1].isEmpty || line.hasPrefix(" ") ? "\n" : " " }
                text += line
            }
        } else {
            text = resultLines.joined(separator: "\n")
        }
        if indicator != "-" { text += "\n" }
        return .scalar(text, quoted: true, position)
    }
}

/// Reads flow collections and scalars from one logical line.
struct FlowReader {
    private var depth = 0
    let characters: [Unicode.Scalar]
    var offset = 0
    let line: Int
    let column: Int
    let keepsDuplicateKeys: Bool

    init(_ characters: [Unicode.Scalar], line: Int, column: Int, keepsDuplicateKeys: Bool = false) {
        self.characters = characters
        self.line = line
        self.column = column
        self.keepsDuplicateKeys = keepsDuplicateKeys
    }

    var atEnd: Bool { offset >= characters.count }
    var peek: Unicode.Scalar? { atEnd ? nil : characters[offset] }
    var position: YAMLNode.Position { .init(line: line, column: column + offset) }

    mutating func skipSpaces() { while let c = peek, c == " " { offset += 1 } }

    static func balanced(_ characters: [Unicode.Scalar]) -> Bool {
        var depth = 0
        var quote: Unicode.Scalar?
        for c in characters {
            if let q = quote { if c == q { quote = nil }; continue }
            if c == "\"" || c == "'" {
                quote = c
            } else if c == "[" || c == "{" {
                depth += 1
            } else if c == "]" || c == "}" {
                depth -= 1
            }
        }
        return depth <= 0
    }

    func error(_ message: String) -> YAMLError { YAMLError(line: line, column: column + offset, message: message) }

    mutating func value(inFlow: Bool = false) throws(YAMLError) -> YAMLNode {
        skipSpaces()
        let start = position
        depth += 1
        defer { depth -= 1 }
        if depth > YAMLParser.maxDepth { throw error("nesting deeper than \(YAMLParser.maxDepth) levels") }
        switch peek {
        case "[":
            offset += 1
            var items: [YAMLNode] = []
            skipSpaces()
            if peek == "]" { offset += 1; return .sequence(items, start) }
            while true {
                items.append(try value(inFlow: true))
                skipSpaces()
                if peek == "," {
                    offset += 1; skipSpaces(); if peek == "]" { offset += 1; return .sequence(items, start) }; continue
                }
                if peek == "]" { offset += 1; return .sequence(items, start) }
                throw error("expected ',' or ']' in a flow sequence")
            }
        case "{":
            offset += 1
            var pairs: [YAMLNode.Pair] = []
            var seen: [String: Int] = [:]
            skipSpaces()
            if peek == "}" { offset += 1; return .mapping(pairs, start) }
            while true {
                skipSpaces()
                let keyPosition = position
                guard case .scalar(let key, _, _) = try value(inFlow: true, isKey: true) else {
                    throw error("a flow mapping key must be a scalar")
                }
                skipSpaces()
                guard peek == ":" else { throw error("expected ':' after a key in a flow mapping") }
                offset += 1
                skipSpaces()
                let item: YAMLNode =
                    peek == "," || peek == "}" ? .scalar("", quoted: false, position) : try value(inFlow: true)
                if let first = seen[key], !keepsDuplicateKeys {
                    throw YAMLError(
                        line: keyPosition.line, column: keyPosition.column,
                        message: "duplicate key \"\(key)\" (first at column \(first))")
                }
                seen[key] = keyPosition.column
                pairs.append(.init(key: key, keyPosition: keyPosition, value: item))
                skipSpaces()
                if peek == "," { offset += 1; continue }
                if peek == "}" { offset += 1; return .mapping(pairs, start) }
                throw error("expected ',' or '}' in a flow mapping")
            }
        case "\"":
            return .scalar(try doubleQuoted(), quoted: true, start)
        case "'":
            return .scalar(try singleQuoted(), quoted: true, start)
        default:
            return try value(inFlow: inFlow, isKey: false)
        }
    }

    /// A plain scalar, ending at a flow indicator inside collections, or at ': ' for a key.
    mutating func value(inFlow: Bool, isKey: Bool) throws(YAMLError) -> YAMLNode {
        skipSpaces()
        let start = position
        if peek == "\"" { return .scalar(try doubleQuoted(), quoted: true, start) }
        if peek == "'" { return .scalar(try singleQuoted(), quoted: true, start) }
        if !isKey, peek == "[" || peek == "{" { return try value(inFlow: inFlow) }
        var text = String.UnicodeScalarView()
        while let c = peek {
            if inFlow && (c == "," || c == "]" || c == "}") { break }
            if c == ":"
                && (offset + 1 == characters.count || characters[offset + 1] == " "
                    || (inFlow && [",", "]", "}"].contains(characters[offset + 1])))
            {
                if isKey || inFlow { break }
            }
            if c == "#" && (text.isEmpty || text.last == " ") { break }
            text.append(c)
            offset += 1
        }
        let trimmed = Substring(String(text)).trimmingTrailingSpaces
        try YAMLParser.rejectUnsupported(trimmed, line: start.line, column: start.column)
        return .scalar(String(trimmed), quoted: false, start)
    }

    mutating func singleQuoted() throws(YAMLError) -> String {
        offset += 1
        var text = ""
        while let c = peek {
            offset += 1
            if c == "'" {
                if peek == "'" { text.append("'"); offset += 1; continue }
                return text
            }
            text.unicodeScalars.append(c)
        }
        throw error("an unterminated single-quoted string")
    }

    mutating func doubleQuoted() throws(YAMLError) -> String {
        offset += 1
        var text = ""
        while let c = peek {
            offset += 1
            if c == "\"" { return text }
            guard c == "\\" else { text.unicodeScalars.append(c); continue }
            guard let e = peek else { break }
            offset += 1
            switch e {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "\"": text.append("\"")
            case "\\": text.append("\\")
            case "/": text.append("/")
            case "0": text.append("\0")
            case "u":
                guard offset + 4 <= characters.count,
                    let code = UInt32(String(String.UnicodeScalarView(characters[offset..<(offset + 4)])), radix: 16),
                    let scalar = Unicode.Scalar(code)
                else { throw error("a \\u escape needs four hex digits") }
                text.unicodeScalars.append(scalar)
                offset += 4
            default: throw error("an unsupported escape \\\(e) in a double-quoted string")
            }
        }
        throw error("an unterminated double-quoted string")
    }
}

extension YAMLParser {
    /// Anchors, aliases and tags are outside the subset.
    static func rejectUnsupported(_ text: Substring, line: Int, column: Int) throws(YAMLError) {
        guard let first = text.first else { return }
        switch first {
        case "&": throw YAMLError(line: line, column: column, message: "anchors (&) are not supported")
        case "*": throw YAMLError(line: line, column: column, message: "aliases (*) are not supported")
        case "!": throw YAMLError(line: line, column: column, message: "tags (!) are not supported")
        case "@", "`": throw YAMLError(line: line, column: column, message: "a plain scalar cannot start with \(first)")
        case "?":
            if text.count > 1 && text.dropFirst().first == " " {
                throw YAMLError(line: line, column: column, message: "complex keys (?) are not supported")
            }
        default: break
        }
    }
}

extension Substring {
    /// Without trailing spaces and tabs; linear in the number removed (it walks the UTF-8 view, not Characters).
    var trimmingTrailingSpaces: Substring {
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let previous = utf8.index(before: end)
            guard utf8[previous] == UInt8(ascii: " ") || utf8[previous] == UInt8(ascii: "\t") else { break }
            end = previous
        }
        return self[..<end]
    }

    /// The text before a ` #` comment that is outside quotes.
    var strippingComment: Substring {
        var quote: Character?
        var previous: Character = " "
        for i in indices {
            let c = self[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                if previous == " " || previous == "[" || previous == "{" || previous == "," || i == startIndex {
                    quote = c
                }
            } else if c == "#" && previous == " " {
                return self[..<i].trimmingTrailingSpaces
            }
            previous = c
        }
        return trimmingTrailingSpaces
    }
}
