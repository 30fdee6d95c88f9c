import UnderstudySupport
extension FixtureSnapshots.Contents {
    /// The fixtures of this snapshot that a tree changed since can still take as they are:
    /// those whose file has the stamp it had then, and whose body files are all still there.
    /// Editing one fixture of a large tree then decodes that file alone, not every file.
    ///
    /// A fixture taken from here decodes, from its unchanged file, to the same fixture without
    /// a problem: its decoding reads nothing else of the tree but whether its body files exist.
    /// Everything that compares fixtures (the same conditions twice) runs on the whole tree as
    /// after a full load, so loading reports exactly the problems it always did.
    /// - Parameters:
    ///   - sameListing: whether the tree has exactly the files, in the walk's order, that it
    ///     had then (its loader compared them already).
    ///   - fixtureFiles: its fixture files now, in walk order; `stamps` are theirs, now.
    ///   - sortedFiles: the same fixture files, sorted: the order of the result.
    ///   - existingFiles: every file of the tree now.
    /// - Returns: for each of `sortedFiles`, the snapshot's fixture if it can be taken, else `nil`.
    package func unchangedFixtures(
        sameListing: Bool, fixtureFiles: [String], stamps: [FileStamp], sortedFiles: [String], existingFiles: Set<String>, root: String
    ) -> [Fixture?] {
        guard fixtureFiles.count == stamps.count else { return Array(repeating: nil, count: sortedFiles.count) }
        // The same files, some rewritten (an edit): stamps and fixtures line up by position,
        // and every body file is still there. Only the rewritten names are hashed.
        if sameListing, self.stamps.count == stamps.count, entries.count == sortedFiles.count {
            let rewritten = Set(stamps.indices.lazy.filter { stamps[$0] != self.stamps[$0] }.map { fixtureFiles[$0] })
            return zip(entries, sortedFiles).map { entry, file in
                guard case .fixture(let fixture) = entry, fixture.file == file, !rewritten.contains(file) else { return nil }
                return fixture
            }
        }
        // Files added, removed or renamed: matched by name.
        var stampsThen: [String: FileStamp] = [:]
        stampsThen.reserveCapacity(self.stamps.count)
        for (file, stamp) in zip(files.lazy.filter(FixtureLoader.isFixtureFile), self.stamps) { stampsThen[file] = stamp }
        var stampsNow: [String: FileStamp] = [:]
        stampsNow.reserveCapacity(stamps.count)
        for (file, stamp) in zip(fixtureFiles, stamps) { stampsNow[file] = stamp }
        var fixtures: [String: Fixture] = [:]
        let prefix = root + "/"
        for entry in entries {
            guard case .fixture(let fixture) = entry, let now = stampsNow[fixture.file], stampsThen[fixture.file] == now else { continue }
            let bodiesThere = fixture.responses.allSatisfy { response in
                guard case .file(let body) = response.body else { return true }
                return body.path.hasPrefix(prefix) && existingFiles.contains(String(body.path.dropFirst(prefix.count)))
            }
            if bodiesThere { fixtures[fixture.file] = fixture }
        }
        return sortedFiles.map { fixtures[$0] }
    }
}
