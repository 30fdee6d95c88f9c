import NIOCore

/// What one client may ask of the server, and what it gets past each limit. Every limit
/// protects the others: the offending connection gets its answer and closes, and the server
/// goes on serving everyone else.
public struct ServerLimits: Sendable, Hashable {
    /// Larger request bodies get 413 Content Too Large.
    public var maximumBodySize: Int
    /// A larger header block (request line excluded), or a larger single header, gets
    /// 431 Request Header Fields Too Large.
    public var maximumHeaderSize: Int
    /// More header fields get 431.
    public var maximumHeaderCount: Int
    /// Each request must arrive complete within this time of the connection being ready for
    /// it (opened, or its previous answer sent); otherwise 408 Request Timeout and the close.
    /// This closes idle keep-alive connections and clients that drip a request slowly.
    public var requestTimeout: TimeAmount
    /// Connections past this many open at once get 503 Service Unavailable and the close.
    public var maximumConnections: Int
    /// Requests one connection may have read ahead of their answers (pipelining); past it the
    /// server stops reading that connection until answers go out.
    public var maximumQueuedRequests: Int
    /// Answers one connection gets in a row before the event loop serves the others.
    public var answersPerTurn: Int
    /// On shutdown, how long answers in flight get to finish before their connections are
    /// closed regardless.
    public var shutdownGrace: TimeAmount

    /// Limits that no honest test client comes near.
    public static let standard = ServerLimits(
        maximumBodySize: 16 << 20, maximumHeaderSize: 64 << 10, maximumHeaderCount: 200, requestTimeout: .seconds(60),
        maximumConnections: 4096)

    public init(
        maximumBodySize: Int, maximumHeaderSize: Int, maximumHeaderCount: Int, requestTimeout: TimeAmount, maximumConnections: Int,
        maximumQueuedRequests: Int = 64, answersPerTurn: Int = 4, shutdownGrace: TimeAmount = .seconds(2)
    ) {
        self.maximumBodySize = maximumBodySize
        self.maximumHeaderSize = maximumHeaderSize
        self.maximumHeaderCount = maximumHeaderCount
        self.requestTimeout = requestTimeout
        self.maximumConnections = maximumConnections
        self.maximumQueuedRequests = maximumQueuedRequests
        self.answersPerTurn = answersPerTurn
        self.shutdownGrace = shutdownGrace
    }
}
