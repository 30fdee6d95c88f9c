import Foundation
import UnderstudyFixtures
import UnderstudySupport

/// Fixtures' forms in their contracts' terms (`ContractMatching.forms`), kept beside the tree's
/// snapshot: on 10,000 fixtures, putting them in those terms was a fifth of a start's work with
/// contracts, and the forms depend only on the fixtures and the packs.
///
/// They are kept in a file of their own, under the tree's digest (its files and their stamps),
/// the packs' digest (their files' names and bytes) and the build: a change to any of them
/// means the forms are computed again, and the new ones kept. Only the forms that differ from
/// their fixture's own pattern are written.
extension FixtureSnapshots {
    /// Bumped whenever the binary form of kept forms changes.
    package static let formsFormatVersion: UInt64 = 2
    private static let formsMagic: UInt64 = 0x5553_464f_524d_5331  // "USFORMS1"

    /// What kept forms are valid for.
    private struct FormsKey: Equatable {
        package let builder: FileStamp
        package let tree: String
        package let treeDigest: UInt64
        package let packsDigest: UInt64
        package let fixtureCount: Int

        package func write(to writer: inout SnapshotWriter) {
            builder.write(to: &writer)
            writer.literal(tree)
            writer.uint64(treeDigest)
            writer.uint64(packsDigest)
            writer.int(fixtureCount)
        }

        package static func read(from reader: inout SnapshotReader) throws(SnapshotReader.Corrupt) -> FormsKey {
            FormsKey(
                builder: try FileStamp.read(from: &reader), tree: try reader.literal(), treeDigest: try reader.uint64(),
                packsDigest: try reader.uint64(), fixtureCount: try reader.int())
        }
    }

    /// Forms read from where they are kept, and the digest of the packs they were kept for.
    package struct Kept: Sendable {
        package let forms: [FixtureIndex.Form?]
        package let packsDigest: UInt64

        /// Whether the forms were kept for `contracts`: only then are they used.
        package func suit(_ contracts: Contracts) -> Bool {
            packsDigest == contracts.sourceDigest
        }
    }

    /// The forms of `tree`'s fixtures in `contracts`' terms, parallel to them: those kept for
    /// this tree, these packs and this build when there are; otherwise computed, and kept.
    package func contractForms(of tree: LoadedTree, in contracts: Contracts) -> [FixtureIndex.Form?] {
        keptForms(of: tree, in: contracts) ?? computedForms(of: tree, in: contracts)
    }

    /// The forms of `tree`'s fixtures in `contracts`' terms, computed, and kept for the next
    /// start (on a thread of its own when `writesInBackground`). Packs made in code, or a tree
    /// without a digest, keep nothing.
    package func computedForms(of tree: LoadedTree, in contracts: Contracts) -> [FixtureIndex.Form?] {
        let forms = ContractMatching.forms(of: tree.index.fixtures, in: contracts)
        if let packsDigest = contracts.sourceDigest, let place = place(of: tree) {
            let key = place.key(packsDigest), file = place.file, fixtures = tree.index.fixtures
            inBackground { keep(Self.formsBytes(forms, key: key, fixtures: fixtures), at: file) }
        }
        return forms
    }

    /// The forms kept for `tree` in `contracts`' terms by this build; `nil` when there are none.
    package func keptForms(of tree: LoadedTree, in contracts: Contracts) -> [FixtureIndex.Form?]? {
        guard let kept = keptForms(of: tree), kept.suit(contracts) else { return nil }
        return kept.forms
    }

    /// The forms kept for `tree` by this build, for whichever packs they were kept; `nil` when
    /// there are none, or they are corrupt, of another format version or kept for another tree.
    package func keptForms(of tree: LoadedTree) -> Kept? {
        place(of: tree).flatMap { keptForms(in: $0.file, key: $0.key, fixtures: tree.index.fixtures) }
    }

    /// The file holding `tree`'s forms, and the key they are kept under for packs of a given
    /// digest; `nil` when they are not kept.
    private func place(of tree: LoadedTree) -> (file: String, key: (UInt64) -> FormsKey)? {
        guard let treeDigest = tree.digest, let builder = Self.builder, let location = location(of: tree.root, kind: "forms") else { return nil }
        let count = tree.index.fixtures.count
        return (location.file, { FormsKey(builder: builder, tree: location.tree, treeDigest: treeDigest, packsDigest: $0, fixtureCount: count) })
    }

    /// The forms kept in `file` under the key `key` makes of their packs' digest; `nil` when
    /// there are none, or they are corrupt, of another format version or kept under another key.
    private func keptForms(in file: String, key: (UInt64) -> FormsKey, fixtures: [Fixture]) -> Kept? {
        guard let bytes = try? FileBytes.read(file), var reader = SnapshotReader(sealed: bytes) else { return nil }
        do throws(SnapshotReader.Corrupt) {
            guard try reader.uint64() == Self.formsMagic, try reader.uint64() == Self.formsFormatVersion else { return nil }
            let read = try FormsKey.read(from: &reader)
            guard read == key(read.packsDigest) else { return nil }
            try reader.readStringTable()
            var forms = [FixtureIndex.Form?](repeating: nil, count: fixtures.count)
            var previous = -1
            var paths: [Int: PathPattern] = [:]
            for _ in 0..<(try reader.count()) {
                let position = try reader.int()
                // In file order, each fixture once, and the fixture the form was written for.
                guard position > previous, position < fixtures.count, try reader.string() == fixtures[position].file else { return nil }
                previous = position
                let request = fixtures[position].request
                let version = try reader.optionalString()
                let path = try FixtureCoding.readPath(&reader, paths: &paths)
                let queryChecks = try FixtureCoding.readChecks(&reader)
                forms[position] = (request.with(path: path, queryChecks: queryChecks, headerChecks: try FixtureCoding.readChecks(&reader)), version)
            }
            return reader.isAtEnd ? Kept(forms: forms, packsDigest: read.packsDigest) : nil
        } catch {
            return nil
        }
    }

    /// `forms` of `fixtures`, in the form `keptForms` reads, under `key`.
    private static func formsBytes(_ forms: [FixtureIndex.Form?], key: FormsKey, fixtures: [Fixture]) -> [UInt8] {
        let strings = SnapshotStrings()
        var body = SnapshotWriter(strings: strings)
        let changed = forms.indices.filter { forms[$0] != nil }
        body.int(changed.count)
        for position in changed {
            let form = forms[position]!
            body.int(position)
            body.string(fixtures[position].file)
            body.optionalString(form.version)
            body.string(form.pattern.path.text)
            FixtureCoding.write(form.pattern.queryChecks, to: &body)
            FixtureCoding.write(form.pattern.headerChecks, to: &body)
        }
        var kept = SnapshotWriter(strings: strings)
        kept.uint64(formsMagic)
        kept.uint64(formsFormatVersion)
        key.write(to: &kept)
        kept.stringTable()
        kept.append(body.bytes)
        kept.seal()
        return kept.bytes
    }
}
