import Foundation
import Testing
@testable import UnderstudyCore

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
}
