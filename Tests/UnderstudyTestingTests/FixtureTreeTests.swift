import Foundation
import Testing
import UnderstudyCore
import UnderstudyFixtures
import UnderstudyTesting

@Suite("Fixture trees for one test")
struct FixtureTreeTests {
    @Test func aTreeHoldsItsFilesLoadsAndIsGoneAfterwards() async throws {
        let root = try await withFixtureTree(["google/fine.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/fine"}, "response": {"text": "fine"}}"#]) { tree in
            try tree.write("google/logo.png", bytes: [0x89, 0x50, 0x4E, 0x47])
            #expect(try tree.load().map(\.file) == ["google/fine.json"])
            #expect(FileManager.default.fileExists(atPath: tree.path("google/logo.png")))
            return tree.root
        }
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    @Test func aPathOutsideTheTreeIsRefused() throws {
        let tree = try FixtureTree()
        defer { tree.remove() }
        for path in ["../escape.json", "/etc/escape.json", "google/../../escape.json", "google//x.json", ""] {
            #expect(throws: FixtureTree.OutsideTheTree.self) { try tree.write(path, "{}") }
        }
    }
}
