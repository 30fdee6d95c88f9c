import Foundation
import UnderstudySupport

/// A response body left in its file, for a transport that reads or sends a file's bytes
/// itself (the live server): reading a large body into memory and writing it out again costs
/// two copies per answer, and a body past the body cache's budget is read on every answer
/// anyway, better straight into the answer's buffer than into an array copied there.
///
/// The descriptor belongs to the `BodyFile`, which this value keeps alive: it stays open as
/// long as any `FileBody` holds it. Only the transport may use it, and only with explicit
/// offsets (`sendfile`, `pread`), never moving the file's position.
package struct FileBody: Sendable {
    /// How the transport gets the bytes to the socket.
    package enum Delivery: Sendable, Equatable {
        /// Straight from the file (`sendfile`): a body large enough that a copy costs more
        /// than a second system call (`BodyStore.minimumFileBodyCount`).
        case sent
        /// Read into the answer's buffer after its head (`read(into:)`): a smaller body the
        /// body cache neither holds nor has room for.
        case readIntoAnswer
    }

    /// The file the bytes come from.
    package let file: BodyFile
    /// Its kept descriptor.
    package let descriptor: Int32
    /// How many bytes to send, from offset 0: the file's size when it was checked for this
    /// answer (sent), or when it was opened (read into the answer, which checks it then).
    package let count: Int
    package let delivery: Delivery

    package init(file: BodyFile, descriptor: Int32, count: Int, delivery: Delivery) {
        self.file = file
        self.descriptor = descriptor
        self.count = count
        self.delivery = delivery
    }

    /// The bytes, read from the file; for a consumer that needs them in memory after all.
    package func read() -> [UInt8] {
        (try? file.read()) ?? []
    }

    /// Reads the bytes into `memory`, which holds at least `count + 1` bytes: true when the
    /// file still holds exactly `count` bytes, false when an edit in place since it was opened
    /// changed its size (read it with `read()` then, and frame the answer anew). The one byte
    /// more tells a file that grew.
    package func read(into memory: UnsafeMutableRawBufferPointer) -> Bool {
        precondition(memory.count > count, "room for the body and one byte more")
        return Platform.readBytes(descriptor, into: memory.baseAddress, count: count + 1, at: 0) == count
    }
}
