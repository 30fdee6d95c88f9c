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

/// Recorded answers replayed on the server's clock, over a real socket: a fixture's
/// `recordedAt` moves the times the pack lists (`x-understudy.times`), and `debug_token` never
/// calls a token valid past its own expiry.
@Suite("Time-coherent replay")
struct TimeCoherentReplayTests {
    static let appToken = "138483919580948%7CFAKE-understudy-app-secret"
    /// 2027-01-01T00:00:00Z.
    static let recorded: TimeInterval = 1_798_761_600
    static let day: TimeInterval = 86_400

    static let debugToken = """
        {"understudy": 1, "recordedAt": "2027-01-01T00:00:00Z",
         "request": {"method": "GET", "path": "/v19.0/debug_token", "query": {"input_token": "EAAUnderstudyRecordedToken"}},
         "response": {"headers": {"Content-Type": "application/json; charset=UTF-8"},
           "json": {"data": {"app_id": "138483919580948", "type": "USER", "application": "Lunch Finder", "is_valid": true,
             "issued_at": 1798761600, "expires_at": 1803945600, "data_access_expires_at": 1806537600,
             "scopes": ["public_profile"], "user_id": "10160000000000001"}}}}
        """

    private func withServer(_ documents: [String: String], clock: ManualClock, _ body: (LiveServer) async throws -> Void) async throws {
        let root = try CLIProcess.temporaryTree(documents)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let contracts = try Contracts.load(from: CLIProcess.repositoryRoot.appendingPathComponent("contracts").path)
        let responder = Responder(fixtures: try FixtureLoader.load(from: root), contracts: contracts, clock: clock)
        try await LiveServer.withServer(responder: responder) { server in try await body(server) }
    }

    private func json(_ server: LiveServer, _ target: String, headers: [String: String] = [:]) async throws -> JSONValue {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONParser.parse(Array(data))
    }

    private func debug(_ server: LiveServer, _ token: String) async throws -> JSONValue? {
        try await json(server, "/v19.0/debug_token?input_token=\(token)&access_token=\(Self.appToken)")["data"]
    }

    /// A recorded body from a file is moved once and kept: every answer of it is the same, moved
    /// to the server's start, and the provider's view of the token still follows the clock.
    @Test func aKeptMovedBodyAnswersAlikeAndStillAges() async throws {
        let start = Date(timeIntervalSince1970: 2_000_000_000)
        let clock = ManualClock(start: start)
        let fixture = """
            {"understudy": 1, "recordedAt": "2027-01-01T00:00:00Z",
             "request": {"method": "GET", "path": "/v19.0/debug_token", "query": {"input_token": "EAAUnderstudyRecordedToken"}},
             "response": {"headers": {"Content-Type": "application/json; charset=UTF-8"}, "file": "debug.body.json"}}
            """
        let body = #"{"data": {"app_id": "138483919580948", "type": "USER", "is_valid": true, "issued_at": 1798761600, "expires_at": 1803945600, "user_id": "10160000000000001"}}"#
        let root = try CLIProcess.temporaryTree(["facebook/debug.json": fixture, "facebook/debug.body.json": body])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let contracts = try Contracts.load(from: CLIProcess.repositoryRoot.appendingPathComponent("contracts").path)
        let responder = Responder(fixtures: try FixtureLoader.load(from: root), contracts: contracts, clock: clock)
        try await LiveServer.withServer(responder: responder) { server in
            let now = Int(start.timeIntervalSince1970)
            let first = try #require(try await debug(server, "EAAUnderstudyRecordedToken"))
            let second = try #require(try await debug(server, "EAAUnderstudyRecordedToken"))
            #expect(first == second)
            #expect(first["issued_at"] == .number(JSONNumber(now)) && first["expires_at"] == .number(JSONNumber(now + 60 * 86_400)))
            #expect(first["user_id"] == "10160000000000001" && first["is_valid"] == true)
            clock.advance(by: 61 * Self.day)
            let aged = try #require(try await debug(server, "EAAUnderstudyRecordedToken"))
            #expect(aged["is_valid"] == false && aged["issued_at"] == .number(JSONNumber(now)))
        }
    }

