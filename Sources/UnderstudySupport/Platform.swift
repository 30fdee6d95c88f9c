// The one file of UnderstudyCore that calls the C library. Every call that differs between
// Apple's platforms (Darwin) and Linux (Glibc) is written out here, once per branch, so the
// rest of the module is plain Swift and Foundation. `scripts/check-portability` fails on a
// C-library call anywhere else in the module.
//
// The Darwin branch follows Apple's documented declarations: `struct stat` names its times
// `st_mtimespec`/`st_ctimespec` (Linux: `st_mtim`/`st_ctim`) and its `st_dev` is an `Int32`;
// `RLIMIT_NOFILE` is an `Int32` macro (Linux: an enum case).
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#else
#error("UnderstudyCore builds on Apple's platforms (Darwin) and on Linux (Glibc)")
#endif

/// The operating system's file and process calls, as UnderstudyCore uses them.
package enum Platform {
    /// A time as a file system stamps it: seconds and nanoseconds since 1970.
    package struct FileTime: Comparable, Hashable, Sendable {
        package var seconds: Int
        package var nanoseconds: Int

        package init(seconds: Int, nanoseconds: Int) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        /// Seconds since 1970 with the fraction.
        package var timeIntervalSince1970: Double { Double(seconds) + Double(nanoseconds) / 1e9 }

        package static func < (lhs: FileTime, rhs: FileTime) -> Bool {
            (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
        }

        fileprivate init(_ time: timespec) {
            self.init(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
        }
    }

    /// What `stat` says of a file, in the fields Understudy reads.
    package struct FileInfo: Sendable {
        package enum Kind: Sendable { case regular, directory, other }

        package let device: UInt64
        package let inode: UInt64
        package let size: Int64
        package let kind: Kind
        package let modified: FileTime
        package let changed: FileTime

        fileprivate init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
            size = Int64(info.st_size)
            switch Int(info.st_mode) & Int(S_IFMT) {
            case Int(S_IFREG): kind = .regular
            case Int(S_IFDIR): kind = .directory
            default: kind = .other
            }
            #if canImport(Darwin)
            modified = FileTime(info.st_mtimespec)
            changed = FileTime(info.st_ctimespec)
            #else
            modified = FileTime(info.st_mtim)
            changed = FileTime(info.st_ctim)
            #endif
        }
    }

    // MARK: File metadata

    /// `stat` of `path`, links followed; `nil` when it fails.
    package static func fileInfo(atPath path: String) -> FileInfo? {
        var info = stat()
        return stat(path, &info) == 0 ? FileInfo(info) : nil
    }

    /// `fstat` of an open descriptor; `nil` when it fails.
    package static func fileInfo(descriptor: Int32) -> FileInfo? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileInfo(info) : nil
    }

    /// `fstatat` of `name` (a C string, relative) in the open folder `directory`, links followed.
    package static func fileInfo(name: UnsafePointer<CChar>, inDirectory directory: Int32) -> FileInfo? {
        var info = stat()
        return fstatat(directory, name, &info, 0) == 0 ? FileInfo(info) : nil
    }

    /// The canonical absolute path (links and `..` resolved); `nil` when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: Descriptors

    /// Opens `path` for reading (closed on exec); -1 on failure, with `lastError` set.
    package static func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

    /// Opens the folder at `path` to stat names relative to it; -1 on failure.
    package static func openDirectory(_ path: String) -> Int32 { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }

    /// Creates `path` for writing, failing if it exists; -1 on failure, with `lastError` set.
    package static func createExclusively(_ path: String, permissions: Int) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
    }

    package static func closeFile(_ descriptor: Int32) { _ = close(descriptor) }

    /// `read` into `buffer`: the count read, 0 at end of file, -1 on failure.
    package static func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        read(descriptor, buffer, count)
    }

    /// `pread` at `offset`, leaving the descriptor's position alone: the count read, -1 on failure.
    package static func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer?, count: Int, at offset: Int64) -> Int {
        pread(descriptor, buffer, count, off_t(offset))
    }

    /// `write` from `buffer`: the count written, -1 on failure.
    package static func writeBytes(_ descriptor: Int32, from buffer: UnsafeRawPointer, count: Int) -> Int {
        write(descriptor, buffer, count)
    }

    /// Flushes the file to its disk; false on failure.
    package static func flushToDisk(_ descriptor: Int32) -> Bool { fsync(descriptor) == 0 }

    /// Flushes every file system's pending writes (one call after a bulk write).
    package static func flushAllFileSystems() { sync() }

    // MARK: Paths

    /// Renames `source` over `destination` atomically; false on failure, with `lastError` set.
    package static func moveAtomically(_ source: String, to destination: String) -> Bool { rename(source, destination) == 0 }

    /// Removes the file at `path`; false when it cannot.
    @discardableResult
    package static func removeFile(_ path: String) -> Bool { unlink(path) == 0 }

    // MARK: Errors, the process

    /// The system's words for the last failed call on this thread.
    package static var lastError: String { String(cString: strerror(errno)) }

    /// Whether the last failed call on this thread was interrupted by a signal (try it again).
    package static var lastCallWasInterrupted: Bool { errno == EINTR }

    /// This process's id.
    package static var processID: Int32 { getpid() }

    /// Sleeps this thread for `microseconds`.
    package static func sleep(microseconds: UInt32) { usleep(useconds_t(microseconds)) }

    /// The soft limit on this process's open files; `nil` when it cannot be read.
    package static var openFileLimit: UInt64? {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return nil }
        return UInt64(limit.rlim_cur)
    }

    #if canImport(Darwin)
    private static let openFilesResource = RLIMIT_NOFILE
    #else
    private static let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #endif

    // MARK: Folders

    /// Calls `body` with each entry of the folder at `path` (`.` and `..` included): its name's
    /// bytes, valid only during the call, and its type as the folder reports it (`nil` for a
    /// link or a file system that reports none). False when the folder cannot be opened.
    package static func forEachEntry(
        inFolder path: String, _ body: (_ name: UnsafeRawBufferPointer, _ kind: FileInfo.Kind?) -> Void
    ) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        // The name is read where it lies: `entry.pointee.d_name` would copy the whole field
        // (256 bytes on Linux, 1,024 on Darwin), past the end of a short entry, and readdir's
        // buffer can end on an unmapped page.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(directory) {
            let namePointer = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
            let name = UnsafeRawBufferPointer(start: namePointer, count: strlen(namePointer))
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): body(name, .directory)
            case Int32(DT_REG): body(name, .regular)
            default: body(name, nil)
            }
        }
        return true
    }
}
