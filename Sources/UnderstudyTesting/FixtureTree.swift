import Foundation
import UnderstudyCore
import UnderstudyFixtures

/// A fixtures tree written for one test in a fresh temporary folder: the files a test needs,
/// by path below the root, and nothing else.
///
/// ```swift
/// try await withFixtureTree(["yelp/search.json": searchFixture]) { tree in
///     try await withUnderstudy(fixtures: tree.root) { server in … }
/// }
/// ```
public struct FixtureTree: Sendable {
    /// A path that would land outside the tree.
    public struct OutsideTheTree: Error, CustomStringConvertible {
        /// The path as given.
        public let path: String
        public var description: String { "\"\(path)\" is not a path inside the fixture tree: use a relative path without \"..\"" }
    }

    /// The tree's folder.
    public let root: String

    /// Creates the folder and writes `files` (path below the root → text).
    public init(_ files: [String: String] = [:]) throws {
        root = NSTemporaryDirectory() + "understudy-tree-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    /// Writes `text` at `relativePath`, creating folders.
    public func write(_ relativePath: String, _ text: String) throws {
        try write(relativePath, bytes: Array(text.utf8))
    }

    /// Writes raw bytes (an image, a body file) at `relativePath`, creating folders.
    public func write(_ relativePath: String, bytes: [UInt8]) throws {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0.isEmpty }) else {
            throw OutsideTheTree(path: relativePath)
        }
        let path = root + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The path of `relativePath` inside the tree.
    public func path(_ relativePath: String) -> String { root + "/" + relativePath }

    /// Loads and checks the tree's fixtures, as `understudy serve` would.
    public func load() throws -> [Fixture] { try FixtureLoader.load(from: root) }

    /// Deletes the tree.
    public func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// Runs `body` with a fixture tree of `files`, and deletes the tree however `body` ends.
public func withFixtureTree<Result>(
    _ files: [String: String] = [:], _ body: (FixtureTree) async throws -> Result
) async throws -> Result {
    let tree = try FixtureTree(files)
    defer { tree.remove() }
    return try await body(tree)
}
