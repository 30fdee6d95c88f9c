import Foundation
import Testing
@testable import UnderstudyCore
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// Several tests sharing one responder through session headers, as UI tests whose app runs in
/// another process do, see only their own requests and state.
@Suite("Sessions")
struct SessionTests {
    private func responder() throws -> Responder {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("google/seq.json", """
            {"understudy": 1, "request": {"method": "GET", "path": "/seq"},
             "responses": [{"text": "first"}, {"text": "second"}]}
            """)
        try tree.write("yelp/fav.json", """
            {"understudy": 1, "scenario": {"name": "favorites", "requires": "Started", "moveTo": "Added"},
             "request": {"method": "POST", "path": "/favorites"}, "response": {"status": 201}}
            """)
        return Responder(fixtures: try tree.load())
    }

    private func send(_ responder: Responder, _ method: String, _ target: String, session: String?, body: String = "") async -> Response {
        let headers = session.map { [HeaderField(name: "x-understudy-SESSION", value: $0)] } ?? []
        return await responder.respond(to: Request(method: method, target: target, headers: headers, body: Array(body.utf8)))
    }

    private func text(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func sessionsHaveTheirOwnSequencesScenariosAndJournals() async throws {
        let responder = try responder()
        #expect(await text(send(responder, "GET", "/seq", session: "a")) == "first")
        #expect(await text(send(responder, "GET", "/seq", session: "a")) == "second")
        #expect(await text(send(responder, "GET", "/seq", session: "b")) == "first")
        #expect(await text(send(responder, "GET", "/seq", session: nil)) == "first")
        #expect(await send(responder, "POST", "/favorites", session: "a").status == 201)
        #expect(await send(responder, "POST", "/favorites", session: "a").status == 404)  // a moved on
        #expect(await send(responder, "POST", "/favorites", session: "b").status == 201)  // b did not
        #expect(responder.session("a").journal.receivedCount == 4)
        #expect(responder.session("b").journal.receivedCount == 2)
        #expect(responder.journal.receivedCount == 1)
        #expect(responder.session("a").scenarios == ["favorites": "Added"])
        #expect(responder.scenarios == ["favorites": "Started"])
    }

    @Test func theAdminAPIActsOnTheSessionItNames() async throws {
        let responder = try responder()
        _ = await send(responder, "GET", "/seq", session: "a")
        _ = await send(responder, "GET", "/seq", session: "b")
        let journal = try await JSONParser.parse(send(responder, "GET", "/__understudy/journal", session: "a").body)
        #expect(journal["received"] == 1)
        #expect(await send(responder, "PUT", "/__understudy/overrides/google/seq.json", session: "a", body: #"{"status": 500}"#).status == 200)
        #expect(await send(responder, "GET", "/seq", session: "a").status == 500)
        #expect(await send(responder, "GET", "/seq", session: "b").status == 200)
        _ = await send(responder, "POST", "/__understudy/reset", session: "a")
        #expect(await text(send(responder, "GET", "/seq", session: "a")) == "first")  // rewound, override gone
        #expect(await text(send(responder, "GET", "/seq", session: "b")) == "second")  // b untouched
    }

    @Test func theOldestSessionIsForgottenPastTheLimit() async throws {
        let responder = try responder()
        _ = await send(responder, "GET", "/seq", session: "s0")
        for i in 1...Responder.maximumSessions { _ = responder.session("s\(i)") }
        #expect(responder.session("s0").journal.receivedCount == 0)  // a fresh one
        #expect(responder.session("s\(Responder.maximumSessions)").id == "s\(Responder.maximumSessions)")
    }

    @Test func theLeastRecentlyUsedSessionIsForgottenNotTheOldest() async throws {
        let responder = try responder()
        _ = await send(responder, "GET", "/seq", session: "kept")
        for i in 1...Responder.maximumSessions {
            _ = responder.session("s\(i)")
            if i == Responder.maximumSessions / 2 { _ = await send(responder, "GET", "/seq", session: "kept") }  // used again
        }
        #expect(responder.session("kept").journal.receivedCount == 2)
        #expect(responder.session("s1").journal.receivedCount == 0)
    }

    /// 16 sessions of 64 requests with 20 KB targets would hold 20 MB of journal; the
    /// responder's byte budget (1 MB here) keeps them to it, dropping the oldest entries first
    /// and then the least recently used sessions, while the counts stay true.
    @Test func journalsStayWithinTheirByteBudget() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("google/seq.json", #"{"understudy": 1, "request": {"method": "GET", "path": "/seq"}, "response": {"text": "ok"}}"#)
        let budget = 1 << 20
        let responder = Responder(fixtures: try tree.load(), journalBytes: budget)
        let long = String(repeating: "a", count: 20_000)
        var peak = 0
        for session in 0..<16 {
            for request in 0..<64 {
                _ = await send(responder, "GET", "/seq?n=\(request)&pad=\(long)", session: "s\(session)")
                peak = max(peak, responder.journalBudget.bytes)
            }
        }
        #expect(peak <= budget + 25_000)  // within the budget but for the entry that crossed it
        let last = responder.session("s15").journal
        #expect(last.receivedCount == 64)
        #expect(last.entries.last?.target.hasPrefix("/seq?n=63&") == true)
        #expect(last.entries.count < 64 && last.entries.count >= ResponderSession.minimumKept)
        // The oldest sessions went first; a miss in the default session survives the traffic.
        _ = await send(responder, "GET", "/nothing?pad=\(long)", session: nil)
        for request in 0..<64 { _ = await send(responder, "GET", "/seq?n=\(request)&pad=\(long)", session: nil) }
        #expect(responder.journal.unmatched.count == 1)
        #expect(responder.journalBudget.bytes <= budget + 25_000)
    }

    @Test func aResetGivesBackItsJournalsBytes() async throws {
        let responder = try responder()
        for _ in 0..<10 { _ = await send(responder, "GET", "/seq", session: "a") }
        #expect(responder.journalBudget.bytes > 0)
        responder.session("a").reset()
        #expect(responder.journalBudget.bytes == 0)
    }
}
