import Foundation
import UnderstudyJSON
import UnderstudySupport

/// Loads a fixtures tree: every `*.json` file below the root is a fixture, except
/// `*.body.json` (response bodies referenced with `"file"`) and hidden files or folders.
///
/// All files are read and checked before anything is returned, in parallel; any problem in
/// any file makes loading fail with the complete list, so the server never starts on a tree
/// it would answer wrongly from.
public enum FixtureLoader {
    /// Loads every fixture under `root`, or throws `FixtureLoadError` listing every problem.
    public static func load(from root: String) throws(FixtureLoadError) -> [Fixture] {
        try loadIndex(from: root).fixtures
    }

    /// Loads every fixture under `root` into the index the check for fixtures that can never
    /// match built, which a responder without contracts answers from as it is.
    /// - Parameter snapshots: where snapshots of valid trees are kept: an unchanged tree is
    ///   loaded from its snapshot, and a valid tree without one gets one. `nil` reads every file.
    package static func loadIndex(from root: String, snapshots: FixtureSnapshots? = nil) throws(FixtureLoadError) -> FixtureIndex {
        try loadTree(from: root, snapshots: snapshots).index
    }

    /// `loadIndex(from:snapshots:)`, with the digest of the tree's files and stamps when
    /// `snapshots` are kept (the stamps are read then) and none changed too recently to trust.
    package static func loadTree(from root: String, snapshots: FixtureSnapshots? = nil) throws(FixtureLoadError) -> LoadedTree {
        let rootPath = (root as NSString).standardizingPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootPath, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FixtureLoadError(problems: [FixtureProblem(file: root, message: "fixtures folder not found")])
        }
        let loadStarted = Date()
        // The snapshot is read, decoded and its files stamped while the tree is walked, then
        // checked against it.
        let snapshot = snapshots.map { snapshots in Pending { snapshots.open(rootPath) } }
        let listing = DirectoryWalker.list(under: rootPath)
        // Body files are only looked up by name while loading, so only fixture files need
        // stamps. A tree with a refused link has a problem: it never has a snapshot. Files
        // are compared in the order the walk found them, which an unchanged folder keeps (a
        // changed order only costs a load from the files): sorting 20,000 names was 9 % of a start.
        var stamps: [FileStamp]?
        var changedSince: (contents: FixtureSnapshots.Contents, sameListing: Bool, stamps: [FileStamp])?
        let fixtureFiles = listing.files.filter(isFixtureFile)
        if let snapshot, listing.refusedLinks.isEmpty {
            let opened = snapshot.wait()
            let sameListing = opened?.files == listing.files
            if let opened {
                stamps = opened.stamps(ofFixtureFiles: fixtureFiles, sameListing: sameListing, root: rootPath)
            } else {
                stamps = FileStamp.stamps(of: fixtureFiles, in: rootPath)
            }
            if let stamps, let contents = opened?.contents.wait() {
                if sameListing, contents.stamps == stamps,
                    let index = contents.index ?? index(of: contents.entries, root: rootPath, existingFiles: listing.files)
                {
                    // The snapshot's stamps were trusted when it was written.
                    return LoadedTree(index: index, root: rootPath, digest: LoadedTree.digest(files: listing.files, stamps: stamps))
                }
                changedSince = (contents, sameListing, stamps)
            }
        }
        let existingFiles = Set(listing.files)
        let files = fixtureFiles.sorted()
        // A tree changed since its snapshot takes what did not change from it, and decodes the rest.
        let unchanged = changedSince.map { changed in
            changed.contents.unchangedFixtures(
                sameListing: changed.sameListing, fixtureFiles: fixtureFiles, stamps: changed.stamps, sortedFiles: files, existingFiles: existingFiles,
                root: rootPath)
        }
        let results = decodeAll(files, root: rootPath, existingFiles: existingFiles, unchanged: unchanged)
        var fixtures: [Fixture] = []
        var problems = listing.refusedLinks.map { FixtureProblem(file: $0.key, message: "not read: \($0.value)") }
        for result in results {
            switch result {
            case .success(let fixture): fixtures.append(fixture)
            case .failure(let failure): problems.append(contentsOf: failure.problems)
            }
        }
        let index = FixtureIndex(fixtures)
        problems.append(contentsOf: indistinguishable(in: index))
        guard problems.isEmpty else {
            throw FixtureLoadError(problems: problems.sorted { ($0.file, $0.description) < ($1.file, $1.description) })
        }
        guard let snapshots, let stamps, snapshots.trusts(stamps, readAfter: loadStarted) else { return LoadedTree(index: index, root: rootPath, digest: nil) }
        snapshots.write(root: rootPath, files: listing.files, stamps: stamps, fixtures: fixtures)
        return LoadedTree(index: index, root: rootPath, digest: LoadedTree.digest(files: listing.files, stamps: stamps))
    }

    /// The index of a snapshot's fixtures, decoding from their files those it does not carry;
    /// `nil` when anything is amiss, and the tree is loaded from its files instead.
    private static func index(of entries: [FixtureSnapshots.Entry], root: String, existingFiles: [String]) -> FixtureIndex? {
        let existing = Set(existingFiles)
        let fixtures = Parallel.map(entries.count) { index -> Fixture? in
            switch entries[index] {
            case .fixture(let fixture): return fixture
            case .decodeFromFile(let file):
                guard case .success(let fixture) = decodeFile(file, root: root, existingFiles: existing) else { return nil }
                return fixture
            }
        }
        let found = fixtures.compactMap { $0 }
        guard found.count == entries.count else { return nil }
        let index = FixtureIndex(found)
        // The snapshot was written for a tree without such pairs; finding one means it is not that tree.
        return index.indistinguishablePairs().isEmpty ? index : nil
    }

    private struct Failure: Error { let problems: [FixtureProblem] }

    /// Whether a file of the tree (relative to its root) is a fixture.
    package static func isFixtureFile(_ file: String) -> Bool { file.hasSuffix(".json") && !file.hasSuffix(".body.json") }

    /// The largest fixture file read; a larger one is a problem, not an exhausted memory.
    /// Large bodies belong in body files, which are read when served.
    package static let maximumFixtureSize = 64 << 20

    /// Reads and decodes files on all cores, except those `unchanged` holds already (by
    /// position); results keep the order of `files`.
    private static func decodeAll(_ files: [String], root: String, existingFiles: Set<String>, unchanged: [Fixture?]? = nil) -> [Result<Fixture, Failure>] {
        Parallel.map(files.count) { index in
            unchanged?[index].map { .success($0) } ?? decodeFile(files[index], root: root, existingFiles: existingFiles)
        }
    }

    private static func decodeFile(_ file: String, root: String, existingFiles: Set<String>) -> Result<Fixture, Failure> {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(root + "/" + file, maximumSize: maximumFixtureSize)
        } catch {
            return .failure(Failure(problems: [FixtureProblem(file: file, message: "cannot read: \(error.reason)")]))
        }
        var decoder = FixtureDecoder(file: file, root: root, existingFiles: existingFiles)
        if let fixture = decoder.decode(bytes) { return .success(fixture) }
        return .failure(Failure(problems: decoder.problems))
    }

    /// Fixtures whose request conditions and priority are identical: whichever sorts later by
    /// file name can never be chosen, which is almost always a mistake (a duplicated
    /// recording). Identical fixtures always share an index slot, so only those are compared.
    package static func indistinguishable(in index: FixtureIndex) -> [FixtureProblem] {
        index.indistinguishablePairs().map { earlier, later in
            FixtureProblem(
                file: later.file, path: JSONPath.root.appending("request"),
                message: "can never match: \(earlier.file) has the same request conditions and priority and wins by file order; delete one, add a condition, or set \"priority\"")
        }
    }
}
