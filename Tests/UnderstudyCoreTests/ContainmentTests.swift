import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// A fixtures tree cannot make the server read or serve anything outside it.
@Suite("Containment")
struct ContainmentTests {
    @Test func linksOutOfTheTreeAreRefusedAndNamed() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let outside = NSTemporaryDirectory() + "understudy-outside-" + UUID().uuidString
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try tree.write("feed/img.json", fixtureJSON(path: "/img", response: #"{"file": "evil.png"}"#))
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/feed/evil.png", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/feed/dangling.json", withDestinationPath: tree.root + "/nowhere")
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        #expect(error.problems.map(\.description) == [
            "feed/dangling.json: not read: a link that cannot be resolved",
            "feed/evil.png: not read: a link that leaves the fixtures folder",
            "feed/img.json $.response.file: body file \"evil.png\" not found (looked for feed/evil.png)",
        ])
    }

    @Test func linksInsideTheTreeWorkAndLoopsEnd() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("feed/real.png", bytes: [1, 2, 3])
        try tree.write("feed/img.json", fixtureJSON(path: "/img", response: #"{"file": "alias.png"}"#))
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/feed/alias.png", withDestinationPath: tree.root + "/feed/real.png")
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/feed/loop", withDestinationPath: tree.root)  // the root again
        let responder = Responder(fixtures: try tree.load())
        #expect(responder.index.fixtures.count == 1)
        #expect(await responder.respond(to: Request(method: "GET", target: "/img")).body == [1, 2, 3])
    }

    @Test func anOversizedFixtureFileIsAProblemNotAnExhaustedMemory() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/huge.json", "{}")
        // A sparse file: 65 MB long without writing 65 MB.
        #expect(truncate(tree.root + "/yelp/huge.json", off_t(FixtureLoader.maximumFixtureSize + (1 << 20))) == 0)
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        #expect(error.problems.map(\.description) == [
            "yelp/huge.json: cannot read: 65 MB is more than the 64 MB a fixture file may be; put large bodies in a body file"
        ])
    }
}
