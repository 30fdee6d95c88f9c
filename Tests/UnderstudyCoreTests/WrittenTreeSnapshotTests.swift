import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// `import-har` keeps the snapshot of the tree it wrote, so the first `serve` starts from it.
/// Its files are seconds old, too recent for the settling rule; they are trusted by a reading
/// of the file system's clock instead, which must never trust a file changed after it.
@Suite("Snapshots of a tree just written")
struct WrittenTreeSnapshotTests {
    /// The settling rule alone would keep nothing of a tree written in the last minute.
    private static func settled(_ cache: SnapshotCache) -> FixtureSnapshots { FixtureSnapshots(folder: cache.folder, settling: 60) }

    @Test func theClockIsReadFromAFileItRemoves() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/b.json", fixtureJSON(path: "/b"))
        let listed = try FileManager.default.contentsOfDirectory(atPath: tree.root)
        let reading = try #require(FileSystemClock.reading(in: tree.root))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root) == listed, "the probe file is gone")
        let stamp = try #require(FileStamp(ofFileAt: tree.root + "/yelp/b.json"))
        #expect(!(reading.time < stamp.modified), "a file written before the reading is not stamped after it")
        #expect(reading.device == stamp.device)
        let later = try #require(FileSystemClock.reading(after: tree.root, patience: 5))
        #expect(stamp.isEarlier(than: later), "once the clock has moved, the file is earlier than it")
        #expect(FileSystemClock.reading(in: tree.root + "/missing") == nil)
    }

    @Test func aStampIsEarlierOnlyOnTheSameDeviceAndStrictlyBefore() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/b.json", fixtureJSON(path: "/b"))
        let stamp = try #require(FileStamp(ofFileAt: tree.root + "/yelp/b.json"))
        let future = Platform.FileTime(seconds: stamp.modified.seconds + 100, nanoseconds: 0)
        #expect(stamp.isEarlier(than: FileSystemClock.Reading(device: stamp.device, time: future)))
        #expect(!stamp.isEarlier(than: FileSystemClock.Reading(device: stamp.device &+ 1, time: future)), "another device keeps another clock")
        let newest = max(stamp.modified, stamp.changed)
        #expect(!stamp.isEarlier(than: FileSystemClock.Reading(device: stamp.device, time: newest)), "a stamp at the reading's own time is not earlier")
    }

    @Test func aTreeJustWrittenIsServedFromItsSnapshot() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let tree = try TemporaryFixtures.withABodyFile()
        defer { tree.remove() }
        let snapshots = Self.settled(cache)
        #expect(try FixtureLoader.loadTree(from: tree.root, snapshots: snapshots).digest == nil, "the settling rule trusts none of it")
        #expect(!FileManager.default.fileExists(atPath: try #require(snapshots.location(of: tree.root)).file))

        #expect(snapshots.keepSnapshot(ofTreeJustWritten: tree.root, contracts: nil))
        // The load reads the snapshot: only a tree loaded from its snapshot has a digest while
        // its files are this recent.
        let loaded = try FixtureLoader.loadTree(from: tree.root, snapshots: snapshots)
        #expect(loaded.digest != nil)
        #expect(loaded.index.fixtures.map(\.file) == ["feed/a.json", "yelp/b.json"])

        // Rewritten since: loaded from the files, the problem reported as ever.
        try tree.write("yelp/b.json", fixtureJSON(path: "/b", query: #"{"term": "x"}"#, response: #"{"status": 700}"#))
        #expect(throws: FixtureLoadError.self) { try FixtureLoader.loadTree(from: tree.root, snapshots: snapshots) }
        #expect(!snapshots.keepSnapshot(ofTreeJustWritten: tree.root, contracts: nil), "a tree with a problem keeps no snapshot")
    }

    @Test func aFileChangedAfterTheReadingIsNeverTrusted() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/a.json", fixtureJSON(path: "/a"))
        let reading = try #require(FileSystemClock.reading(in: tree.root))
        // Written after the reading, most often in the same clock tick: stamped no earlier.
        try tree.write("yelp/b.json", fixtureJSON(path: "/b"))
        // `settling: 0` alone would trust it: the reading must decide.
        let snapshots = cache.snapshots.trusting(stampsEarlierThan: reading)
        #expect(try FixtureLoader.loadTree(from: tree.root, snapshots: snapshots).digest == nil)
        #expect(!FileManager.default.fileExists(atPath: try #require(snapshots.location(of: tree.root)).file))
    }

    @Test func withContractsTheFormsAreKeptToo() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        // The Yelp contract reads coordinates as numbers: 34.079610 is kept in its own form.
        try tree.write(
            "yelp/search.json",
            #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/search", "query": {"latitude": "34.079610", "longitude": "-118.3"}}, "response": {"json": {"total": 0}}}"#)
        let contracts = try Contracts.load(from: bundledContractsPath)
        let snapshots = Self.settled(cache)
        #expect(snapshots.keepSnapshot(ofTreeJustWritten: tree.root, contracts: contracts))
        let loaded = try FixtureLoader.loadTree(from: tree.root, snapshots: snapshots)
        let kept = try #require(snapshots.keptForms(of: loaded, in: contracts), "kept with the snapshot")
        #expect(kept.map { $0?.pattern } == ContractMatching.forms(of: loaded.index.fixtures, in: contracts).map { $0?.pattern })
        #expect(kept.contains { $0 != nil }, "the search is kept in the contract's terms")
    }
}
