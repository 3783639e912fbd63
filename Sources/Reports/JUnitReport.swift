import ConformanceRules
import FlowCheckCore
package import FlowCheckRecords

/// JUnit XML: one testsuite per suite, one testcase per ``ReportCase``.
package enum JUnitReport {
    /// The whole JUnit XML document for a run.
    package static func render(_ input: RunRecord) -> String {
        let cases = ReportCase.cases(input)
        let failures = cases.filter {
            if case .failed = $0.outcome { return true }; return false
        }.count
        let errors = cases.filter {
            if case .errored = $0.outcome { return true }; return false
        }.count
        let skipped = cases.filter {
            if case .skipped = $0.outcome { return true }; return false
        }.count
        var xml = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        xml.append(
            #"<testsuites name="FlowCheck: \#(escape(title(input)))" tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)">"#
        )
        for suite in input.suites.map(\.suite.rawValue) + (input.cases.isEmpty ? [] : ["corpus"])
            + ((input.gate?.stale ?? []).isEmpty ? [] : ["gate"])
        {
            let own = cases.filter { $0.suite == suite }
            let ownFailures = own.filter {
                if case .failed = $0.outcome { return true }; return false
            }.count
            let ownErrors = own.filter {
                if case .errored = $0.outcome { return true }; return false
            }.count
            let ownSkipped = own.filter {
                if case .skipped = $0.outcome { return true }; return false
            }.count
            xml.append(
                #"  <testsuite name="\#(escape(suite))" tests="\#(own.count)" failures="\#(ownFailures)" errors="\#(ownErrors)" skipped="\#(ownSkipped)">"#
            )
            xml.append("    <properties>")
            let properties =
                [
                    ("kit.version", input.header.kit.version),
                    ("implementation.name", input.header.implementation.name),
                    ("implementation.version", input.header.implementation.version),
                    ("implementation.language", input.header.implementation.language),
                    ("seed", String(input.header.seed)), ("verdict", input.verdict.overall.rawValue),
                ] + (input.gate.map { [("gate", $0.passed ? "passed" : "failed"), ("gate.by", $0.by)] } ?? [])
            for (name, value) in properties {
                xml.append(#"      <property name="\#(name)" value="\#(escape(value))"/>"#)
            }
            xml.append("    </properties>")
            for testCase in own {
                let open = #"    <testcase classname="\#(escape(testCase.classname))" name="\#(escape(testCase.name))""#
                switch testCase.outcome {
                case .passed:
                    xml.append(open + "/>")
                case .failed(let message, let detail):
                    xml.append(open + ">")
                    xml.append(
                        #"      <failure message="\#(escape(message))" type="divergence">\#(escape(detail))</failure>"#)
                    xml.append("    </testcase>")
                case .skipped(let reason):
                    xml.append(open + ">")
                    xml.append(#"      <skipped message="\#(escape(reason))"/>"#)
                    xml.append("    </testcase>")
                case .errored(let message):
                    xml.append(open + ">")
                    xml.append(#"      <error message="could not run" type="error">\#(escape(message))</error>"#)
                    xml.append("    </testcase>")
                case .deviated(let message, let detail):
                    // Passed as JUnit counts it: a deviation from a SHOULD rule fails nothing, but is shown in full.
                    xml.append(open + ">")
                    xml.append("      <system-out>\(escape(message + "\n" + detail))</system-out>")
                    xml.append("    </testcase>")
                }
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    /// The verdict, and the gate's decision beside it when a gate decided the run: `DIVERGENT; gate PASSED by the
    /// baseline`, so that a CI reporter's title agrees with the step's exit code.
    static func title(_ input: RunRecord) -> String {
        input.verdict.overall.title + (input.interrupted.map { " (interrupted by \($0))" } ?? "")
            + (input.gate.map { "; gate \($0.passed ? "PASSED" : "FAILED") by \($0.by)" } ?? "")
    }

    /// Escapes text for XML attributes and content; the control characters XML 1.0 forbids are shown as `\u{1B}`.
    package static func escape(_ text: String) -> String {
        var result = ""
        for scalar in VisibleText.escapingControls(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids U+FFFE and U+FFFF as well as the C0 controls: one would make the file unreadable.
                if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else if scalar.value >= 0x20 {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
