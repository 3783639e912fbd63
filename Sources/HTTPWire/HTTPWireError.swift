/// Why a message could not be read, sent or answered: a code, the status a server answers it with, and a sentence
/// naming the place (the line of the head, the field, the byte count).
public struct HTTPWireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Hashable, Sendable {
        /// Not HTTP/1.x as RFC 9112 writes it: a request line, a field or a chunk that cannot be read.
        case malformed
        /// The head, a field or the body is larger than the limits allow.
        case tooLarge
        /// An HTTP version other than 1.0 and 1.1.
        case unsupportedVersion
        /// A transfer coding other than `chunked`.
        case unsupportedCoding
        /// The peer took longer than allowed (a head sent a byte at a time, a body that never ends).
        case timeout
        /// The connection closed or was reset before the message ended.
        case closed
        /// A socket call failed (bind, connect, read, write).
        case socket
    }

    public var code: Code
    /// The status a server answers with (400, 408, 413, 431, 501, 505); 0 where none is sent.
    public var status: Int
    /// A sentence naming the place.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, status: Int = 0, _ message: String) {
        self.code = code
        self.status = status
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
