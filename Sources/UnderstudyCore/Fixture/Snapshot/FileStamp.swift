import Foundation

/// What a file's metadata says about its content without reading it: a fixture snapshot is
/// used only while every file of the tree has the stamp it had when the snapshot was written.
///
/// The change time is part of it because no tool can set it back: a file rewritten with the
/// same size and its old modification time still gets a new stamp.
struct FileStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    /// The stamp of the file at `path` (links followed); `nil` when it cannot be read.
    init?(ofFileAt path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: info.st_mtim, changed: info.st_ctim)
    }

    private init(device: UInt64, inode: UInt64, size: Int64, modified: timespec, changed: timespec) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamps of `files` (relative to `root`), computed on all cores; `nil` when any
    /// cannot be read.
    static func stamps(of files: [String], in root: String) -> [FileStamp]? {
        allRead(eachStamp(of: files, in: root))
    }

    /// `stamps` when every one was read, else `nil`.
    static func allRead(_ stamps: [FileStamp?]) -> [FileStamp]? {
        stamps.contains(nil) ? nil : stamps.map { $0! }
    }

    /// The stamp of each of `files` (relative to `root`), computed on all cores; `nil` for
    /// each that cannot be read.
    static func eachStamp(of files: [String], in root: String) -> [FileStamp?] {
        let directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return Array(repeating: nil, count: files.count) }
        defer { close(directory) }
        return Parallel.map(files.count) { index -> FileStamp? in
            var info = stat()
            // The name's own bytes: passed as a `String`, each was copied into a new array.
            guard files[index].withCString({ fstatat(directory, $0, &info, 0) }) == 0 else { return nil }
            return FileStamp(info)
        }
    }

    /// Whether the file changed so shortly before `moment` that a later change could keep
    /// this stamp (file systems keep times to a clock tick, not to the nanosecond).
    func isRecent(before moment: Date, settling: TimeInterval) -> Bool {
        let threshold = moment.timeIntervalSince1970 - settling
        return Self.seconds(modified) >= threshold || Self.seconds(changed) >= threshold
    }

    private static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }

    /// Whether the file last changed before `clock` read its file system's time: then any
    /// later change to it gets another stamp.
    func isEarlier(than clock: FileSystemClock.Reading) -> Bool {
        device == clock.device && Self.isEarlier(modified, than: clock.time) && Self.isEarlier(changed, than: clock.time)
    }

    /// Whether `time` is strictly before `other`.
    static func isEarlier(_ time: timespec, than other: timespec) -> Bool {
        (time.tv_sec, time.tv_nsec) < (other.tv_sec, other.tv_nsec)
    }

    /// `digest` with every field of the stamp taken in.
    func mixed(into digest: UInt64) -> UInt64 {
        var digest = digest
        for word in [device, inode, UInt64(bitPattern: size)] { digest = StableHash.mixing(word, into: digest) }
        for time in [modified, changed] {
            digest = StableHash.mixing(UInt64(bitPattern: Int64(time.tv_sec)), into: digest)
            digest = StableHash.mixing(UInt64(bitPattern: Int64(time.tv_nsec)), into: digest)
        }
        return digest
    }

    func write(to writer: inout SnapshotWriter) {
        for value in [device, inode, UInt64(bitPattern: size)] { writer.uint64(value) }
        for time in [modified, changed] {
            writer.int(time.tv_sec)
            writer.int(time.tv_nsec)
        }
    }

    static func read(from reader: inout SnapshotReader) throws(SnapshotReader.Corrupt) -> FileStamp {
        let device = try reader.uint64(), inode = try reader.uint64(), size = Int64(bitPattern: try reader.uint64())
        let modified = timespec(tv_sec: try reader.int(), tv_nsec: try reader.int())
        let changed = timespec(tv_sec: try reader.int(), tv_nsec: try reader.int())
        return FileStamp(device: device, inode: inode, size: size, modified: modified, changed: changed)
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }

}
