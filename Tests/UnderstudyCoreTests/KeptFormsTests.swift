import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// Fixtures' forms in their contracts' terms are kept across starts: kept forms must be the
/// ones computing gives, and any change to the tree, the packs or the kept file must compute
/// them again rather than match requests by stale forms.
@Suite("Kept contract forms")
struct KeptFormsTests {
    /// A tree the Yelp and Facebook packs rewrite: a coordinate with a trailing zero, the Graph
    /// at a version; and a fixture they leave as written.
    private static func rewrittenTree() throws -> TemporaryFixtures {
        let tree = try TemporaryFixtures()
        try tree.write("facebook/me.json", fixtureJSON(path: "/v2.8/me", query: #"{"fields": "id,name"}"#))
        try tree.write("yelp/plain.json", fixtureJSON(path: "/v3/businesses/search", query: #"{"location": "NYC"}"#))
        try tree.write("yelp/search.json", fixtureJSON(path: "/v3/businesses/search", query: #"{"latitude": "34.079610", "longitude": "-118.3"}"#))
        return tree
    }

    /// The Yelp and Facebook packs in a folder of their own, with each of `edits` made to the
    /// Yelp pack (every edit must change it).
    private static func packs(editingYelp edits: [(String, String)] = []) throws -> TemporaryFixtures {
        let folder = try TemporaryFixtures()
        var yelp = try String(contentsOfFile: bundledContractsPath + "/yelp.openapi.json", encoding: .utf8)
        for (text, replacement) in edits {
            #expect(yelp.contains(text), "the Yelp pack holds \(text.debugDescription)")
            yelp = yelp.replacingOccurrences(of: text, with: replacement)
        }
        try folder.write("yelp.openapi.json", yelp)
        try folder.write("facebook.openapi.json", try String(contentsOfFile: bundledContractsPath + "/facebook.openapi.json", encoding: .utf8))
        return folder
    }

    /// A snapshot cache, the rewritten tree, its packs, and the same packs with the latitude
    /// as text.
    private struct Setting {
        let cache = SnapshotCache()
        let tree: TemporaryFixtures
        let packs: TemporaryFixtures
        let textLatitude: TemporaryFixtures

        init() throws {
            tree = try KeptFormsTests.rewrittenTree()
            packs = try KeptFormsTests.packs()
            textLatitude = try KeptFormsTests.packs(editingYelp: KeptFormsTests.latitudeAsText)
        }

        func remove() {
            for folder in [tree, packs, textLatitude] { folder.remove() }
            cache.remove()
        }
    }

    /// Each form written out in full (method, path, query checks in order, header checks,
    /// body, version), "as written" for none.
    private static func describe(_ forms: [FixtureIndex.Form?]) -> [String] {
        forms.map { form in
            guard let (pattern, version) = form else { return "as written" }
            let query = pattern.queryChecks.map { "\($0.name)=\($0.condition)" }, headers = pattern.headerChecks.map { "\($0.name)=\($0.condition)" }
            return "\(pattern.method) \(pattern.path.text) \(query) \(headers) \(String(describing: pattern.body)) \(version ?? "-")"
        }
    }

    private static let searchForm = #"GET /v3/businesses/search ["latitude=equals(\"34.07961\")", "longitude=equals(\"-118.3\")"] [] nil -"#

    @Test func keptFormsAreTheFormsComputed() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let rewritten = try Self.rewrittenTree()
        defer { rewritten.remove() }
        let packs = try Self.packs()
        defer { packs.remove() }
        for (root, contractsFolder) in [(bundledFixturesPath, bundledContractsPath), (rewritten.root, packs.root)] {
            let tree = try FixtureLoader.loadTree(from: root, snapshots: cache.snapshots)
            let contracts = try Contracts.load(from: contractsFolder)
            let computed = Self.describe(ContractMatching.forms(of: tree.index.fixtures, in: contracts))
            #expect(computed.contains { $0 != "as written" }, "the contracts rewrite some fixture of \(root)")
            #expect(cache.snapshots.keptForms(of: tree, in: contracts) == nil, "none kept before the first start")
            #expect(Self.describe(cache.snapshots.contractForms(of: tree, in: contracts)) == computed)
            let kept = try #require(cache.snapshots.keptForms(of: tree, in: contracts), "the first start kept its forms")
            #expect(Self.describe(kept) == computed)
            // The same patterns, which the index files and matches by.
            for (keptForm, form) in zip(kept, ContractMatching.forms(of: tree.index.fixtures, in: contracts)) {
                #expect(keptForm?.pattern == form?.pattern && keptForm?.pattern.specificity == form?.pattern.specificity)
            }
        }
        let tree = try FixtureLoader.loadTree(from: rewritten.root, snapshots: cache.snapshots)
        let kept = try #require(cache.snapshots.keptForms(of: tree, in: try Contracts.load(from: packs.root)))
        #expect(Self.describe(kept) == [#"GET /me ["fields=equals(\"id,name\")"] [] nil v2.8"#, "as written", Self.searchForm])
    }

    /// `serve` reads and files the kept forms while the packs load: the index it ends with
    /// must match requests by the forms of the packs that loaded, whichever packs the kept
    /// forms were for.
    @Test func anIndexPreparedBeforeThePacksLoadMatchesInTheirTerms() throws {
        let setting = try Setting()
        defer { setting.remove() }
        let (cache, tree, packs, textLatitude) = (setting.cache, setting.tree, setting.packs, setting.textLatitude)
        let loaded = try FixtureLoader.loadTree(from: tree.root, snapshots: cache.snapshots)
        let written = Request(method: "GET", target: "/v3/businesses/search?latitude=34.079610&longitude=-118.3")
        let normal = Request(method: "GET", target: "/v3/businesses/search?latitude=34.07961&longitude=-118.30")
        func answers(_ contracts: Contracts?) -> [String?] {
            let index = PreparedMatchingIndex(tree: loaded, snapshots: cache.snapshots).finish(contracts: contracts)
            return [written, normal].map { request in
                guard let route = contracts?.route(request) else { return index.bestMatch(for: request)?.file }
                let form = ContractMatching.form(of: request, route: route)
                return index.bestMatch(for: form.request, version: form.version)?.file
            }
        }
        let contracts = try Contracts.load(from: packs.root), edited = try Contracts.load(from: textLatitude.root)
        #expect(answers(contracts) == ["yelp/search.json", "yelp/search.json"], "none kept yet: computed")
        #expect(cache.snapshots.keptForms(of: loaded, in: contracts) != nil)
        #expect(answers(contracts) == ["yelp/search.json", "yelp/search.json"], "kept for these packs")
        #expect(answers(edited) == ["yelp/search.json", nil], "kept for other packs: computed for these")
        #expect(cache.snapshots.keptForms(of: loaded, in: edited) != nil && cache.snapshots.keptForms(of: loaded, in: contracts) == nil)
        #expect(answers(edited) == ["yelp/search.json", nil], "kept for the edited packs")
        #expect(answers(contracts) == ["yelp/search.json", "yelp/search.json"])
        #expect(answers(nil) == ["yelp/search.json", nil], "no contracts: as written")
    }

    private static let latitudeAsText = [(
        #""name": "latitude",\#n            "required": false,\#n            "schema": {\#n              "maximum": 90,\#n              "minimum": -90,\#n              "type": "number""#,
        #""name": "latitude",\#n            "required": false,\#n            "schema": {\#n              "type": "string""#
    )]

    @Test func aChangedPackOrFixtureComputesTheFormsAgain() throws {
        let setting = try Setting()
        defer { setting.remove() }
        let (cache, tree, packs, textLatitude) = (setting.cache, setting.tree, setting.packs, setting.textLatitude)
        let loaded = try FixtureLoader.loadTree(from: tree.root, snapshots: cache.snapshots)
        #expect(cache.snapshots.contractForms(of: loaded, in: try Contracts.load(from: packs.root)).last.map { Self.describe([$0]) } == [Self.searchForm])

        // A pack whose latitude is text: the coordinate is matched as written.
        let edited = try Contracts.load(from: textLatitude.root)
        #expect(cache.snapshots.keptForms(of: loaded, in: edited) == nil)
        #expect(Self.describe(cache.snapshots.contractForms(of: loaded, in: edited)).last == "as written")
        #expect(cache.snapshots.keptForms(of: loaded, in: edited).map(Self.describe)?.last == "as written", "kept for the edited pack")

        // A fixture rewritten: its new coordinate.
        try tree.write("yelp/search.json", fixtureJSON(path: "/v3/businesses/search", query: #"{"latitude": "34.50", "longitude": "-118.3"}"#))
        let rewritten = try FixtureLoader.loadTree(from: tree.root, snapshots: cache.snapshots)
        #expect(rewritten.digest != loaded.digest)
        let contracts = try Contracts.load(from: packs.root)
        #expect(cache.snapshots.keptForms(of: rewritten, in: contracts) == nil)
        #expect(Self.describe(cache.snapshots.contractForms(of: rewritten, in: contracts)).last?.contains(#"latitude=equals(\"34.5\")"#) == true)
    }

    @Test func aCorruptOrForeignFileIsIgnoredAndReplaced() throws {
        let setting = try Setting()
        defer { setting.remove() }
        let (cache, tree, packs) = (setting.cache, setting.tree, setting.packs)
        let other = try Self.rewrittenTree()
        defer { other.remove() }
        let contracts = try Contracts.load(from: packs.root)
        let loaded = try FixtureLoader.loadTree(from: tree.root, snapshots: cache.snapshots)
        let expected = Self.describe(cache.snapshots.contractForms(of: loaded, in: contracts))
        let file = try #require(cache.snapshots.location(of: tree.root, kind: "forms")).file
        let valid = try FileBytes.read(file)
        _ = cache.snapshots.contractForms(of: try FixtureLoader.loadTree(from: other.root, snapshots: cache.snapshots), in: contracts)
        let foreign = try FileBytes.read(try #require(cache.snapshots.location(of: other.root, kind: "forms")).file)
        var flipped = valid
        flipped[valid.count / 2] ^= 0x40
        // Sealed, so past the checksum: the header and key as written, then a form for a fixture
        // past the tree's last, and one for a fixture of another name.
        let header = Array(valid.dropLast(8).prefix(through: try Self.endOfKey(in: valid)))
        func forged(position: Int, file: String) -> [UInt8] {
            var writer = SnapshotWriter(strings: SnapshotStrings())
            writer.append(header)
            writer.int(2)
            for text in [file, "/me"] { writer.literal(text) }
            writer.int(1)  // one form:
            writer.int(position)
            writer.int(0)  // its fixture's file,
            writer.bool(false)  // no version,
            writer.int(1)  // its path,
            writer.int(0)  // no query checks,
            writer.int(0)  // no header checks.
            writer.seal()
            return writer.bytes
        }
        #expect(valid.count > header.count + 8)
        for damaged in [flipped, Array(valid.prefix(valid.count / 2)), [], Array("not kept forms".utf8), foreign, forged(position: 3, file: "facebook/me.json"),
            forged(position: 0, file: "yelp/plain.json")] {
            try FileBytes.writeAtomically(damaged, to: file)
            #expect(cache.snapshots.keptForms(of: loaded, in: contracts) == nil)
            #expect(Self.describe(cache.snapshots.contractForms(of: loaded, in: contracts)) == expected)
            #expect(try FileBytes.read(file) == valid, "the start replaced the damaged file")
        }
        // The forged file is read as far as its forms: with the fixture it names, it is used.
        try FileBytes.writeAtomically(forged(position: 0, file: "facebook/me.json"), to: file)
        #expect(cache.snapshots.keptForms(of: loaded, in: contracts).map(Self.describe) == [#"GET /me [] [] nil -"#, "as written", "as written"])
    }

    /// Where the key ends in kept forms: the magic, the format version, the build's stamp (7
    /// words), the tree (its length and bytes), the two digests and the fixture count.
    private static func endOfKey(in bytes: [UInt8]) throws -> Int {
        var reader = SnapshotReader(bytes[...])
        for _ in 0..<9 { _ = try reader.uint64() }
        let tree = try reader.literal()
        return 9 * 8 + 8 + tree.utf8.count + 3 * 8 - 1
    }

    @Test func formsAreNotKeptWithoutADigestOfTreeAndPacks() throws {
        let setting = try Setting()
        defer { setting.remove() }
        let (cache, tree, packs) = (setting.cache, setting.tree, setting.packs)
        let contracts = try Contracts.load(from: packs.root)
        let file = try #require(cache.snapshots.location(of: tree.root, kind: "forms")).file
        // Files changed moments ago: their stamps may not change with their next change.
        let unsettled = FixtureSnapshots(folder: cache.folder, settling: 60)
        let recent = try FixtureLoader.loadTree(from: tree.root, snapshots: unsettled)
        #expect(recent.digest == nil)
        #expect(Self.describe(unsettled.contractForms(of: recent, in: contracts)).last == Self.searchForm)
        // Packs made in code have no files to key them by.
        let loaded = try FixtureLoader.loadTree(from: tree.root, snapshots: cache.snapshots)
        let inCode = Contracts(packs: contracts.packs)
        #expect(inCode.sourceDigest == nil)
        #expect(Self.describe(cache.snapshots.contractForms(of: loaded, in: inCode)).last == Self.searchForm)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try FixtureLoader.loadTree(from: tree.root).digest == nil, "no snapshots, no stamps read")
    }

    @Test func digestsFollowEveryChange() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let tree = try Self.rewrittenTree()
        defer { tree.remove() }
        let fromFiles = try #require(try FixtureLoader.loadTree(from: tree.root, snapshots: cache.snapshots).digest)
        #expect(try FixtureLoader.loadTree(from: tree.root, snapshots: cache.snapshots).digest == fromFiles, "the same from the snapshot")
        try tree.write("yelp/extra.body.json", "{}")
        let withBody = try FixtureLoader.loadTree(from: tree.root, snapshots: cache.snapshots).digest
        #expect(withBody != nil && withBody != fromFiles, "any file counts, body files too")

        let packs = try Self.packs()
        defer { packs.remove() }
        let digest = try #require(try Contracts.load(from: packs.root).sourceDigest)
        #expect(try Contracts.load(from: packs.root).sourceDigest == digest)
        let described = try Self.packs(editingYelp: [("Search term, e.g.", "Search term, for example")])
        defer { described.remove() }
        #expect(try Contracts.load(from: described.root).sourceDigest != digest, "a byte of a pack")
        try FileManager.default.removeItem(atPath: packs.root + "/facebook.openapi.json")
        #expect(try Contracts.load(from: packs.root).sourceDigest != digest, "a pack gone")
    }

    @Test func onlyTheMostRecentFormsAreKept() throws {
        let cache = SnapshotCache()
        defer { cache.remove() }
        let packs = try Self.packs()
        defer { packs.remove() }
        let contracts = try Contracts.load(from: packs.root)
        var trees: [TemporaryFixtures] = []
        defer { for tree in trees { tree.remove() } }
        for _ in 0...FixtureSnapshots.maximumKept {
            let tree = try Self.rewrittenTree()
            trees.append(tree)
            _ = cache.snapshots.contractForms(of: try FixtureLoader.loadTree(from: tree.root, snapshots: cache.snapshots), in: contracts)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.folder)
        #expect(names.filter { $0.hasSuffix(".forms") }.count == FixtureSnapshots.maximumKept)
        #expect(names.filter { $0.hasSuffix(".snapshot") }.count == FixtureSnapshots.maximumKept)
        let latest = try FixtureLoader.loadTree(from: trees.last!.root, snapshots: cache.snapshots)
        #expect(cache.snapshots.keptForms(of: latest, in: contracts) != nil, "the latest is kept")
    }
}
