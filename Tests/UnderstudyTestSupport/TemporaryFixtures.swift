import Foundation
import UnderstudyFixtures

/// A fixtures tree in a fresh temporary folder, removed when the value is discarded by `remove()`.
package struct TemporaryFixtures {
    package let root: String

    package init() throws {
        root = NSTemporaryDirectory() + "understudy-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relativePath` below the root, creating folders.
    package func write(_ relativePath: String, _ text: String) throws {
        let path = (root as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Writes raw bytes.
    package func write(_ relativePath: String, bytes: [UInt8]) throws {
        let path = (root as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    package func load() throws -> [Fixture] { try FixtureLoader.load(from: root) }

    package func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// A minimal valid fixture document answering `path` with `json`.
package func fixtureJSON(method: String = "GET", path: String, query: String = "{}", headers: String = "{}", extra: String = "", response: String = #"{"json": {"ok": true}}"#) -> String {
    """
    {"understudy": 1, \(extra) "request": {"method": "\(method)", "path": "\(path)", "query": \(query), "headers": \(headers)}, "response": \(response)}
    """
}
