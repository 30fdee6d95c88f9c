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

/// The providers' real answers, produced by the bundled contracts over a real socket: the
/// exact error bodies for credentials, invalid parameters, quotas, early page tokens, expired
/// tokens, and 304s. Time comes from a `ManualClock`; nothing sleeps.
@Suite("Provider behaviours from the bundled contracts")
struct ProviderBehaviourTests {
    static let yelpKey = "FAKE-understudy-yelp-api-key"
    static let googleKey = "AIzaFAKE-understudy-test-key-0000000000"
    static let sfSearch = "/v3/businesses/search?categories=restaurants&limit=20&location=San%20Francisco,%20CA&radius=16093&sort_by=best_match"
    static let nearby = "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100&key=\(googleKey)"

    struct Answer {
        let status: Int
        let json: JSONValue?
        let response: HTTPURLResponse
    }

    private func withServer(clock: ManualClock = ManualClock(), _ body: (LiveServer, ManualClock) async throws -> Void) async throws {
        let root = CLIProcess.repositoryRoot
        let fixtures = try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path)
        let contracts = try Contracts.load(from: root.appendingPathComponent("contracts").path)
        try await LiveServer.withServer(responder: Responder(fixtures: fixtures, contracts: contracts, clock: clock)) { server in
            try await body(server, clock)
        }
    }

    private func get(_ server: LiveServer, _ target: String, headers: [String: String] = [:]) async throws -> Answer {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return Answer(status: http.statusCode, json: try? JSONParser.parse(Array(data)), response: http)
    }

    private func yelp(_ server: LiveServer, _ target: String, key: String? = yelpKey) async throws -> Answer {
        try await get(server, target, headers: key.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    // MARK: credentials

    @Test func yelpAnswersAMissingOrRevokedKeyWithItsOwnErrors() async throws {
        try await withServer { server, _ in
            let missing = try await yelp(server, Self.sfSearch, key: nil)
            #expect(missing.status == 400)
            #expect(missing.json == ["error": ["code": "TOKEN_MISSING", "description": "An access token must be supplied in order to use this endpoint."]])
            let revoked = try await yelp(server, Self.sfSearch, key: "FAKE-revoked-yelp-api-key")
            #expect(revoked.status == 401)
            #expect(revoked.json == ["error": ["code": "TOKEN_INVALID", "description": "Invalid access token or authorization header."]])
            #expect(try await yelp(server, Self.sfSearch).status == 200)
            let kinds = server.responder.journal.violations.compactMap { $0.violation?.kind }
            #expect(kinds == [.missingCredential, .invalidCredential])
        }
    }

    @Test func googleAnswersAMissingOrInvalidKeyWithRequestDenied() async throws {
        try await withServer { server, _ in
            let missing = try await get(server, "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100")
            #expect(missing.status == 200)
            #expect(missing.json?["status"] == "REQUEST_DENIED")
            #expect(missing.json?["results"] == [])
            #expect(missing.json?["error_message"]?.stringValue?.hasPrefix("You must use an API key") == true)
            let invalid = try await get(server, "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100&key=not-a-google-key")
            #expect(invalid.json == ["html_attributions": [], "results": [], "status": "REQUEST_DENIED", "error_message": "The provided API key is invalid."])
            // The key never reaches the journal.
            #expect(!server.responder.journal.entries.contains { $0.target.contains("not-a-google-key") })
        }
    }

    // MARK: parameters

    @Test func yelpAnswersAnInvalidLimitWithValidationError() async throws {
        try await withServer { server, _ in
            let answer = try await yelp(server, Self.sfSearch.replacingOccurrences(of: "limit=20", with: "limit=100"))
            #expect(answer.status == 400)
            #expect(answer.json == ["error": ["code": "VALIDATION_ERROR", "description": "The supplied limit: 100 is invalid."]])
            #expect(answer.response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=UTF-8")
            let entry = try #require(server.responder.journal.violations.first)
            #expect(entry.violation?.parameter == "limit")
            #expect(entry.violation?.detail.contains("got 100") == true)
            #expect(entry.answeredBy == "yelp: validationError")
        }
    }

    @Test func yelpNeedsALocationOrCoordinates() async throws {
        try await withServer { server, _ in
            let answer = try await yelp(server, "/v3/businesses/search?term=pizza")
            #expect(answer.status == 400)
            #expect(answer.json == ["error": ["code": "VALIDATION_ERROR", "description": "Please specify a location or a latitude and longitude"]])
        }
    }

    @Test func googleRejectsRankByDistanceWithARadius() async throws {
        try await withServer { server, _ in
            let answer = try await get(server, "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100&rankby=distance&keyword=pizza&key=\(Self.googleKey)")
            #expect(answer.json == ["html_attributions": [], "results": [], "status": "INVALID_REQUEST"])
        }
    }

    @Test func graphAnswersAMissingParameterWithCode100() async throws {
        try await withServer { server, _ in
            let answer = try await get(server, "/v19.0/debug_token?access_token=138483919580948|FAKE-understudy-app-secret")
            #expect(answer.status == 400)
            #expect(answer.json?["error"]?["code"] == 100)
            #expect(answer.json?["error"]?["type"] == "OAuthException")
            #expect(answer.json?["error"]?["message"] == "(#100) The parameter input_token is required")
        }
    }

    // MARK: quota

    @Test func yelpCountsTheDailyQuotaWithRateLimitHeadersAndResetsAtMidnight() async throws {
        try await withServer(clock: ManualClock(start: Date(timeIntervalSince1970: 1_767_268_800))) { server, clock in  // 2026-01-01 12:00 UTC
            server.responder.defaultSession.setQuotaLimit(2, for: "yelp")
            let first = try await yelp(server, Self.sfSearch)
            let second = try await yelp(server, Self.sfSearch)
            let third = try await yelp(server, Self.sfSearch)
            #expect([first.status, second.status, third.status] as [Int] == [200, 200, 429])
            #expect(first.response.value(forHTTPHeaderField: "RateLimit-DailyLimit") == "2")
            #expect(first.response.value(forHTTPHeaderField: "RateLimit-Remaining") == "1")
            #expect(second.response.value(forHTTPHeaderField: "RateLimit-Remaining") == "0")
            #expect(third.response.value(forHTTPHeaderField: "RateLimit-Remaining") == "0")
            #expect(third.response.value(forHTTPHeaderField: "RateLimit-ResetTime") == "2026-01-02T00:00:00+00:00")
            #expect(third.json?["error"]?["code"] == "ACCESS_LIMIT_REACHED")
            // Another key has its own count; the next day starts afresh.
            #expect(try await yelp(server, Self.sfSearch, key: "FAKE-understudy-other-key").status == 200)
            clock.advance(by: 12 * 3600)
            let nextDay = try await yelp(server, Self.sfSearch)
            #expect(nextDay.status == 200)
            #expect(nextDay.response.value(forHTTPHeaderField: "RateLimit-Remaining") == "1")
        }
    }

    // MARK: page tokens

    @Test func googlePageTokensAreInvalidUntilTheirDelayHasPassed() async throws {
        try await withServer { server, clock in
            let page1 = try await get(server, Self.nearby)
            let token = try #require(page1.json?["next_page_token"]?.stringValue)
            let page2Target = "/maps/api/place/nearbysearch/json?pagetoken=\(token)&key=\(Self.googleKey)"
            let early = try await get(server, page2Target)
            #expect(early.json == ["html_attributions": [], "results": [], "status": "INVALID_REQUEST"])
            clock.advance(by: 1.9)
            #expect(try await get(server, page2Target).json?["status"] == "INVALID_REQUEST")
            clock.advance(by: 0.1)
            let page2 = try await get(server, page2Target)
            #expect(page2.json?["status"] == "OK")
            #expect(page2.json?["results"]?.arrayValue?.count == 20)
            let unknown = try await get(server, "/maps/api/place/nearbysearch/json?pagetoken=never-issued&key=\(Self.googleKey)")
            #expect(unknown.json?["status"] == "INVALID_REQUEST")
            #expect(server.responder.journal.entries.filter { $0.answeredBy?.hasPrefix("google: invalidRequest") == true }.count == 3)
        }
    }

    // MARK: token expiry

    @Test func graphTokensExpireOnTheClock() async throws {
        try await withServer { server, clock in
            let expired = try await get(server, "/v19.0/me?fields=id,name&access_token=EAAUnderstudyExpiredToken")
            #expect(expired.status == 400)
            #expect(expired.json?["error"]?["code"] == 190)
            #expect(expired.json?["error"]?["error_subcode"] == 463)
            #expect(expired.json?["error"]?["message"] == """
                Error validating access token: Session has expired on Friday, 01-Mar-24 00:00:00 PST. \
                The current time is Wednesday, 31-Dec-25 16:00:00 PST.
                """)
            // A token issued by the long-lived exchange lasts its expires_in (5183944 s) on the clock.
            let exchange = try await get(
                server,
                "/v19.0/oauth/access_token?grant_type=fb_exchange_token&client_id=138483919580948&client_secret=FAKE-understudy-app-secret&fb_exchange_token=EAAUnderstudyShortLivedToken")
            #expect(exchange.json?["access_token"] == "EAAUnderstudyLongLivedToken")
            let me = "/v19.0/me?fields=id,name,email,picture&access_token=EAAUnderstudyLongLivedToken"
            #expect(try await get(server, me).status == 200)
            let debug = "/v19.0/debug_token?input_token=EAAUnderstudyLongLivedToken&access_token=138483919580948|FAKE-understudy-app-secret"
            let valid = try await get(server, debug)
            #expect(valid.json?["data"]?["is_valid"] == true)
            #expect(valid.json?["data"]?["expires_at"] == .number(JSONNumber(1_767_225_600 + 5_183_944)))
            clock.advance(by: 5_183_944)
            #expect(try await get(server, me).json?["error"]?["error_subcode"] == 463)
            let invalid = try await get(server, debug)
            #expect(invalid.json?["data"]?["is_valid"] == false)
            #expect(invalid.json?["data"]?["error"]?["subcode"] == 463)
        }
    }

    @Test func graphRejectsATokenThatCannotBeParsed() async throws {
        try await withServer { server, _ in
            let answer = try await get(server, "/v19.0/me?access_token=not-a-token")
            #expect(answer.status == 400)
            #expect(answer.json == ["error": ["code": 190, "fbtrace_id": "AbCdEfGh123", "message": "Invalid OAuth access token - Cannot parse access token", "type": "OAuthException"]])
        }
    }

    // MARK: conditional GET

    @Test func theFeedAnswers304ForItsETagInAnyForm() async throws {
        try await withServer { server, _ in
            let full = try await get(server, "/br-codingexams/restaurants.json")
            let etag = try #require(full.response.value(forHTTPHeaderField: "ETag"))
            for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let answer = try await get(server, "/br-codingexams/restaurants.json", headers: ["If-None-Match": condition])
                #expect(answer.status == 304, "If-None-Match: \(condition)")
                #expect(answer.response.value(forHTTPHeaderField: "ETag") == etag)
            }
            #expect(try await get(server, "/br-codingexams/restaurants.json", headers: ["If-None-Match": "\"stale\""]).status == 200)
        }
    }

    @Test func aPathNoOperationDescribesIsJournaledAsAViolation() async throws {
        try await withServer { server, _ in
            let answer = try await yelp(server, "/v3/events")
            #expect(answer.status == 404)
            #expect(answer.response.value(forHTTPHeaderField: "X-Understudy-Miss") == "1")
            let violation = try #require(server.responder.journal.violations.first?.violation)
            #expect(violation.kind == .unknownOperation)
            #expect(violation.detail == "the yelp contract has no operation for /v3/events")
        }
    }
}
