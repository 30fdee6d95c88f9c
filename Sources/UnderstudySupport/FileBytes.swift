import Foundation

/// Reading and writing whole files with few system calls, and writing atomically.
package enum FileBytes {
    /// An I/O failure naming the file and the system's reason.
    public struct IOError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The whole content of the file at `path`; a file larger than `maximumSize` is an error.
    public static func read(_ path: String, maximumSize: Int = .max) throws(IOError) -> [UInt8] {
        let fd = Platform.openForReading(path)
        guard fd >= 0 else { throw IOError(path: path, reason: Platform.lastError) }
        defer { Platform.closeFile(fd) }
        guard let info = Platform.fileInfo(descriptor: fd) else { throw IOError(path: path, reason: Platform.lastError) }
        guard info.kind == .regular else { throw IOError(path: path, reason: "not a regular file") }
        let size = Int(info.size)
        guard size <= maximumSize else {
            throw IOError(path: path, reason: "\(size >> 20) MB is more than the \(maximumSize >> 20) MB a fixture file may be; put large bodies in a body file")
        }
        // One byte more than the size, so a single read normally reaches end of file.
        var bytes = [UInt8](repeating: 0, count: max(size, 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let count = bytes.withUnsafeMutableBufferPointer { buffer in
                Platform.readBytes(fd, into: buffer.baseAddress! + filled, count: buffer.count - filled)
            }
            if count < 0 {
                if Platform.lastCallWasInterrupted { continue }
                throw IOError(path: path, reason: Platform.lastError)
            }
            if count == 0 { break }
            filled += count
            // The size fstat reported, read in full: end of file without another read call.
            if filled == size && filled < bytes.count { break }
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same folder, then renamed
    /// over the target, so a reader never sees half a file.
    /// - Parameter durable: flush the file to disk before the rename, so it survives a crash.
    ///   A bulk writer (an import of thousands of files) passes `false` and calls `sync()`
    ///   once at the end: one `fsync` per file was most of a 10,000-fixture import's time.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(IOError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\((path as NSString).lastPathComponent).\(UUID().uuidString).tmp")
        let fd = Platform.createExclusively(temporary, permissions: 0o644)
        guard fd >= 0 else { throw IOError(path: path, reason: Platform.lastError) }
        var written = 0
        let failure: String? = bytes.withUnsafeBufferPointer { buffer in
            while written < buffer.count {
                let result = Platform.writeBytes(fd, from: buffer.baseAddress! + written, count: buffer.count - written)
                if result < 0 {
                    if Platform.lastCallWasInterrupted { continue }
                    return Platform.lastError
                }
                written += result
            }
            return !durable || Platform.flushToDisk(fd) ? nil : Platform.lastError
        }
        Platform.closeFile(fd)
        if let failure {
            Platform.removeFile(temporary)
            throw IOError(path: path, reason: failure)
        }
        guard Platform.moveAtomically(temporary, to: path) else {
            let reason = Platform.lastError
            Platform.removeFile(temporary)
            throw IOError(path: path, reason: reason)
        }
    }
}
