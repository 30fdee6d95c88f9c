/// Whether a connection may read more, as NIO's own back-pressure does it: reading pauses while
/// the socket's send buffer is full (the client does not read its answers) or too many requests
/// wait for theirs, and the held read goes ahead once both ease.
struct BackPressure {
    /// Whether the socket's send buffer has room.
    var socketWritable = true
    /// A read the channel asked for and was refused, to release later.
    private var readHeld = false

    /// Whether the channel may read now, with `queued` requests waiting; a refusal is remembered.
    mutating func mayRead(queued: Int, limit: Int) -> Bool {
        guard socketWritable, queued < limit else {
            readHeld = true
            return false
        }
        return true
    }

    /// Whether a held read may now go ahead (and is no longer held).
    mutating func releasesHeldRead(queued: Int, limit: Int) -> Bool {
        guard readHeld, socketWritable, queued < limit else { return false }
        readHeld = false
        return true
    }
}
