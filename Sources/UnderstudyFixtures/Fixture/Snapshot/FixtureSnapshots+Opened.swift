import UnderstudySupport
extension FixtureSnapshots {
    /// A snapshot whose head is read: the files it was written for, while its records are
    /// decoded and its fixture files stamped anew on threads of their own.
    package struct Opened: Sendable {
        /// Every regular file of the tree when the snapshot was written, as the walk found them.
        package let files: [String]
        /// The fixture files among them, in the same order.
        package let fixtureFiles: [String]
        /// The stamps `fixtureFiles` have now (`nil` for one that cannot be read), read as soon
        /// as the head was: with a cold page cache, reading them is as slow as walking the tree,
        /// so the two overlap instead of following each other.
        package let stampsNow: Pending<[FileStamp?]>
        /// The records decoded; `nil` when one is corrupt.
        package let contents: Pending<Contents?>

        /// The stamps of a tree's fixture files now, `fixtureFiles` as the walk found them:
        /// those of the snapshot's own files as read beside the walk, the others read now.
        /// `nil` when one cannot be read.
        /// - Parameter sameListing: whether the walk found exactly the snapshot's `files`.
        package func stamps(ofFixtureFiles fixtureFiles: [String], sameListing: Bool, root: String) -> [FileStamp]? {
            let known = stampsNow.wait()
            if sameListing { return FileStamp.allRead(known) }
            // Files added, removed or renamed: most still have the stamp read for them.
            var byFile: [String: FileStamp] = [:]
            byFile.reserveCapacity(known.count)
            for (file, stamp) in zip(self.fixtureFiles, known) { byFile[file] = stamp }
            let unknown = fixtureFiles.filter { byFile[$0] == nil }
            guard let read = FileStamp.stamps(of: unknown, in: root) else { return nil }
            for (file, stamp) in zip(unknown, read) { byFile[file] = stamp }
            return fixtureFiles.map { byFile[$0]! }
        }
    }
}
