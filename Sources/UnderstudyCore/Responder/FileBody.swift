import Foundation

/// A response body left in its file, for a transport that can send a file's bytes to a socket
/// itself (the live server's `sendfile`): reading a large body into memory and writing it out
/// again costs two copies per answer, past the body cache's budget a `pread` too.
///
/// The descriptor belongs to the `BodyFile`, which this value keeps alive: it stays open as
/// long as any `FileBody` holds it. Only the transport may use it, and only with explicit
/// offsets (`sendfile`, `pread`), never moving the file's position.
package struct FileBody: Sendable {
    /// The file the bytes come from.
    package let file: BodyFile
    /// Its kept descriptor.
    package let descriptor: Int32
    /// How many bytes to send, from offset 0: the file's size when it was checked for this answer.
    package let count: Int

    /// The bytes, read from the file; for a consumer that needs them in memory after all.
    package func read() -> [UInt8] {
        (try? file.read()) ?? []
    }
}
