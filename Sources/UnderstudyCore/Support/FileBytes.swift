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
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw IOError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw IOError(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw IOError(path: path, reason: "not a regular file") }
        guard Int(info.st_size) <= maximumSize else {
            throw IOError(path: path, reason: "\(Int(info.st_size) >> 20) MB is more than the \(maximumSize >> 20) MB a fixture file may be; put large bodies in a body file")
        }
        // One byte more than the size, so a single read normally reaches end of file.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let count = bytes.withUnsafeMutableBufferPointer { buffer in
                Foundation.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw IOError(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
            // The size fstat reported, read in full: end of file without another read call.
            if filled == Int(info.st_size) && filled < bytes.count { break }
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
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw IOError(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        let failure: String? = bytes.withUnsafeBufferPointer { buffer in
            while written < buffer.count {
                let result = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                written += result
            }
            return !durable || fsync(fd) == 0 ? nil : String(cString: strerror(errno))
        }
        close(fd)
        if let failure {
            unlink(temporary)
            throw IOError(path: path, reason: failure)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw IOError(path: path, reason: reason)
        }
    }
}
