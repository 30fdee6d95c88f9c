import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// A tree changed since its snapshot takes the fixtures whose files did not change from the
/// snapshot and decodes the rest: it must load exactly as from its files, fixtures and
/// problems alike, whatever changed.
@Suite("A tree changed since its snapshot")
struct ChangedTreeSnapshotTests {
    /// The fixtures the snapshot of `root` still gives as they are.
    private static func unchanged(in root: String, cache: SnapshotCache) throws -> [String] {
        let contents = try #require(cache.snapshots.open(root)?.contents.wait())
        let files = DirectoryWalker.list(under: root).files
        let fixtureFiles = files.filter(FixtureLoader.isFixtureFile)
        let stamps = try #require(FileStamp.stamps(of: fixtureFiles, in: root))
        let sorted = fixtureFiles.sorted()
        let taken = contents.unchangedFixtures(
            sameListing: contents.files == files, fixtureFiles: fixtureFiles, stamps: stamps, sortedFiles: sorted, existingFiles: Set(files), root: root)
        return zip(sorted, taken).compactMap { file, fixture in fixture.map { _ in file } }
    }

    /// What loading gives: every fixture described, or every problem.
    private static func outcome(_ load: () throws -> [Fixture]) -> [String] {
        do {
            return try load().map(FixtureSnapshotTests.describe)
        } catch {
            return ["problems:"] + ((error as? FixtureLoadError)?.problems.map(\.description) ?? ["\(error)"])
        }
    }

    @Test func onlyFixturesWithTheirStampAndTheirBodyFilesAreTaken() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let tree = try TemporaryFixtures.withABodyFile()
        defer { tree.remove() }
        try tree.write("yelp/c.json", fixtureJSON(path: "/c"))
        _ = try FixtureLoader.loadIndex(from: tree.root, snapshots: cache.snapshots)
        #expect(try Self.unchanged(in: tree.root, cache: cache) == ["feed/a.json", "yelp/b.json", "yelp/c.json"])

        try tree.write("yelp/b.json", fixtureJSON(path: "/b", query: #"{"term": "xx"}"#))
        try tree.write("yelp/d.json", fixtureJSON(path: "/d"))
        #expect(try Self.unchanged(in: tree.root, cache: cache) == ["feed/a.json", "yelp/c.json"], "rewritten and new files are decoded")
        try FileManager.default.removeItem(atPath: tree.root + "/feed/a.body.json")
        #expect(try Self.unchanged(in: tree.root, cache: cache) == ["yelp/c.json"], "a fixture whose body file is gone is decoded, to report it")
    }

    @Test func everyKindOfChangeLoadsAsFromTheFiles() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let tree = try TemporaryFixtures.withABodyFile()
        defer { tree.remove() }
        try tree.write("yelp/c.json", fixtureJSON(path: "/c", headers: #"{"Authorization": {"matches": "^Bearer .+"}}"#))
        let changes: [(String, () throws -> Void)] = [
            // Each rewrite changes the file's size: within one clock tick, only that changes its stamp.
            ("a fixture rewritten", { try tree.write("yelp/b.json", fixtureJSON(path: "/b", query: #"{"term": "yy"}"#)) }),
            ("a fixture added", { try tree.write("google/d.json", fixtureJSON(path: "/maps/d")) }),
            ("a fixture removed", { try FileManager.default.removeItem(atPath: tree.root + "/google/d.json") }),
            ("a fixture renamed", { try FileManager.default.moveItem(atPath: tree.root + "/yelp/c.json", toPath: tree.root + "/yelp/e.json") }),
            ("a body file removed", { try FileManager.default.removeItem(atPath: tree.root + "/feed/a.body.json") }),
            ("the body file back", { try tree.write("feed/a.body.json", "{}") }),
            ("a fixture made invalid", { try tree.write("yelp/b.json", fixtureJSON(path: "/b", response: #"{"status": 700}"#)) }),
            ("it made valid again", { try tree.write("yelp/b.json", fixtureJSON(path: "/b", query: #"{"term": "zzz"}"#)) }),
            ("a fixture that can never match", { try tree.write("yelp/f.json", fixtureJSON(path: "/b", query: #"{"term": "zzz"}"#)) }),
            ("it removed", { try FileManager.default.removeItem(atPath: tree.root + "/yelp/f.json") }),
        ]
        _ = try FixtureLoader.loadIndex(from: tree.root, snapshots: cache.snapshots)
        var problemsSeen = 0
        for (change, apply) in changes {
            try apply()
            let fromFiles = Self.outcome { try FixtureLoader.load(from: tree.root) }
            let withSnapshot = Self.outcome { try FixtureLoader.loadIndex(from: tree.root, snapshots: cache.snapshots).fixtures }
            #expect(withSnapshot == fromFiles, "\(change)")
            if fromFiles.first == "problems:" { problemsSeen += 1 }
        }
        #expect(problemsSeen == 3, "the body file gone, the invalid fixture and the duplicate are each reported")
    }

    @Test func theBundledTreeWithOneFixtureEditedLoadsAsFromItsFiles() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let root = NSTemporaryDirectory() + "understudy-bundled-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: bundledFixturesPath, toPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try FixtureLoader.loadIndex(from: root, snapshots: cache.snapshots)
        let fixtureFiles = DirectoryWalker.list(under: root).files.filter(FixtureLoader.isFixtureFile).sorted()
        let edited = try #require(fixtureFiles.first { $0.hasPrefix("yelp/") })
        let text = try String(contentsOfFile: root + "/" + edited, encoding: .utf8)
        try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: root + "/" + edited))
        let taken = try Self.unchanged(in: root, cache: cache)
        #expect(!taken.contains(edited) && taken.count > fixtureFiles.count / 2, "\(taken.count) of \(fixtureFiles.count)")
        let fromFiles = Self.outcome { try FixtureLoader.load(from: root) }
        #expect(Self.outcome { try FixtureLoader.loadIndex(from: root, snapshots: cache.snapshots).fixtures } == fromFiles)
    }
}
