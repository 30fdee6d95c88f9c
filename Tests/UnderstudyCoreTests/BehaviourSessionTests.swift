import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// Behaviour state belongs to a session: UI tests sharing one server through
/// `X-Understudy-Session` never use up each other's quota or see each other's tokens.
@Suite struct BehaviourSessionTests {
    static let search = "/v3/businesses/search?categories=restaurants&limit=20&location=San%20Francisco,%20CA&radius=16093&sort_by=best_match"

    private func responder() throws -> Responder {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return Responder(
            fixtures: try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path),
            contracts: try Contracts.load(from: bundledContractsPath), clock: ManualClock())
    }

    private func search(_ responder: Responder, session: String) async -> Int {
        await responder.respond(to: Request(method: "GET", target: Self.search, headers: [
            HeaderField(name: "Authorization", value: "Bearer FAKE-understudy-yelp-api-key"),
            HeaderField(name: Responder.sessionHeader, value: session),
        ])).status
    }

    @Test func eachSessionHasItsOwnQuotaAndResetForgetsTheCount() async throws {
        let responder = try responder()
        responder.session("a").setQuotaLimit(1, for: "yelp")
        responder.session("b").setQuotaLimit(1, for: "yelp")
        #expect(await search(responder, session: "a") == 200)
        #expect(await search(responder, session: "a") == 429)
        #expect(await search(responder, session: "b") == 200)
        #expect(responder.session("a").journal.entries.map(\.status) == [200, 429])
        responder.session("a").reset()
        #expect(await search(responder, session: "a") == 200)  // the pack's own limit (5000) again
    }

    @Test func withoutContractsTheSameRequestsAreAnsweredFromFixturesAlone() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let plain = Responder(fixtures: try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path))
        let noKey = await plain.respond(to: Request(method: "GET", target: Self.search.replacingOccurrences(of: "limit=20", with: "limit=100")))
        #expect(noKey.status == 404)  // a miss: no fixture, and no contract to answer it
        #expect(plain.journal.violationCount == 0)
    }
}
