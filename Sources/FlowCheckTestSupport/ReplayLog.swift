import FlowCheckEngine
import Foundation

/// The replays a run's failures were given, kept by their text, so that a failure (which keeps only the text) can be
/// stored as the suite, seed and run that replay it.
final class ReplayLog: @unchecked Sendable {
    private let lock = NSLock()
    private var byText: [String: Replay] = [:]
    private let call: CallReplay

    init(spec: String?) { call = CallReplay(spec: spec) }

    /// The call that replays `replay`, remembered.
    func record(_ replay: Replay) -> String {
        let text = call.text(replay)
        lock.withLock { byText[text] = replay }
        return text
    }

    /// The replay whose call is `text`.
    func replay(for text: String) -> Replay? { lock.withLock { byText[text] } }
}
