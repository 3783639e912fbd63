/// Lays JSON text out for reading without parsing it again: every token keeps its exact spelling (numbers, escapes,
/// repeated keys), so the view cannot disagree with the text a decoder received, even when that text is not JSON.
public enum JSONLayout {
    /// The text indented by two spaces a level, one member or element a line, `{}` and `[]` kept together.
    /// Whitespace outside strings is replaced; everything else is copied as it is.
    public static func indented(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var depth = 0
        var inString = false
        var escaped = false
        var index = 0
        func newline() { out += "\n" + String(repeating: "  ", count: max(depth, 0)) }
        func nextSignificant(after position: Int) -> Character? {
            var next = position + 1
            while next < characters.count, characters[next].isWhitespace { next += 1 }
            return next < characters.count ? characters[next] : nil
        }
        while index < characters.count {
            let character = characters[index]
            defer { index += 1 }
            if inString {
                out.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            // Two tokens that only whitespace kept apart (`1 2`, in text that is not JSON) stay apart.
            if index > 0, characters[index - 1].isWhitespace, !"{}[],:".contains(character),
                let last = out.last, !"{[,: \n".contains(last)
            {
                out.append(" ")
            }
            switch character {
            case "\"":
                inString = true
                out.append(character)
            case "{", "[":
                out.append(character)
                let closing: Character = character == "{" ? "}" : "]"
                if nextSignificant(after: index) == closing {
                    // An empty container stays on one line.
                    while characters[index] != closing { index += 1 }
                    out.append(closing)
                } else {
                    depth += 1
                    newline()
                }
            case "}", "]":
                depth -= 1
                newline()
                out.append(character)
            case ",":
                out.append(character)
                newline()
            case ":":
                out += ": "
            case _ where character.isWhitespace:
                break
            default:
                out.append(character)
            }
        }
        return out
    }
}
