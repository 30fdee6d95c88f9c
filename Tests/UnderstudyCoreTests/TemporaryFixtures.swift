import Foundation
import UnderstudyCore
import UnderstudyFixtures
import UnderstudySupport

/// A fixtures tree in a fresh temporary folder, removed when the value is discarded by `remove()`.
struct TemporaryFixtures {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "understudy-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relativePath` below the root, creating folders.
    func write(_ relativePath: String, _ text: String) throws {
        let path = (root as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Writes raw bytes.
    func write(_ relativePath: String, bytes: [UInt8]) throws {
        let path = (root as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func load() throws -> [Fixture] { try FixtureLoader.load(from: root) }

    /// The small tree the snapshot tests change: `feed/a.json` answering from its body file
    /// `feed/a.body.json`, and `yelp/b.json` with a query condition (`term=x`).
    static func withABodyFile() throws -> TemporaryFixtures {
        let tree = try TemporaryFixtures()
        try tree.write("feed/a.json", fixtureJSON(path: "/a", response: #"{"file": "a.body.json"}"#))
        try tree.write("feed/a.body.json", "{}")
        try tree.write("yelp/b.json", fixtureJSON(path: "/b", query: #"{"term": "x"}"#))
        return tree
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// A minimal valid fixture document answering `path` with `json`.
func fixtureJSON(method: String = "GET", path: String, query: String = "{}", headers: String = "{}", extra: String = "", response: String = #"{"json": {"ok": true}}"#) -> String {
    """
    {"understudy": 1, \(extra) "request": {"method": "\(method)", "path": "\(path)", "query": \(query), "headers": \(headers)}, "response": \(response)}
    """
}

/// A fixture's query conditions for index tests: `a` and `b` pinned, `a` alone, or `b` pinned
/// with `c` only present, over few values, so that fixtures share buckets and groups.
func randomPinnedQuery(using generator: inout SeededGenerator) -> String {
    let a = Int.random(in: 0..<30, using: &generator), b = Int.random(in: 0..<6, using: &generator)
    return switch Int.random(in: 0..<3, using: &generator) {
    case 0: #"{"a": "\#(a)", "b": "\#(b)"}"#
    case 1: #"{"a": "\#(a)"}"#
    default: #"{"b": "\#(b)", "c": {"present": true}}"#
    }
}
