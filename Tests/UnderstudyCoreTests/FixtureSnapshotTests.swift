import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// Snapshots let `serve` start without decoding every fixture: an unchanged tree must load as
/// from its files, and any change, or any doubt about the snapshot, must load from the files
/// and report exactly the problems loading always reported.
@Suite("Fixture snapshots")
struct FixtureSnapshotTests {
    @Test func anUnchangedTreeLoadsFromItsSnapshotAsFromItsFiles() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let fromFiles = try FixtureLoader.load(from: bundledFixturesPath)
        let first = try FixtureLoader.loadIndex(from: bundledFixturesPath, snapshots: cache.snapshots)
        let entries = try #require(Self.entries(of: bundledFixturesPath, in: cache.snapshots), "the first load wrote a snapshot")
        let carried = entries.filter { if case .fixture = $0 { true } else { false } }.count
        #expect(carried > entries.count / 2, "most bundled fixtures are carried by the snapshot")
        #expect(carried < entries.count, "the bundled templates are decoded from their files")
        let carriesAPattern = entries.contains { entry in
            guard case .fixture(let fixture) = entry else { return false }
            return fixture.request.headers.values.contains { if case .matches = $0 { true } else { false } }
        }
        #expect(carriesAPattern, "a fixture with a pattern condition (^Bearer .+) is carried, its pattern compiled again")
        let second = try FixtureLoader.loadIndex(from: bundledFixturesPath, snapshots: cache.snapshots)
        #expect(second.fixtures.map(Self.describe) == fromFiles.map(Self.describe))
        #expect(first.fixtures.map(Self.describe) == fromFiles.map(Self.describe))
    }

    /// The stamps a start compares with the snapshot's are read while the snapshot decodes:
    /// they must be the files' stamps now, never the stamps the snapshot was written with,
    /// and a tree with other files must get the stamps of its own files.
    @Test func anOpenedSnapshotStampsTheFilesAsTheyAreNow() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let tree = try TemporaryFixtures.withABodyFile()
        defer { tree.remove() }
        _ = try FixtureLoader.loadIndex(from: tree.root, snapshots: cache.snapshots)
        /// The stamps an opened snapshot gives the tree as it is now, and the stamps read afresh.
        func stamps() throws -> (opened: [FileStamp]?, read: [FileStamp]?) {
            let opened = try #require(cache.snapshots.open(tree.root))
            let listing = DirectoryWalker.list(under: tree.root).files
            let fixtureFiles = listing.filter(FixtureLoader.isFixtureFile)
            return (opened.stamps(ofFixtureFiles: fixtureFiles, sameListing: listing == opened.files, root: tree.root), FileStamp.stamps(of: fixtureFiles, in: tree.root))
        }
        let written = try #require(cache.snapshots.open(tree.root)?.contents.wait()).stamps
        let unchanged = try stamps()
        #expect(unchanged.opened == written && unchanged.read == written)

        try tree.write("yelp/b.json", fixtureJSON(path: "/b", query: #"{"term": "a longer term"}"#))
        let rewritten = try stamps()
        #expect(rewritten.opened == rewritten.read)
        #expect(rewritten.opened != written)

        try tree.write("yelp/c.json", fixtureJSON(path: "/c"))
        let added = try stamps()
        #expect(added.opened?.count == 3)
        #expect(added.opened == added.read)

        try FileManager.default.removeItem(atPath: tree.root + "/yelp/b.json")
        let removed = try stamps()
        #expect(removed.opened?.count == 2)
        #expect(removed.opened == removed.read)
    }

    @Test func anyChangeLoadsFromTheFilesWithTheSameProblems() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let tree = try TemporaryFixtures.withABodyFile()
        defer { tree.remove() }
        func load() throws -> [String] { try FixtureLoader.loadIndex(from: tree.root, snapshots: cache.snapshots).fixtures.map(\.file) }
        func problems(_ load: () throws -> Any) -> [String] {
            do {
                _ = try load()
                return []
            } catch {
                return (error as? FixtureLoadError)?.problems.map(\.description) ?? ["\(error)"]
            }
        }
        #expect(try load() == ["feed/a.json", "yelp/b.json"])
        #expect(Self.entries(of: tree.root, in: cache.snapshots) != nil)

        // A body file gone: the listing differs.
        try FileManager.default.removeItem(atPath: tree.root + "/feed/a.body.json")
        let missing = problems { try FixtureLoader.load(from: tree.root) }
        #expect(missing == [#"feed/a.json $.response.file: body file "a.body.json" not found (looked for feed/a.body.json)"#])
        #expect(problems { try load() } == missing)
        try tree.write("feed/a.body.json", "{}")
        #expect(try load() == ["feed/a.json", "yelp/b.json"])

        // A fixture rewritten: its stamp differs.
        try tree.write("yelp/b.json", fixtureJSON(path: "/b", query: #"{"term": "x"}"#, response: #"{"status": 700}"#))
        let broken = problems { try FixtureLoader.load(from: tree.root) }
        #expect(broken == ["yelp/b.json $.response.status: expected an HTTP status code from 100 to 599, found 700"])
        #expect(problems { try load() } == broken)

        // A fixture added that can never match.
        try tree.write("yelp/b.json", fixtureJSON(path: "/b", query: #"{"term": "x"}"#))
        #expect(try load() == ["feed/a.json", "yelp/b.json"])
        try tree.write("yelp/c.json", fixtureJSON(path: "/b", query: #"{"term": "x"}"#))
        let duplicate = problems { try FixtureLoader.load(from: tree.root) }
        #expect(duplicate.count == 1 && duplicate[0].hasPrefix("yelp/c.json $.request: can never match: yelp/b.json"))
        #expect(problems { try load() } == duplicate)
    }

    @Test func aCorruptOrForeignSnapshotIsIgnoredAndReplaced() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let expected = try FixtureLoader.load(from: bundledFixturesPath).map(Self.describe)
        _ = try FixtureLoader.loadIndex(from: bundledFixturesPath, snapshots: cache.snapshots)
        let file = try #require(cache.snapshots.location(of: bundledFixturesPath)).file
        let valid = try FileBytes.read(file)
        let other = try TemporaryFixtures()
        defer { other.remove() }
        try other.write("yelp/b.json", fixtureJSON(path: "/b"))
        _ = try FixtureLoader.loadIndex(from: other.root, snapshots: cache.snapshots)
        let foreign = try FileBytes.read(try #require(cache.snapshots.location(of: other.root)).file)
        var flipped = valid
        flipped[valid.count / 2] ^= 0x40
        // Sealed again after the change: intact, but written by another build.
        var otherBuild = Array(valid.dropLast(8))
        otherBuild[16] ^= 1
        otherBuild += withUnsafeBytes(of: SnapshotReader.checksum(otherBuild[...]).littleEndian, Array.init)
        // Sealed, so past the checksum: a count larger than the snapshot, then a string index past its table.
        var forged = SnapshotWriter(strings: SnapshotStrings())
        forged.uint64(0x5553_4e41_5053_4654)
        forged.uint64(FixtureSnapshots.formatVersion)
        try #require(FixtureSnapshots.builder).write(to: &forged)
        forged.literal(try #require(cache.snapshots.location(of: bundledFixturesPath)).tree)
        var outOfTable = forged
        forged.int(Int.max)
        forged.seal()
        outOfTable.int(0)  // no strings,
        outOfTable.int(0)  // no header lists,
        outOfTable.int(DirectoryWalker.list(under: bundledFixturesPath).files.count)
        outOfTable.int(7)
        outOfTable.seal()
        for damaged in [flipped, Array(valid.prefix(valid.count / 2)), [], Array("not a snapshot".utf8), foreign, otherBuild, forged.bytes, outOfTable.bytes] {
            try FileBytes.writeAtomically(damaged, to: file)
            #expect(Self.entries(of: bundledFixturesPath, in: cache.snapshots) == nil)
            #expect(try FixtureLoader.loadIndex(from: bundledFixturesPath, snapshots: cache.snapshots).fixtures.map(Self.describe) == expected)
            #expect(try FileBytes.read(file) == valid, "the load replaced the damaged snapshot")
        }
    }

    @Test func aTreeChangedMomentsAgoGetsNoSnapshot() throws {
        let folder = SnapshotCache().folder
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/b.json", fixtureJSON(path: "/b"))
        let snapshots = FixtureSnapshots(folder: folder, settling: 60)
        #expect(try FixtureLoader.loadIndex(from: tree.root, snapshots: snapshots).fixtures.count == 1)
        #expect(!FileManager.default.fileExists(atPath: try #require(snapshots.location(of: tree.root)).file))
    }

    @Test func onlyTheMostRecentSnapshotsAreKept() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        var trees: [TemporaryFixtures] = []
        defer { for tree in trees { tree.remove() } }
        for _ in 0...FixtureSnapshots.maximumKept {
            let tree = try TemporaryFixtures()
            trees.append(tree)
            try tree.write("yelp/b.json", fixtureJSON(path: "/b"))
            _ = try FixtureLoader.loadIndex(from: tree.root, snapshots: cache.snapshots)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.folder).filter { $0.hasSuffix(".snapshot") }
        #expect(kept.count == FixtureSnapshots.maximumKept)
        #expect(Self.entries(of: trees.last!.root, in: cache.snapshots) != nil, "the latest is kept")
    }

    /// The command's snapshots are written in the background (the first start costs no more
    /// than one without snapshots) and waited for before the process ends; a temporary file a
    /// stopped write left behind is removed once it is a minute old.
    @Test func aBackgroundWriteIsFinishedOnRequestAndLeavesNoLitter() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let background = FixtureSnapshots(folder: cache.folder, settling: 0, writesInBackground: true)
        #expect(FixtureSnapshots.inUserCache(environment: ["HOME": "/h"])?.writesInBackground == true)
        try FileManager.default.createDirectory(atPath: cache.folder, withIntermediateDirectories: true)
        let stale = cache.folder + "/.old.snapshot.1234.tmp", fresh = cache.folder + "/.new.snapshot.5678.tmp"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data([1])))
        #expect(FileManager.default.createFile(atPath: fresh, contents: Data([2])))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: stale)
        let loaded = try FixtureLoader.loadIndex(from: bundledFixturesPath, snapshots: background)
        FixtureSnapshots.finishWrites()
        #expect(Self.entries(of: bundledFixturesPath, in: cache.snapshots) != nil, "written once the writes are finished")
        #expect(try FixtureLoader.loadIndex(from: bundledFixturesPath, snapshots: cache.snapshots).fixtures.map(Self.describe) == loaded.fixtures.map(Self.describe))
        #expect(!FileManager.default.fileExists(atPath: stale) && FileManager.default.fileExists(atPath: fresh))
    }

    @Test func theCacheFolderFollowsTheEnvironment() {
        #expect(FixtureSnapshots.inUserCache(environment: ["UNDERSTUDY_CACHE_DIR": "/c", "HOME": "/h"])?.folder == "/c/fixture-snapshots")
        #expect(FixtureSnapshots.inUserCache(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"])?.folder == "/x/understudy/fixture-snapshots")
        #expect(FixtureSnapshots.inUserCache(environment: ["HOME": "/h"])?.folder == "/h/.cache/understudy/fixture-snapshots")
        #expect(FixtureSnapshots.inUserCache(environment: [:]) == nil)
    }

    /// The snapshot's entries when it fits the tree as it is now.
    private static func entries(of root: String, in snapshots: FixtureSnapshots) -> [FixtureSnapshots.Entry]? {
        let files = DirectoryWalker.list(under: root).files
        guard let contents = snapshots.open(root)?.contents.wait(), contents.files == files,
            contents.stamps == FileStamp.stamps(of: files.filter(FixtureLoader.isFixtureFile), in: root)
        else { return nil }
        return contents.entries
    }

    /// Everything a fixture holds, dictionaries in key order, body files by path.
    static func describe(_ value: Any) -> String {
        if let file = value as? BodyFile { return "file(\(file.path))" }
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty { return String(reflecting: value) }
        var parts = mirror.children.map { ($0.label.map { $0 + ": " } ?? "") + describe($0.value) }
        if mirror.displayStyle == .dictionary || mirror.displayStyle == .set { parts.sort() }
        return "\(mirror.subjectType)(" + parts.joined(separator: ", ") + ")"
    }
}
