import Foundation
import UnderstudySupport

/// What a file's metadata says about its content without reading it: a fixture snapshot is
/// used only while every file of the tree has the stamp it had when the snapshot was written.
///
/// The change time is part of it because no tool can set it back: a file rewritten with the
/// same size and its old modification time still gets a new stamp.
package struct FileStamp: Equatable, Sendable {
    package let device: UInt64
    package let inode: UInt64
    package let size: Int64
    package let modified: Platform.FileTime
    package let changed: Platform.FileTime

    /// The stamp of the file at `path` (links followed); `nil` when it cannot be read.
    package init?(ofFileAt path: String) {
        guard let info = Platform.fileInfo(atPath: path) else { return nil }
        self.init(info)
    }

    private init(_ info: Platform.FileInfo) {
        self.init(device: info.device, inode: info.inode, size: info.size, modified: info.modified, changed: info.changed)
    }

    private init(device: UInt64, inode: UInt64, size: Int64, modified: Platform.FileTime, changed: Platform.FileTime) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamps of `files` (relative to `root`), computed on all cores; `nil` when any
    /// cannot be read.
    package static func stamps(of files: [String], in root: String) -> [FileStamp]? {
        allRead(eachStamp(of: files, in: root))
    }

    /// `stamps` when every one was read, else `nil`.
    package static func allRead(_ stamps: [FileStamp?]) -> [FileStamp]? {
        stamps.contains(nil) ? nil : stamps.map { $0! }
    }

    /// The stamp of each of `files` (relative to `root`), computed on all cores; `nil` for
    /// each that cannot be read.
    package static func eachStamp(of files: [String], in root: String) -> [FileStamp?] {
        let directory = Platform.openDirectory(root)
        guard directory >= 0 else { return Array(repeating: nil, count: files.count) }
        defer { Platform.closeFile(directory) }
        return Parallel.map(files.count) { index -> FileStamp? in
            // The name's own bytes: passed as a `String`, each was copied into a new array.
            guard let info = files[index].withCString({ Platform.fileInfo(name: $0, inDirectory: directory) }) else { return nil }
            return FileStamp(info)
        }
    }

    /// Whether the file changed so shortly before `moment` that a later change could keep
    /// this stamp (file systems keep times to a clock tick, not to the nanosecond).
    package func isRecent(before moment: Date, settling: TimeInterval) -> Bool {
        let threshold = moment.timeIntervalSince1970 - settling
        return modified.timeIntervalSince1970 >= threshold || changed.timeIntervalSince1970 >= threshold
    }

    /// Whether the file last changed before `clock` read its file system's time: then any
    /// later change to it gets another stamp.
    package func isEarlier(than clock: FileSystemClock.Reading) -> Bool {
        device == clock.device && modified < clock.time && changed < clock.time
    }

    /// `digest` with every field of the stamp taken in.
    package func mixed(into digest: UInt64) -> UInt64 {
        var digest = digest
        for word in [device, inode, UInt64(bitPattern: size)] { digest = StableHash.mixing(word, into: digest) }
        for time in [modified, changed] {
            digest = StableHash.mixing(UInt64(bitPattern: Int64(time.seconds)), into: digest)
            digest = StableHash.mixing(UInt64(bitPattern: Int64(time.nanoseconds)), into: digest)
        }
        return digest
    }

    package func write(to writer: inout SnapshotWriter) {
        for value in [device, inode, UInt64(bitPattern: size)] { writer.uint64(value) }
        for time in [modified, changed] {
            writer.int(time.seconds)
            writer.int(time.nanoseconds)
        }
    }

    package static func read(from reader: inout SnapshotReader) throws(SnapshotReader.Corrupt) -> FileStamp {
        let device = try reader.uint64(), inode = try reader.uint64(), size = Int64(bitPattern: try reader.uint64())
        let modified = Platform.FileTime(seconds: try reader.int(), nanoseconds: try reader.int())
        let changed = Platform.FileTime(seconds: try reader.int(), nanoseconds: try reader.int())
        return FileStamp(device: device, inode: inode, size: size, modified: modified, changed: changed)
    }
}
