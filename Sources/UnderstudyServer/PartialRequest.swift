import NIOCore

/// The request a connection is reading: its head, and its body so far or the fact that the
/// body passed the limit (then it is dropped, and the request answered 413).
struct PartialRequest {
    enum Body {
        case bytes([UInt8])
        case tooLarge
    }

    let head: RequestHead
    private(set) var body = Body.bytes([])

    init(head: RequestHead) {
        self.head = head
    }

    /// Adds `buffer` to the body, or marks it too large once it would pass `limit` bytes.
    mutating func append(_ buffer: ByteBuffer, limit: Int) {
        guard case .bytes(var bytes) = body else { return }
        body = .tooLarge  // the bytes released from `body`, so appending does not copy them
        guard bytes.count + buffer.readableBytes <= limit else { return }
        buffer.withUnsafeReadableBytes { bytes.append(contentsOf: $0) }
        body = .bytes(bytes)
    }

    /// The request, read in full.
    var received: ConnectionStateMachine.Received {
        switch body {
        case .bytes(let bytes): ConnectionStateMachine.Received(head: head, body: bytes, bodyTooLarge: false)
        case .tooLarge: ConnectionStateMachine.Received(head: head, body: [], bodyTooLarge: true)
        }
    }
}
