import Foundation
import Testing
@testable import UnderstudyCore
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Scenarios")
struct ScenarioTests {
    /// A favorites list: empty until a POST adds one; a DELETE empties it again.
    static let favorites: [String: String] = [
        "yelp/list-empty.json": """
            {"understudy": 1, "scenario": {"name": "favorites", "requires": "Started"},
             "request": {"method": "GET", "path": "/favorites"}, "response": {"json": []}}
            """,
        "yelp/add.json": """
            {"understudy": 1, "scenario": {"name": "favorites", "requires": "Started", "moveTo": "Added"},
             "request": {"method": "POST", "path": "/favorites"}, "response": {"status": 201, "json": {"id": "thai-star"}}}
            """,
        "yelp/list-one.json": """
            {"understudy": 1, "scenario": {"name": "favorites", "requires": "Added"},
             "request": {"method": "GET", "path": "/favorites"}, "response": {"json": [{"id": "thai-star"}]}}
            """,
        "yelp/remove.json": """
            {"understudy": 1, "scenario": {"name": "favorites", "requires": "Added", "moveTo": "Started"},
             "request": {"method": "DELETE", "path": "/favorites/{id}"}, "response": {"status": 204}}
            """,
    ]

    private func responder(_ documents: [String: String]) throws -> Responder {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for (file, text) in documents { try tree.write(file, text) }
        return Responder(fixtures: try tree.load())
    }

    private func send(_ responder: Responder, _ method: String, _ target: String, body: String = "") async -> Response {
        await responder.respond(to: Request(method: method, target: target, body: Array(body.utf8)))
    }

    private func json(_ response: Response) -> JSONValue? { try? JSONParser.parse(response.body) }

    @Test func aFlowChangesTheAnswers() async throws {
        let responder = try responder(Self.favorites)
        #expect(await json(send(responder, "GET", "/favorites")) == [])
        #expect(await send(responder, "POST", "/favorites").status == 201)
        #expect(await json(send(responder, "GET", "/favorites")) == [["id": "thai-star"]])
        #expect(responder.scenarios == ["favorites": "Added"])
        #expect(await send(responder, "DELETE", "/favorites/thai-star").status == 204)
        #expect(await json(send(responder, "GET", "/favorites")) == [])
    }

    @Test func aMissNamesTheStateItWasIn() async throws {
        let responder = try responder(Self.favorites)
        let miss = await send(responder, "DELETE", "/favorites/thai-star")
        #expect(miss.status == 404)
        let mismatches = json(miss)?["understudy"]?["nearMisses"]?.arrayValue?.first?["mismatches"]
        #expect(mismatches == [["condition": "scenario.favorites", "expected": "state \"Added\"", "actual": "state \"Started\""]])
    }

    @Test func adminEndpointsShowSetAndResetStates() async throws {
        let responder = try responder(Self.favorites)
        #expect(await json(send(responder, "GET", "/__understudy/scenarios")) == ["scenarios": ["favorites": "Started"], "states": ["favorites": ["Added", "Started"]]])
        #expect(await send(responder, "PUT", "/__understudy/scenarios/favorites", body: #"{"state": "Added"}"#).status == 200)
        #expect(await json(send(responder, "GET", "/favorites")) == [["id": "thai-star"]])
        #expect(await send(responder, "PUT", "/__understudy/scenarios/nope", body: #"{"state": "X"}"#).status == 404)
        #expect(await send(responder, "PUT", "/__understudy/scenarios/favorites", body: "not json").status == 400)
        _ = await send(responder, "POST", "/__understudy/reset")
        #expect(responder.scenarios == ["favorites": "Started"])
    }

    @Test func concurrentRequestsSeeOneTransition() async throws {
        let responder = try responder(Self.favorites)
        let created = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask { if await send(responder, "POST", "/favorites").status == 201 { created.withLock { $0 += 1 } } }
            }
        }
        // Only the first POST found the list empty; the rest had no fixture in state Added.
        #expect(created.withLock { $0 } == 1)
        #expect(responder.journal.missCount == 63)
    }

    @Test func requiredStatesTellFixturesApartButIdenticalStepsDoNot() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for (file, text) in Self.favorites { try tree.write(file, text) }
        #expect(try tree.load().count == 4)  // same GET /favorites, different required states: fine
        try tree.write("yelp/list-again.json", Self.favorites["yelp/list-one.json"]!)
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        #expect(error.problems.map(\.file) == ["yelp/list-one.json"])
        #expect(error.problems[0].message.contains("can never match: yelp/list-again.json"))
    }

    @Test func scenarioMistakesAreReported() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/a.json", fixtureJSON(path: "/a", extra: #""scenario": {"requires": "X"},"#))
        try tree.write("yelp/b.json", fixtureJSON(path: "/b", extra: #""scenario": {"name": "s", "moveto": "Y"},"#))
        let error = try #require(throws: FixtureLoadError.self) { try tree.load() }
        #expect(error.problems.map(\.description) == [
            "yelp/a.json $.scenario: missing \"name\": the scenario this fixture belongs to",
            "yelp/b.json $.scenario.moveto: unknown member \"moveto\" (did you mean \"moveTo\"?); expected one of moveTo, name, requires",
            "yelp/b.json $.scenario: give \"requires\" (the state this fixture answers in), \"moveTo\" (the state it sets), or both",
        ])
    }
}
