import Foundation

/// The replays a run's failures were given, kept by their text, so that a failure (whose record keeps only the text)
/// can be told as the suite, seed and run that replay it: to store it, or to replay it on another implementation.
package final class ReplayLog: @unchecked Sendable {
    private let lock = NSLock()
    private var byText: [String: Replay] = [:]
    private let render: @Sendable (Replay) -> String

    /// A log whose replays read as `render` writes them (a command line, a test's call).
    package init(render: @escaping @Sendable (Replay) -> String) { self.render = render }

    /// The text of `replay`, remembered; give this to ``ConformanceRunner/replayText``.
    package func record(_ replay: Replay) -> String {
        let text = render(replay)
        lock.withLock { byText[text] = replay }
        return text
    }

    /// The replay whose text is `text`.
    package func replay(for text: String) -> Replay? { lock.withLock { byText[text] } }
}
