/// `{{key}}` in a screen's text: each token replaced by the variable's display string (RUN-INTERP), an unknown key
/// by nothing (RUN-INTERP-UNKNOWN). Spaces around the key are ignored; a `{{` with no `}}` after it is text.
public enum RuntimeInterpolation {
    /// `text` with its tokens replaced from `variables`.
    public static func render(_ text: String, variables: [String: RuntimeValue]) -> String {
        var rules = RuleList()
        return render(text, variables: variables, rules: &rules)
    }

    static func render(_ text: String, variables: [String: RuntimeValue], rules: inout RuleList) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else { break }
            output += rest[..<open.lowerBound]
            let key = rest[open.upperBound..<close.lowerBound].trimmingSpaces
            if let value = variables[key] {
                rules.add(.runInterp)
                output += value.displayString
            } else {
                rules.add(.runInterpUnknown)
            }
            rest = rest[close.upperBound...]
        }
        return output + rest
    }
}

extension Substring {
    /// The text without the spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
