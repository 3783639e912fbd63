/// How much a peer may send and how long it may take: the bounds that keep a hostile peer (a head sent a byte at a
/// time, a body of a gigabyte, a thousand open connections) from taking the kit's memory or time.
public struct HTTPLimits: Hashable, Sendable {
    /// The request line and header fields together, in bytes.
    public var headBytes: Int
    /// How many header fields.
    public var fields: Int
    /// The body, in bytes, after any chunked coding is removed.
    public var bodyBytes: Int
    /// How long a head may take from its first byte, and a body from the end of its head.
    public var messageTime: Duration
    /// How long a kept-alive connection may stay silent between requests.
    public var idleTime: Duration
    /// How long a write may wait for a peer that does not read.
    public var writeTime: Duration

    /// Creates limits; the defaults suit a test server on loopback.
    public init(
        headBytes: Int = 16 * 1024, fields: Int = 100, bodyBytes: Int = 1024 * 1024,
        messageTime: Duration = .seconds(10),
        idleTime: Duration = .seconds(30), writeTime: Duration = .seconds(10)
    ) {
        self.headBytes = headBytes
        self.fields = fields
        self.bodyBytes = bodyBytes
        self.messageTime = messageTime
        self.idleTime = idleTime
        self.writeTime = writeTime
    }
}
