import Foundation
import PropertyTesting

#if canImport(Glibc)
import Glibc
#endif

/// Wall and CPU time of a piece of work, and the process's resident size.
enum BenchClock {
    /// Wall seconds and CPU seconds (user + system, every thread of this process) that `body` took.
    static func measure<T>(_ body: () throws -> T) rethrows -> (value: T, wall: Double, cpu: Double) {
        let cpuBefore = cpuSeconds()
        let start = ContinuousClock.now
        let value = try body()
        let wall = (ContinuousClock.now - start).seconds
        return (value, wall, cpuSeconds() - cpuBefore)
    }

    /// CPU seconds used so far by this process, or with `children` by its reaped children.
    static func cpuSeconds(children: Bool = false) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// The resident set size now, in bytes (from /proc/self/statm).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// The median of `count` runs of `body`'s figure.
    static func median(_ count: Int, _ body: () -> Double) -> Double {
        let values = (0..<max(count, 1)).map { _ in body() }.sorted()
        return values[values.count / 2]
    }
}

/// `1,234,567` for large figures, two decimals for small ones.
func formatted(_ value: Double) -> String {
    // The sign apart: a negative growth or overhead is written as its magnitude is, after a minus.
    guard value.isFinite else { return "\(value)" }
    if value < 0 { return "-" + formatted(-value) }
    if value >= 1000 {
        let digits = String(Int(value.rounded()))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
    if value == value.rounded() { return String(Int(value)) }
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