    @Test func aRecordedTokenIsIssuedWhenTheServerStartsAndExpiresAsLongAfter() async throws {
        let start = Date(timeIntervalSince1970: 2_000_000_000)  // 2033-05-18, years after the recording
        let clock = ManualClock(start: start)
        try await withServer(["facebook/debug-recorded.json": Self.debugToken], clock: clock) { (server: LiveServer) async throws in
            let now = Int(start.timeIntervalSince1970)
            let fresh = try #require(try await debug(server, "EAAUnderstudyRecordedToken"))
            #expect(fresh["issued_at"] == .number(JSONNumber(now)))
            #expect(fresh["expires_at"] == .number(JSONNumber(now + 60 * 86_400)))
            #expect(fresh["data_access_expires_at"] == .number(JSONNumber(now + 90 * 86_400)))
            #expect(fresh["is_valid"] == true)
            #expect(fresh["user_id"] == "10160000000000001")  // not a time: untouched
            // The clock moves; the answer ages with it, and past its expiry it is not valid.
            clock.advance(by: 59 * Self.day)
            #expect(try await debug(server, "EAAUnderstudyRecordedToken")?["is_valid"] == true)
            clock.advance(by: 2 * Self.day)
            let expired = try #require(try await debug(server, "EAAUnderstudyRecordedToken"))
            #expect(expired["is_valid"] == false)
            #expect(expired["expires_at"] == .number(JSONNumber(now + 60 * 86_400)))
            #expect(expired["error"]?["code"] == 190)
            #expect(expired["error"]?["subcode"] == 463)
        }
    }

    @Test func aTokenAnswerWithoutRecordedAtIsNeverValidPastItsExpiry() async throws {
        // The bundled debug_token answer: a token expiring 2027-03-02T00:00:00Z.
        let bundled = try String(contentsOf: CLIProcess.repositoryRoot.appendingPathComponent("fixtures/facebook/debug-token.json"), encoding: .utf8)
        let before = ManualClock(start: Date(timeIntervalSince1970: 1_803_945_600 - 60))
        try await withServer(["facebook/debug-token.json": bundled], clock: before) { (server: LiveServer) async throws in
            let valid = try #require(try await debug(server, "EAAUnderstudyLongLivedToken"))
            #expect(valid["is_valid"] == true)
            #expect(valid["error"] == nil)
            before.advance(by: 60)  // at the expiry
            let expired = try #require(try await debug(server, "EAAUnderstudyLongLivedToken"))
            #expect(expired["is_valid"] == false)
            #expect(expired["expires_at"] == .number(JSONNumber(1_803_945_600)))  // as recorded: no recordedAt, no shift
            #expect(expired["error"]?["message"]?.stringValue?.hasPrefix("Error validating access token: Session has expired on") == true)
        }
    }

    @Test func reviewTimesAreMovedInTheProvidersOwnFormat() async throws {
        let yelpReviews = """
            {"understudy": 1, "recordedAt": "2023-08-14T19:31:07Z",
             "request": {"method": "GET", "path": "/v3/businesses/thai-star-addison/reviews"},
             "response": {"headers": {"Content-Type": "application/json; charset=UTF-8"},
               "json": {"reviews": [
                 {"id": "r1", "url": "https://www.yelp.com/biz/thai-star-addison?hrid=r1", "text": "Great.", "rating": 4, "time_created": "2023-08-14 12:31:07",
                  "user": {"id": "u1", "profile_url": "https://www.yelp.com/user_details?userid=u1", "image_url": null, "name": "Dana R."}},
                 {"id": "r2", "url": "https://www.yelp.com/biz/thai-star-addison?hrid=r2", "text": "Fine.", "rating": 3, "time_created": "2023-08-13 12:31:07",
                  "user": {"id": "u2", "profile_url": "https://www.yelp.com/user_details?userid=u2", "image_url": null, "name": "Sam K."}}],
                 "total": 2, "possible_languages": ["en"]}}}
            """
        // Started one year and one day later (2024 is a leap year: 367 days).
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_692_041_467 + 367 * Self.day))
        try await withServer(["yelp/reviews-recorded.json": yelpReviews], clock: clock) { (server: LiveServer) async throws in
            let reviews = try await json(server, "/v3/businesses/thai-star-addison/reviews", headers: ["Authorization": "Bearer FAKE-understudy-yelp-api-key"])
            #expect(reviews["reviews"]?.arrayValue?[0]["time_created"] == "2024-08-15 12:31:07")
            #expect(reviews["reviews"]?.arrayValue?[1]["time_created"] == "2024-08-14 12:31:07")
            #expect(reviews["total"] == 2)
        }
    }
}
