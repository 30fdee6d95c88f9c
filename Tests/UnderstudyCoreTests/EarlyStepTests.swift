import Foundation
import Testing
@testable import UnderstudyCore
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// A sequence whose first answer is for requests made too early (`tooEarlyWithin`), without contracts:
/// early is judged by the clock since the previous answer on the same path.
@Suite struct EarlyStepTests {
    static let steps = """
        "tooEarlyWithin": 2, "responses": [{"json": {"status": "INVALID_REQUEST"}}, {"json": {"status": "OK", "page": 2}}],
        """

    private func status(_ responder: Responder, _ target: String) async -> String? {
        let response = await responder.respond(to: Request(method: "GET", target: target))
        return (try? JSONParser.parse(response.body))?["status"]?.stringValue
    }

    /// Page 1, and page 2 behind an early step, on one path, with the clock that judges them.
    private static func pages() throws -> (Responder, ManualClock) {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        try folder.write("google/page1.json", fixtureJSON(path: "/pages", query: #"{"page": "1"}"#, response: #"{"json": {"status": "OK"}}"#))
        try folder.write("google/page2.json", fixtureJSON(path: "/pages", query: #"{"page": "2"}"#, extra: Self.steps).replacingOccurrences(of: #", "response": {"json": {"ok": true}}"#, with: ""))
        let clock = ManualClock()
        return (Responder(fixtures: try folder.load(), clock: clock), clock)
    }

    @Test func aRequestOnTimePassesTheEarlyStepAndAnEarlyOneGetsItOnce() async throws {
        let (responder, clock) = try Self.pages()
        #expect(await status(responder, "/pages?page=1") == "OK")
        clock.advance(by: 2)
        #expect(await status(responder, "/pages?page=2") == "OK")  // waited: the page at once
        responder.reset()
        #expect(await status(responder, "/pages?page=1") == "OK")
        clock.advance(by: 1.9)
        #expect(await status(responder, "/pages?page=2") == "INVALID_REQUEST")  // early
        #expect(await status(responder, "/pages?page=2") == "OK")  // the step is spent
        responder.reset()
        // No answer before it on the path: nothing to be early after.
        #expect(await status(responder, "/pages?page=2") == "OK")
    }

    /// Through an event loop's memo, which remembers whether a target's answers are timed: a
    /// remembered page is still judged early.
    @Test func rememberedTargetsAreStillJudgedEarly() throws {
        let (responder, clock) = try Self.pages()
        let memo = responder.makeTargetMemo()
        func status(_ target: String) throws -> String? {
            let response = responder.respondNow(to: Request(method: "GET", target: target), memo: memo)
            return (try? JSONParser.parse(response.body))?["status"]?.stringValue
        }
        for _ in 0..<2 {
            #expect(try status("/pages?page=1") == "OK")
            clock.advance(by: 2)
            #expect(try status("/pages?page=2") == "OK")
        }
        #expect(memo.kept(Request(method: "GET", target: "/pages?page=2"))?.timed == true)
        responder.reset()
        #expect(try status("/pages?page=1") == "OK")
        clock.advance(by: 1.9)
        #expect(try status("/pages?page=2") == "INVALID_REQUEST")  // early
        #expect(try status("/pages?page=2") == "OK")
    }

    @Test func anEarlyAnswerNeedsAnAnswerAfterIt() throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        try folder.write("google/a.json", fixtureJSON(path: "/a", extra: #""tooEarlyWithin": 2,"#))
        try folder.write("google/b.json", fixtureJSON(path: "/b", extra: #""tooEarlyWithin": -1, "responses": [{"json": {}}, {"json": {}}],"#)
            .replacingOccurrences(of: #", "response": {"json": {"ok": true}}"#, with: ""))
        let error = try #require(throws: FixtureLoadError.self) { try folder.load() }
        let messages = error.problems.map { "\($0.file): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("google/a.json") && $0.contains("give at least two") })
        #expect(messages.contains { $0.hasPrefix("google/b.json") && $0.contains("expected the seconds (0 or more)") })
    }
}
