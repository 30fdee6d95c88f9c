import Foundation
import UnderstudySupport

/// A response body kept in a file. A class so the body store can key its cache by identity
/// instead of hashing the path on every request, and so it can keep the file open.
///
/// Fixtures are a snapshot taken at startup, bodies included: once a body has been read, the
/// file stays open (or cached), so replacing or deleting it does not change what is served.
/// Restart the server to pick up edits. A file written over in place (the same inode) may be
/// served as it now is; every answer is still whole and framed to its length.
package final class BodyFile: Sendable {
    /// The absolute path.
    public let path: String
    /// The open descriptor and the size when opened, once read; `nil` until then or when the
    /// process has no descriptor to spare.
    private let open = Locked<(descriptor: Int32, size: Int)?>(nil)

    public init(path: String) {
        self.path = path
    }

    deinit {
        if let descriptor = open.withLock({ $0?.descriptor }) {
            Platform.closeFile(descriptor)
            BodyFileDescriptors.release()
        }
    }

    /// The file's bytes: one `pread` on a kept descriptor, or a plain read when none is kept.
    package func read() throws(FileBytes.IOError) -> [UInt8] {
        try readNotingChange().bytes
    }

    /// The file's bytes, and whether they have the size the file had when it was opened: an
    /// edit in place since then (an editor saving over the file) makes them `changed`, and
    /// not worth keeping in a cache as the body.
    package func readNotingChange() throws(FileBytes.IOError) -> (bytes: [UInt8], changed: Bool) {
        guard let (descriptor, size) = kept() else { return (try FileBytes.read(path), false) }
        // One byte more than the size tells whether the file grew since it was opened.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        let count = bytes.withUnsafeMutableBytes { Platform.readBytes(descriptor, into: $0.baseAddress, count: $0.count, at: 0) }
        guard count >= 0, count <= size else { return (try FileBytes.read(path), true) }
        bytes.removeLast(bytes.count - count)
        return (bytes, count != size)
    }

    /// Whether the file still has the size it had when `kept()` opened it. Checking it before
    /// sending the file as it is keeps a transport from promising more bytes than the file
    /// still has (an edit in place: the bytes are then read, as `read()` does).
    package func stillHas(size: Int, descriptor: Int32) -> Bool {
        Platform.fileInfo(descriptor: descriptor).map { Int($0.size) == size } ?? false
    }

    /// The kept descriptor and the file's size when it was opened, opening it the first time;
    /// `nil` when the process has no descriptor to spare or the file cannot be opened.
    package func kept() -> (descriptor: Int32, size: Int)? {
        open.withLock { open in
            if let open { return open }
            guard BodyFileDescriptors.reserve() else { return nil }
            let descriptor = Platform.openForReading(path)
            guard descriptor >= 0, let info = Platform.fileInfo(descriptor: descriptor), info.kind == .regular else {
                if descriptor >= 0 { Platform.closeFile(descriptor) }
                BodyFileDescriptors.release()
                return nil
            }
            open = (descriptor, Int(info.size))
            return open
        }
    }
}
