package import NavigationModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads navigation replies straight from the bytes of their line, with no JSON tree in between, when the line has
/// the plain shape the protocol documents: the reply to a batch of commands, or to one command.
///
/// A reply holds the whole stack after its step, so most of what the kit spent on a run against a fast implementation
/// went into parsing it into a tree, turning the tree into replies, and freeing the tree. This reader
/// accepts only what it can read without doubt: the documented members, each once, strings without escapes, integer
/// literals for seqs, nothing unknown. On anything else it gives up, and the general reader (``Wire``) parses the
/// line and says what is wrong with it, so that both readers agree on every line this one accepts.
package struct ReplyScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The stack of the reply read last, and where each of its entries is written: a stack is sent again after every
    /// step, and an entry written with the same bytes as the one at its place before is that entry.
    private var previous: (entries: [StackEntry], texts: [Range<Int>]) = ([], [])

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The replies in `line`, the reply to a batch request of seq `seq` holding a reset and `count - 1` commands
    /// (the reset's own reply is checked and left out), or `nil` when the line is in any way not the plain shape.
    package static func replies(in line: UnsafeBufferPointer<UInt8>, seq: Int, count: Int) -> [NavigationReply]? {
        var scanner = ReplyScanner(line)
        return scanner.batch(seq: seq, count: count)
    }

    /// The reply in `line`, the reply to one command of seq `seq`, or `nil` when the line is in any way not the plain
    /// shape.
    package static func reply(in line: UnsafeBufferPointer<UInt8>, seq: Int) -> NavigationReply? {
        var scanner = ReplyScanner(line)
        guard let reply = scanner.reply(seq: seq), scanner.atEnd() else { return nil }
        return reply
    }

    /// `{"replies": [...], "seq": seq}`, the members in any order, and nothing after it.
    private mutating func batch(seq: Int, count: Int) -> [NavigationReply]? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var echoed = false
        var replies: [NavigationReply]?
        repeat {
            guard let key = key() else { return nil }
            switch key {
            case .seq:
                guard !echoed, integer() == seq else { return nil }
                echoed = true
            case .replies:
                guard replies == nil, let items = items(seq: seq, count: count) else { return nil }
                replies = items
            default: return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), echoed, atEnd() else { return nil }
        return replies
    }

    /// The array of `count` replies: the reset's, then one per command, each echoing the seq after the last.
    private mutating func items(seq: Int, count: Int) -> [NavigationReply]? {
        guard count > 0, take(UInt8(ascii: "[")), resetReply(seq: seq + 1) else { return nil }
        var replies: [NavigationReply] = []
        replies.reserveCapacity(count - 1)
        for offset in 1..<count {
            guard take(UInt8(ascii: ",")), let reply = reply(seq: seq + 1 + offset) else { return nil }
            replies.append(reply)
        }
        return take(UInt8(ascii: "]")) ? replies : nil
    }

    /// `{"ok": true, "seq": seq}`.
    private mutating func resetReply(seq: Int) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        var ok = false, echoed = false
        repeat {
            switch key() {
            case .ok?:
                guard !ok, literal("true") else { return false }
                ok = true
            case .seq?:
                guard !echoed, integer() == seq else { return false }
                echoed = true
            default: return false
            }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) && ok && echoed
    }

    /// `{"outcome", "reason" (a string or null), "seq", "state"}`.
    private mutating func reply(seq: Int) -> NavigationReply? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var applied: Bool?, reason: String??, echoed = false, state: SessionState?
        repeat {
            switch key() {
            case .outcome?:
                guard applied == nil, let word = stringText() else { return nil }
                if equal(word, "applied") {
                    applied = true
                } else if equal(word, "rejected") {
                    applied = false
                } else {
                    return nil
                }
            case .reason?:
                guard reason == nil, let read = stringOrNull() else { return nil }
                reason = read
            case .seq?:
                guard !echoed, integer() == seq else { return nil }
                echoed = true
            case .state?:
                guard state == nil, let read = sessionState() else { return nil }
                state = read
            default: return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let applied, echoed, let state else { return nil }
        let outcome: NavigationOutcome =
            applied ? .applied : .rejected((reason ?? nil).map(RejectionReason.init(rawValue:)))
        return NavigationReply(outcome: outcome, state: state)
    }

    /// `{"pending": null | {"id"}, "stack": [...]}`, `pending` optional.
    private mutating func sessionState() -> SessionState? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var pending: String??, stack: ScreenStack?
        repeat {
            switch key() {
            case .pending?:
                guard pending == nil else { return nil }
                if literal("null") {
                    pending = .some(nil)
                } else {
                    guard take(UInt8(ascii: "{")), key() == .id, let text = stringText(), take(UInt8(ascii: "}"))
                    else { return nil }
                    pending = .some(string(text))
                }
            case .stack?:
                guard stack == nil, let read = self.stack() else { return nil }
                stack = read
            default: return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let stack else { return nil }
        return SessionState(stack: stack, pendingID: pending ?? nil)
    }

    /// An array of entries.
    private mutating func stack() -> ScreenStack? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var entries: [StackEntry] = [], texts: [Range<Int>] = []
        if take(UInt8(ascii: "]")) {
            previous = ([], [])
            return ScreenStack([])
        }
        entries.reserveCapacity(previous.entries.count + 1)
        texts.reserveCapacity(previous.entries.count + 1)
        repeat {
            skipWhitespace()
            let start = index
            let place = entries.count
            if place < previous.texts.count, let end = sameText(as: previous.texts[place]) {
                index = end
                entries.append(previous.entries[place])
            } else {
                guard let entry = entry() else { return nil }
                entries.append(entry)
            }
            texts.append(start..<index)
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")) else { return nil }
        previous = (entries, texts)
        return ScreenStack(entries)
    }

    /// Where the text at ``index`` ends when it repeats the bytes of `text`, an entry's text read before.
    private func sameText(as text: Range<Int>) -> Int? {
        let end = index + text.count
        guard end <= bytes.count, let base = bytes.baseAddress,
            memcmp(base + index, base + text.lowerBound, text.count) == 0
        else { return nil }
        return end
    }

    /// `{"flow": string | null, "flowRoot", "presentation", "screen"}`, `flow` optional.
    private mutating func entry() -> StackEntry? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var screen: String?, flow: String??, flowRoot: Bool?, presentation: EntryPresentation?
        repeat {
            switch key() {
            case .screen?:
                guard screen == nil, let text = stringText() else { return nil }
                screen = string(text)
            case .flow?:
                guard flow == nil, let read = stringOrNull() else { return nil }
                flow = read
            case .flowRoot?:
                guard flowRoot == nil else { return nil }
                if literal("true") {
                    flowRoot = true
                } else if literal("false") {
                    flowRoot = false
                } else {
                    return nil
                }
            case .presentation?:
                guard presentation == nil, let word = stringText() else { return nil }
                if equal(word, "push") {
                    presentation = .push
                } else if equal(word, "root") {
                    presentation = .root
                } else if equal(word, "modal") {
                    presentation = .modal
                } else {
                    return nil
                }
            default: return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let screen, let flowRoot, let presentation else { return nil }
        return StackEntry(screen: screen, flow: flow ?? nil, flowRoot: flowRoot, presentation: presentation)
    }

    // MARK: Tokens

    /// The members this reader knows.
    private enum Key {
        case seq, replies, ok, outcome, reason, state, pending, id, stack, screen, flow, flowRoot, presentation
    }

    /// A member's key and the colon after it; `nil` for a key this reader does not know.
    private mutating func key() -> Key? {
        guard let text = stringText(), take(UInt8(ascii: ":")) else { return nil }
        switch text.count {
        case 2: if equal(text, "id") { return .id } else if equal(text, "ok") { return .ok }
        case 3: if equal(text, "seq") { return .seq }
        case 4: if equal(text, "flow") { return .flow }
        case 5: if equal(text, "stack") { return .stack } else if equal(text, "state") { return .state }
        case 6: if equal(text, "screen") { return .screen } else if equal(text, "reason") { return .reason }
        case 7:
            if equal(text, "replies") { return .replies } else if equal(text, "outcome") { return .outcome }
            if equal(text, "pending") { return .pending }
        case 8: if equal(text, "flowRoot") { return .flowRoot }
        case 12: if equal(text, "presentation") { return .presentation }
        default: break
        }
        return nil
    }

    /// Where the characters of the string at ``index`` lie, between its quotes; `nil` for anything but a string
    /// without escapes or control characters (the line is valid UTF-8 already).
    private mutating func stringText() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// `null` as `.some(nil)`, a string as itself; `nil` for anything else.
    private mutating func stringOrNull() -> String?? {
        if literal("null") { return .some(nil) }
        guard let text = stringText() else { return nil }
        return .some(string(text))
    }

    private func string(_ text: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self)
    }

    private func equal(_ text: Range<Int>, _ word: StaticString) -> Bool {
        guard text.count == word.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base + text.lowerBound, word.utf8Start, text.count) == 0
    }

    /// A non-negative integer literal of up to 15 digits, with no fraction or exponent.
    private mutating func integer() -> Int? {
        skipWhitespace()
        let start = index
        var value = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            // A longer number is refused below, and accumulating it would overflow.
            guard index - start < 15 else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits <= 15, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        guard index == bytes.count || (bytes[index] != UInt8(ascii: ".") && bytes[index] | 0x20 != UInt8(ascii: "e"))
        else { return nil }
        return value
    }

    /// Reads `word` (`true`, `false`, `null`) when it comes next; otherwise reads nothing.
    private mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, let base = bytes.baseAddress,
            memcmp(base + index, word.utf8Start, count) == 0
        else { return false }
        index += count
        return true
    }

    /// Whether nothing but whitespace is left.
    private mutating func atEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// Reads `byte` when it comes next, after any whitespace.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
