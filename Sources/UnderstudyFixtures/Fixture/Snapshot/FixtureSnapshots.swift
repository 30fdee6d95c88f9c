import Foundation
import UnderstudySupport

/// Snapshots of valid fixture trees, so `serve` starts without reading and decoding every
/// fixture file again (10,000 fixtures: most of a 200 ms start, several times that with a
/// cold page cache).
///
/// A snapshot is written only after a tree loaded without a single problem, in a folder
/// outside every fixture tree, one file per tree. It lists every file of the tree (body files
/// by name: loading only looks them up) and the `FileStamp` of every fixture file; it is used
/// only while the tree has exactly those files and stamps, so any added, removed, renamed or
/// rewritten file sends loading back to reading every fixture, and reports every problem as
/// it always did. A snapshot that is corrupt, of another format version, of another tree or
/// written by another build of Understudy (whose checks may differ) is ignored and replaced.
package struct FixtureSnapshots: Sendable {
    /// The folder holding the snapshots.
    package let folder: String
    /// How long a file must have been left alone before its stamp is trusted: file systems
    /// keep times to a clock tick, so a file written in the tick it was read could change
    /// again without changing its stamp.
    package let settling: TimeInterval
    /// When set, stamps are trusted by this reading of the tree's clock instead of by
    /// `settling`: those earlier than it (see `FileStamp.isEarlier(than:)`).
    package private(set) var clock: FileSystemClock.Reading?
    /// Whether a snapshot is written on a thread of its own while the server starts: the
    /// first start on a tree then costs no more than a start without snapshots. The process
    /// waits for it before it exits (`finishWrites`).
    package let writesInBackground: Bool
    /// The snapshots being written in the background.
    private static let writing = DispatchGroup()

    /// Bumped whenever the binary form changes: a snapshot of another version is ignored.
    package static let formatVersion: UInt64 = 4
    private static let magic: UInt64 = 0x5553_4e41_5053_4654  // "USNAPSFT"
    /// The stamp of the running executable: a snapshot holds what this build decoded, and is
    /// only trusted by the same build. `nil` (no executable to stamp) turns snapshots off.
    package static let builder: FileStamp? = Bundle.main.executablePath.flatMap(FileStamp.init(ofFileAt:))
    /// The most snapshots kept: writing one removes the least recently written beyond it, so
    /// temporary trees do not fill the cache.
    package static let maximumKept = 16

    package init(folder: String, settling: TimeInterval = 2, writesInBackground: Bool = false) {
        self.folder = folder
        self.settling = settling
        self.writesInBackground = writesInBackground
    }

    /// Waits, at most `timeout` seconds, for snapshots being written in the background: a
    /// process that stops right after starting still leaves its snapshot.
    package static func finishWrites(timeout: TimeInterval = 5) {
        _ = writing.wait(timeout: .now() + timeout)
    }

    /// `$UNDERSTUDY_CACHE_DIR`, else `$XDG_CACHE_HOME/understudy`, else `~/.cache/understudy`,
    /// each with `fixture-snapshots` below it; `nil` when there is no home to put it in.
    package static func inUserCache(environment: [String: String] = ProcessInfo.processInfo.environment) -> FixtureSnapshots? {
        let base: String
        if let explicit = environment["UNDERSTUDY_CACHE_DIR"], !explicit.isEmpty {
            base = explicit
        } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg + "/understudy"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache/understudy"
        } else {
            return nil
        }
        return FixtureSnapshots(folder: base + "/fixture-snapshots", writesInBackground: true)
    }

    /// The tree's real path (relative roots and links resolved), naming its snapshot, and
    /// that snapshot's file (or the file of the same name ending in `kind`, such as `forms`).
    package func location(of root: String, kind: String = "snapshot") -> (tree: String, file: String)? {
        guard let tree = Platform.realPath(root) else { return nil }
        return (tree, folder + "/" + String(StableHash.fnv1a64(tree.utf8), radix: 16) + "." + kind)
    }

    /// What a snapshot holds for each fixture file: the fixture, or that it must be decoded
    /// from its file (it holds parts the snapshot does not carry).
    package enum Entry: Sendable {
        case fixture(Fixture)
        /// The fixture file, relative to the root.
        case decodeFromFile(String)
    }

    /// A snapshot read and decoded, to be checked against the tree before use: reading it
    /// needs nothing from the tree, so it runs while the tree is walked and stamped.
    package struct Contents: Sendable {
        /// Every regular file of the tree when the snapshot was written, as the walk found them.
        package let files: [String]
        /// The stamps of the fixture files among them, in the same order.
        package let stamps: [FileStamp]
        /// One per fixture file, sorted by file.
        package let entries: [Entry]
        /// The index of `entries` when the snapshot carries every fixture and none can never
        /// match; `nil` otherwise.
        package let index: FixtureIndex?
    }

    /// The snapshot of the tree at `root` with its head read, its records decoding; `nil` when
    /// there is none, or its head shows it corrupt, of another format version or of another tree.
    package func open(_ root: String) -> Opened? {
        guard let builder = Self.builder, let location = location(of: root), let bytes = try? FileBytes.read(location.file),
            var reader = SnapshotReader(sealed: bytes)
        else { return nil }
        var files: [String] = [], stamps: [FileStamp] = [], records: [ArraySlice<UInt8>] = []
        do throws(SnapshotReader.Corrupt) {
            guard try reader.uint64() == Self.magic, try reader.uint64() == Self.formatVersion, try FileStamp.read(from: &reader) == builder,
                try reader.literal() == location.tree
            else { return nil }
            try reader.readStringTable()
            try reader.readHeaderLists()
            let fileCount = try reader.count()
            files.reserveCapacity(fileCount)
            for _ in 0..<fileCount { files.append(try reader.string()) }
            let stampCount = try reader.count()
            stamps.reserveCapacity(stampCount)
            for _ in 0..<stampCount { stamps.append(try FileStamp.read(from: &reader)) }
            let recordCount = try reader.count()
            records.reserveCapacity(recordCount)
            for _ in 0..<recordCount { records.append(try reader.data()) }
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
        guard records.count == stamps.count else { return nil }
        let fixtureFiles = files.filter(FixtureLoader.isFixtureFile)
        guard fixtureFiles.count == stamps.count else { return nil }
        let stampsNow = Pending { FileStamp.eachStamp(of: fixtureFiles, in: root) }
        let strings = reader.strings, headerLists = reader.headerLists, slices = records, written = (files, stamps)
        let contents = Pending { Self.decode(slices, written: written, strings: strings, headerLists: headerLists, root: root) }
        return Opened(files: files, fixtureFiles: fixtureFiles, stampsNow: stampsNow, contents: contents)
    }

    /// A snapshot's records decoded, with the files and stamps it was `written` for.
    private static func decode(
        _ slices: [ArraySlice<UInt8>], written: (files: [String], stamps: [FileStamp]), strings: [String], headerLists: [[HeaderField]], root: String
    ) -> Contents? {
        // Records are independent: decoded on all cores, every worker parsing each path once.
        let workers = max(1, min(slices.count, ProcessInfo.processInfo.activeProcessorCount))
        let shares = Parallel.map(workers) { worker -> [Entry?] in
            var paths: [Int: PathPattern] = [:]
            return stride(from: worker, to: slices.count, by: workers).map { index -> Entry? in
                var record = SnapshotReader(slices[index], strings: strings, headerLists: headerLists)
                do throws(SnapshotReader.Corrupt) {
                    let entry: Entry =
                        try record.bool() ? .fixture(try FixtureCoding.decode(&record, root: root, paths: &paths)) : .decodeFromFile(try record.string())
                    return record.isAtEnd ? entry : nil
                } catch {
                    return nil
                }
            }
        }
        let decoded = slices.indices.map { shares[$0 % workers][$0 / workers] }
        let entries = decoded.compactMap { $0 }
        // Written in file order, each file once.
        let names = entries.map { entry in
            switch entry {
            case .fixture(let fixture): fixture.file
            case .decodeFromFile(let file): file
            }
        }
        guard entries.count == decoded.count, zip(names, names.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        let fixtures = entries.compactMap { if case .fixture(let fixture) = $0 { fixture } else { nil } }
        var index: FixtureIndex?
        if fixtures.count == entries.count {
            let built = FixtureIndex(fixtures)
            index = built.indistinguishablePairs().isEmpty ? built : nil
        }
        return Contents(files: written.files, stamps: written.stamps, entries: entries, index: index)
    }

    /// Whether `stamps`, read after `loadStarted`, may key what is kept: no file changed so
    /// shortly before that a later change could keep its stamp.
    package func trusts(_ stamps: [FileStamp], readAfter loadStarted: Date) -> Bool {
        if let clock { return stamps.allSatisfy { $0.isEarlier(than: clock) } }
        return !stamps.contains { $0.isRecent(before: loadStarted, settling: settling) }
    }

    /// These snapshots, trusting the stamps earlier than `clock`, read before the stamps are.
    package func trusting(stampsEarlierThan clock: FileSystemClock.Reading) -> FixtureSnapshots {
        var snapshots = self
        snapshots.clock = clock
        return snapshots
    }

    /// Writes the snapshot of a tree that loaded without problems, and whose stamps it
    /// `trusts`. Failing to write (a read-only cache) only costs the next start its speed, so
    /// it is not an error.
    package func write(root: String, files: [String], stamps: [FileStamp], fixtures: [Fixture]) {
        inBackground { writeNow(root: root, files: files, stamps: stamps, fixtures: fixtures) }
    }

    /// Runs `write` on a thread of its own when `writesInBackground` (`finishWrites` waits
    /// for it), else now.
    package func inBackground(_ write: @escaping @Sendable () -> Void) {
        guard writesInBackground else { return write() }
        Self.writing.enter()
        Thread.detachNewThread {
            write()
            Self.writing.leave()
        }
    }

    private func writeNow(root: String, files: [String], stamps: [FileStamp], fixtures: [Fixture]) {
        guard let builder = Self.builder, let location = location(of: root) else { return }
        let strings = SnapshotStrings()
        var body = SnapshotWriter(strings: strings)
        body.int(files.count)
        for file in files { body.string(file) }
        body.int(stamps.count)
        for stamp in stamps { stamp.write(to: &body) }
        body.int(fixtures.count)
        for fixture in fixtures {
            var record = SnapshotWriter(strings: strings)
            if let encoded = FixtureCoding.encode(fixture, root: root, strings: strings) {
                record.bool(true)
                record.append(encoded)
            } else {
                record.bool(false)
                record.string(fixture.file)
            }
            body.data(record.bytes)
        }
        var snapshot = SnapshotWriter(strings: strings)
        snapshot.uint64(Self.magic)
        snapshot.uint64(Self.formatVersion)
        builder.write(to: &snapshot)
        snapshot.literal(location.tree)
        snapshot.stringTable()
        snapshot.headerLists()
        snapshot.append(body.bytes)
        snapshot.seal()
        keep(snapshot.bytes, at: location.file)
    }

    /// Writes `bytes` to `file` in the folder, then removes what is beyond what is kept.
    package func keep(_ bytes: [UInt8], at file: String) {
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return }
        try? FileBytes.writeAtomically(bytes, to: file, durable: false)
        removeOldest()
    }

    /// Removes the least recently written snapshots (and, apart, kept forms) beyond
    /// `maximumKept`, and what a process stopped in the middle of writing one left behind (a
    /// hidden temporary file over a minute old).
    private func removeOldest() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let path = folder + "/" + name
            if let info = Platform.fileInfo(atPath: path), Double(info.modified.seconds) < Date().timeIntervalSince1970 - 60 {
                Platform.removeFile(path)
            }
        }
        for kind in [".snapshot", ".forms"] {
            let kept = names.filter { $0.hasSuffix(kind) }.map { folder + "/" + $0 }
            guard kept.count > Self.maximumKept else { continue }
            let written = kept.map { path -> (path: String, modified: Double) in
                (path, Platform.fileInfo(atPath: path)?.modified.timeIntervalSince1970 ?? 0)
            }
            for old in written.sorted(by: { $0.modified > $1.modified }).dropFirst(Self.maximumKept) { Platform.removeFile(old.path) }
        }
    }
}
