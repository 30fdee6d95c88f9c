import Foundation
import UnderstudySupport

/// The time a file system stamps a file changed now, read from a file made in it for the
/// purpose and removed at once.
///
/// A file's stamp keeps its times only to the file system's clock tick (a few milliseconds,
/// a second or two on some), so a stamp read in the tick its file last changed could miss a
/// second change in that tick. A stamp read after this clock has moved past its times cannot:
/// any later change to the file is stamped at least as late as the clock's reading.
package enum FileSystemClock {
    /// A reading: the times a new file got, and the device it is on (another device may keep
    /// another tick).
    package struct Reading: Sendable {
        package let device: UInt64
        package let time: Platform.FileTime
    }

    /// The clock of the file system holding `folder`: the modification time of a hidden file
    /// created there (hidden files are never fixtures) and removed at once; `nil` when none can
    /// be made.
    package static func reading(in folder: String) -> Reading? {
        let probe = folder + "/.understudy-clock-\(Platform.processID)-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = Platform.createExclusively(probe, permissions: 0o600)
        guard descriptor >= 0 else { return nil }
        defer {
            Platform.closeFile(descriptor)
            Platform.removeFile(probe)
        }
        guard let info = Platform.fileInfo(descriptor: descriptor) else { return nil }
        return Reading(device: info.device, time: info.modified)
    }

    /// A reading taken once the clock of `folder`'s file system has moved past its reading at
    /// the call, so that every file changed before the call is stamped earlier than it. Reads
    /// every millisecond, at most `patience` seconds; `nil` when the clock did not move.
    package static func reading(after folder: String, patience: TimeInterval) -> Reading? {
        guard let start = reading(in: folder) else { return nil }
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {  // bounded by `patience`
            Platform.sleep(microseconds: 1000)
            guard let later = reading(in: folder) else { return nil }
            if later.device == start.device, start.time < later.time { return later }
        }
        return nil
    }
}
