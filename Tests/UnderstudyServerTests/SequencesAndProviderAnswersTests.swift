import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fixture sequences and the provider's own answers agree, over a real socket: a request the
/// contract or a behaviour answers never reaches the fixtures (no sequence advances, no
/// scenario moves), and a client that waits the right time for a Google page token gets the
/// next page at once whether or not it asked early, with the contracts and without them.
@Suite("Sequences and provider answers")
struct SequencesAndProviderAnswersTests {
    static let googleKey = "AIzaFAKE-understudy-test-key-0000000000"
    static let yelpKey = "FAKE-understudy-yelp-api-key"
    static let page1 = "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100&key=\(googleKey)"

    private func withServer(
        fixtures root: String = CLIProcess.repositoryRoot.appendingPathComponent("fixtures").path, contracts: Bool,
        _ body: (LiveServer, ManualClock) async throws -> Void
    ) async throws {
        let clock = ManualClock()
        let packs = contracts ? try Contracts.load(from: CLIProcess.repositoryRoot.appendingPathComponent("contracts").path) : nil
        let responder = Responder(fixtures: try FixtureLoader.load(from: root), contracts: packs, clock: clock)
        try await LiveServer.withServer(responder: responder) { server in try await body(server, clock) }
    }

    private func json(_ server: LiveServer, _ target: String, headers: [String: String] = [:]) async throws -> JSONValue {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONParser.parse(Array(data))
    }

    private func page(_ server: LiveServer, token: String) async throws -> JSONValue {
        try await json(server, "/maps/api/place/nearbysearch/json?pagetoken=\(token)&key=\(Self.googleKey)")
    }

    /// Pages 1 to 3, waiting `wait` seconds of clock before each page token and asking early
    /// first when `early`; returns each page's result count and the statuses seen.
    private func pages(_ server: LiveServer, _ clock: ManualClock, early: Bool) async throws -> (counts: [Int], statuses: [String]) {
        var statuses: [String] = []
        var counts: [Int] = []
        var answer = try await json(server, Self.page1)
        counts.append(answer["results"]?.arrayValue?.count ?? -1)
        for _ in 0..<2 {
            let token = try #require(answer["next_page_token"]?.stringValue)
            if early { statuses.append(try await page(server, token: token)["status"]?.stringValue ?? "?") }
            clock.advance(by: 2)
            answer = try await page(server, token: token)
            statuses.append(answer["status"]?.stringValue ?? "?")
            counts.append(answer["results"]?.arrayValue?.count ?? -1)
        }
        return (counts, statuses)
    }

    @Test(arguments: [true, false]) func aClientThatWaitsGetsEachPageAtOnceWhetherOrNotItAskedEarly(contracts: Bool) async throws {
        try await withServer(contracts: contracts) { (server: LiveServer, clock: ManualClock) async throws in
            let waiting = try await pages(server, clock, early: false)
            #expect(waiting.counts == [20, 20, 5])
            #expect(waiting.statuses == ["OK", "OK"])
            server.responder.reset()
            let hasty = try await pages(server, clock, early: true)
            #expect(hasty.counts == [20, 20, 5])
            // Without contracts page 2 has no early answer to give: only page 3's fixture has one.
            #expect(hasty.statuses == (contracts ? ["INVALID_REQUEST", "OK", "INVALID_REQUEST", "OK"] : ["OK", "OK", "INVALID_REQUEST", "OK"]))
            let page3 = server.responder.journal.entries.filter { $0.answer == .fixture("google/nearbysearch-page3.json") }.count
            // With contracts the early asks are the provider's answers, so the fixture answers once.
            #expect(page3 == (contracts ? 1 : 2))
        }
    }

    @Test func aRequestTheProviderAnswersAdvancesNoSequenceAndMovesNoScenario() async throws {
        let root = try CLIProcess.temporaryTree([
            "yelp/search-sequence.json": """
                {"understudy": 1, "scenario": {"name": "searched", "moveTo": "yes"},
                 "request": {"method": "GET", "path": "/v3/businesses/search", "query": {"term": "tea"}},
                 "responses": [{"json": {"businesses": [], "total": 1, "region": {"center": {"latitude": 0, "longitude": 0}}}},
                               {"json": {"businesses": [], "total": 2, "region": {"center": {"latitude": 0, "longitude": 0}}}}]}
                """
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await withServer(fixtures: root, contracts: true) { (server: LiveServer, clock: ManualClock) async throws in
            let bearer = ["Authorization": "Bearer \(Self.yelpKey)"]
            let search = "/v3/businesses/search?term=tea&location=Addison"
            // Refused by the contract (an invalid limit) and by a missing key: nothing moves.
            #expect(try await json(server, search + "&limit=100", headers: bearer)["error"]?["code"] == "VALIDATION_ERROR")
            #expect(try await json(server, search)["error"]?["code"] == "TOKEN_MISSING")
            #expect(server.responder.scenarios["searched"] == "Started")
            #expect(try await json(server, search, headers: bearer)["total"] == 1)
            #expect(server.responder.scenarios["searched"] == "yes")
            // Refused by the quota: the sequence stays where it was for the next day.
            server.responder.defaultSession.setQuotaLimit(1, for: "yelp")
            #expect(try await json(server, search, headers: bearer)["error"]?["code"] == "ACCESS_LIMIT_REACHED")
            clock.advance(by: 86_400)
            #expect(try await json(server, search, headers: bearer)["total"] == 2)
            #expect(server.responder.journal.entries.map(\.status) == [400, 400, 200, 429, 200])
            #expect(server.responder.journal.entries.filter { $0.answer == .fixture("yelp/search-sequence.json") }.count == 2)
        }
    }
}
