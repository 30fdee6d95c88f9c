import UnderstudySupport
/// A fixtures tree as loading left it: the index its check built, and what identifies the
/// tree's files, under which what is derived from its fixtures alone may be kept across starts.
package struct LoadedTree: Sendable {
    /// The fixtures, indexed as written.
    package let index: FixtureIndex
    /// The tree's root, as loading named it (standardised).
    package let root: String
    /// A digest of the tree's files and of its fixture files' stamps (`digest(files:stamps:)`),
    /// when they were read and none changed too recently to trust; `nil` otherwise.
    package let digest: UInt64?

    /// A digest of every file of a tree, in the order the walk found them, and the stamps of its
    /// fixture files: any file added, removed, renamed or rewritten changes it, as it changes
    /// whether the tree's snapshot is used.
    package static func digest(files: [String], stamps: [FileStamp]) -> UInt64 {
        var digest = StableHash.mixing(UInt64(files.count), into: UInt64(stamps.count))
        for file in files { digest = StableHash.mixing(file.withContiguousUTF8 { StableHash.words(UnsafeRawBufferPointer($0)) }, into: digest) }
        for stamp in stamps { digest = stamp.mixed(into: digest) }
        return digest
    }
}
