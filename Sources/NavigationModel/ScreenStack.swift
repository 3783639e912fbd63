/// The client's navigation stack: entries bottom first.
///
/// A valid stack is non-empty and entry 0 is its only `root` entry. A *layer*
/// starts at entry 0 or at a `modal` entry and runs up to the next modal entry;
/// the last layer is the *top layer*, where PUSH and friends act.
///
/// The type does not enforce validity so that it can also hold what an
/// implementation under test reports; ``shapeProblem`` says what is wrong.
/// JSON shape: an array of ``StackEntry``.
public struct ScreenStack: Hashable, Codable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The entries, bottom first.
    public var entries: [StackEntry]

    /// Creates a stack from entries, bottom first.
    public init(_ entries: [StackEntry]) { self.entries = entries }

    public init(arrayLiteral elements: StackEntry...) { self.entries = elements }

    public init(from decoder: any Decoder) throws {
        entries = try decoder.singleValueContainer().decode([StackEntry].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(entries)
    }

    /// Compares the entries where they lie, by their bytes first. The model's stack is compared with an
    /// implementation's at every step, and comparing names as strings copied each one read (a retain and a release
    /// per long name). Identical bytes are equal entries: the same short names held inline, or the same storage of a
    /// long one, and the same flags. Entries whose bytes differ are compared as values.
    @inlinable
    public static func == (lhs: ScreenStack, rhs: ScreenStack) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        return lhs.entries.withUnsafeBufferPointer { a in
            rhs.entries.withUnsafeBufferPointer { b in
                guard let first = a.baseAddress, let second = b.baseAddress, first != second else { return true }
                let x = UnsafeRawPointer(first), y = UnsafeRawPointer(second), stride = MemoryLayout<StackEntry>.stride
                // `&*`: an index below the count times the stride is within the buffer, and cannot overflow.
                for index in a.indices where !StackEntry.sameBytes(x + index &* stride, y + index &* stride) {
                    if !(a[index] == b[index]) { return false }
                }
                return true
            }
        }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> StackEntry { entries[position] }

    /// The index where the top layer starts: the last modal entry, or 0.
    public var topLayerStart: Int {
        entries.lastIndex(where: { $0.presentation == .modal }) ?? 0
    }

    /// The index where each layer starts, bottom first.
    public var layerStarts: [Int] {
        guard !entries.isEmpty else { return [] }
        return [0] + entries.indices.dropFirst().filter { entries[$0].presentation == .modal }
    }

    /// Why this is not a valid stack, or `nil` when it is.
    public var shapeProblem: String? {
        guard let first = entries.first else { return "the stack is empty" }
        if first.presentation != .root {
            return "entry 0 (\(first.screen)) has presentation \"\(first.presentation.rawValue)\", expected \"root\""
        }
        // By index: each session starts with this check, and iterating would copy every entry, names and all.
        for index in entries.indices {
            if entries[index].screen.isEmpty { return "entry \(index) has an empty screen name" }
            if index > 0 && entries[index].presentation == .root {
                return "entry \(index) (\(entries[index].screen)) has presentation \"root\"; only entry 0 may"
            }
        }
        return nil
    }

    /// Flows that have more than one flow root inside one layer, as `(layerStart, flow)` pairs.
    public var duplicateFlowRoots: [(layerStart: Int, flow: String)] {
        var result: [(Int, String)] = []
        let starts = layerStarts
        for (n, start) in starts.enumerated() {
            let end = n + 1 < starts.count ? starts[n + 1] : entries.count
            var seen: [String] = []
            for entry in entries[start..<end] where entry.flowRoot {
                guard let flow = entry.flow else { continue }
                if seen.contains(flow) {
                    if !result.contains(where: { $0.0 == start && $0.1 == flow }) { result.append((start, flow)) }
                } else {
                    seen.append(flow)
                }
            }
        }
        return result
    }
}

extension ScreenStack: CustomStringConvertible {
    /// The stack in the compact form `[HOME, CART(CHECKOUT)*, ^LOGIN(AUTH)*]`.
    public var description: String {
        "[" + entries.map(\.description).joined(separator: ", ") + "]"
    }
}
