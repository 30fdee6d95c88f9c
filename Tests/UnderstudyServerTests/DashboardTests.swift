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

/// The dashboard's page and the admin endpoints it reads, over a real socket: what a browser
/// on the developer's machine gets.
@Suite("Dashboard and its admin endpoints")
struct DashboardTests {
    static let documents: [String: String] = [
        "yelp/search.json": """
            {"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/search", "query": {"term": "pizza", "location": "NYC"}},
             "response": {"json": {"businesses": [], "total": 0}}}
            """,
        "facebook/token.json": """
            {"understudy": 1, "request": {"method": "POST", "path": "/oauth/access_token"}, "response": {"json": {"token_type": "bearer"}}}
            """,
        "yelp/favorites-empty.json": """
            {"understudy": 1, "request": {"method": "GET", "path": "/v3/favorites"}, "scenario": {"name": "favorites", "requires": "Started"},
             "response": {"json": {"favorites": []}}}
            """,
        "yelp/favorites-added.json": """
            {"understudy": 1, "request": {"method": "GET", "path": "/v3/favorites"}, "scenario": {"name": "favorites", "requires": "Added"},
             "response": {"json": {"favorites": ["a"]}}}
            """,
    ]

    private func withServer(adminToken: String? = nil, contracts: Bool = false, _ body: (LiveServer, String) async throws -> Void) async throws {
        let root = NSTemporaryDirectory() + "understudy-dashboard-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (file, text) in Self.documents {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let responder = Responder(
            fixtures: try FixtureLoader.load(from: root), contracts: contracts ? try Contracts.load(from: Self.bundled("contracts")) : nil,
            adminToken: adminToken, fixturesRoot: root)
        try await LiveServer.withServer(responder: responder) { server in try await body(server, root) }
    }

    static func bundled(_ folder: String) -> String { CLIProcess.repositoryRoot.appendingPathComponent(folder).path }

    private func send(
        _ server: LiveServer, _ target: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil
    ) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        // The admin API takes changes as JSON only (Apple's URLSession would label a body a form).
        if body != nil, headers["Content-Type"] == nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, response as! HTTPURLResponse)
    }

    private func status(_ server: LiveServer, _ target: String, headers: [String: String] = [:]) async throws -> Int {
        try await send(server, target, headers: headers).1.statusCode
    }

    private func json(_ server: LiveServer, _ target: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil) async throws -> JSONValue {
        let (data, response) = try await send(server, target, method: method, headers: headers, body: body)
        #expect(response.statusCode == 200, "\(method) \(target): \(String(decoding: data, as: UTF8.self))")
        return try JSONParser.parse(Array(data))
    }

    @Test func thePageIsOneSelfContainedHTMLDocumentBuiltFromItsSources() async throws {
        try await withServer { server, _ in
            let (data, response) = try await send(server, "/__understudy/ui")
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
            #expect(response.value(forHTTPHeaderField: "Content-Security-Policy")?.contains("default-src 'none'") == true)
            // What is served is page/ with its style and script inline: the embedded copy is not stale.
            let page = CLIProcess.repositoryRoot.appendingPathComponent("Sources/UnderstudyCore/Dashboard/page")
            func source(_ name: String) throws -> String { try String(contentsOf: page.appendingPathComponent(name), encoding: .utf8) }
            let expected = try source("dashboard.html").replacingOccurrences(of: "/*STYLE*/", with: source("dashboard.css"))
                .replacingOccurrences(of: "/*SCRIPT*/", with: source("dashboard.js"))
            #expect(String(decoding: data, as: UTF8.self) == expected, "DashboardPage.swift is stale: run scripts/embed-dashboard")
            let (_, wrongMethod) = try await send(server, "/__understudy/ui", method: "POST")
            #expect(wrongMethod.statusCode == 405)
        }
    }

    @Test func withATokenThePageTakesItInItsAddressAndTheAPIOnlyInTheHeader() async throws {
        try await withServer(adminToken: "dashboard-admin-token") { server, _ in
            let header = ["X-Understudy-Admin-Token": "dashboard-admin-token"]
            // Data needs the header: an address with the token in it opens the page, nothing else.
            let cases: [(target: String, headers: [String: String], status: Int)] = [
                ("/__understudy/ui", [:], 401), ("/__understudy/ui?token=wrong", [:], 401), ("/__understudy/ui?token=dashboard-admin-token", [:], 200),
                ("/__understudy/journal?token=dashboard-admin-token", [:], 401), ("/__understudy/coverage?token=dashboard-admin-token", [:], 401),
                ("/__understudy/sessions", header, 200), ("/__understudy/fixtures/yelp/search.json", header, 200),
            ]
            for (target, headers, expected) in cases {
                let answered = try await status(server, target, headers: headers)
                #expect(answered == expected, "\(target) with \(headers.keys.sorted())")
            }
        }
    }

    @Test func journalEntriesShowTheRequestWithCredentialsRedactedAndTheirProvider() async throws {
        try await withServer { server, _ in
            _ = try await send(server, "/v3/businesses/search?term=sushi&location=NYC&api_key=real-looking-key-123",
                               headers: ["Authorization": "Bearer real-looking-token-456", "X-Trace": "kept"])
            _ = try await send(server, "/oauth/access_token", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                               body: "grant_type=fb_exchange_token&client_secret=real-looking-secret-789&fb_exchange_token=real-looking-exchange")
            _ = try await send(server, "/v3/login", method: "POST", headers: ["Content-Type": "application/json"],
                               body: #"{"user": "ann", "password": "real-looking-password-000"}"#)
            let (raw, _) = try await send(server, "/__understudy/journal")
            let text = String(decoding: raw, as: UTF8.self)
            for secret in ["real-looking-key-123", "real-looking-token-456", "real-looking-secret-789", "real-looking-exchange", "real-looking-password-000"] {
                #expect(!text.contains(secret), "the journal shows \(secret)")
            }
            let entries = try #require(try JSONParser.parse(Array(raw))["entries"]?.arrayValue)
            #expect(entries.count == 3)
            let miss = entries[0]
            #expect(miss["provider"] == "yelp")
            #expect(miss["target"] == "/v3/businesses/search?term=sushi&location=NYC&api_key=REDACTED")
            let headers = miss["request"]?["headers"]?.arrayValue ?? []
            #expect(headers.contains(["name": "Authorization", "value": "Bearer REDACTED"]))
            #expect(headers.contains(["name": "X-Trace", "value": "kept"]))
            #expect(miss["nearMisses"]?.arrayValue?.first?["mismatches"] == [["condition": "query.term", "expected": "\"pizza\"", "actual": "\"sushi\""]])
            let token = entries[1]
            #expect(token["provider"] == "facebook")
            #expect(token["fixture"] == "facebook/token.json")
            #expect(token["request"]?["body"] == "grant_type=fb_exchange_token&client_secret=REDACTED&fb_exchange_token=REDACTED")
            #expect(token["request"]?["bodyBytes"]?.intValue == 106)
            let login = try JSONParser.parse(Array((entries[2]["request"]?["body"]?.stringValue ?? "").utf8))
            #expect(login == ["user": "ann", "password": "REDACTED"])
        }
    }

    @Test func theJournalSinceASequenceGivesOnlyNewerEntriesAndCountsResets() async throws {
        try await withServer { server, _ in
            for _ in 0..<3 { _ = try await send(server, "/v3/favorites") }
            let newer = try await json(server, "/__understudy/journal?since=2")
            #expect(newer["entries"]?.arrayValue?.map { $0["sequence"] } == [3])
            #expect(newer["received"] == 3)
            #expect(newer["resets"] == 0)
            _ = try await json(server, "/__understudy/reset", method: "POST")
            let afterReset = try await json(server, "/__understudy/journal?since=0")
            #expect(afterReset["resets"] == 1)
            #expect(afterReset["entries"] == [])
            let (data, response) = try await send(server, "/__understudy/journal?since=soon")
            #expect(response.statusCode == 400)
            #expect(String(decoding: data, as: UTF8.self).contains("query parameter since"))
        }
    }

    @Test func aFixturesJSONIsShownAsWrittenAndNoOtherFile() async throws {
        try await withServer { server, _ in
            let (data, response) = try await send(server, "/__understudy/fixtures/yelp/search.json")
            #expect(response.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self) == Self.documents["yelp/search.json"])
            // Sent raw: a URL library would resolve the dots before they reach the server.
            for target in ["/__understudy/fixtures/yelp/missing.json", "/__understudy/fixtures/../../etc/passwd", "/__understudy/fixtures/yelp/%2E%2E/yelp/search.json"] {
                let refused = try RawHTTPConnection(port: server.port).get(target)
                #expect(refused.status == 404, "\(target)")
                #expect(refused.text.contains("no fixture file"), "\(target)")
            }
        }
    }

    @Test func sessionsAreListedWithTheirCountsAndScenariosWithTheirStates() async throws {
        try await withServer { server, _ in
            _ = try await send(server, "/v3/favorites", headers: [Responder.sessionHeader: "ui-test-a"])
            _ = try await send(server, "/nowhere", headers: [Responder.sessionHeader: "ui-test-a"])
            let sessions = try await json(server, "/__understudy/sessions")
            #expect(sessions["sessions"] == [
                ["id": .null, "received": 0, "misses": 0, "violations": 0],
                ["id": "ui-test-a", "received": 2, "misses": 1, "violations": 0],
            ])
            let scenarios = try await json(server, "/__understudy/scenarios")
            #expect(scenarios["states"] == ["favorites": ["Added", "Started"]])
            _ = try await json(server, "/__understudy/scenarios/favorites", method: "PUT", body: #"{"state": "Added"}"#)
            let favorites = try await json(server, "/v3/favorites")
            #expect(favorites["favorites"] == ["a"])
        }
    }

    @Test func coverageListsTheFixturesOfEachOperationAndStatusAsVerifyCountsThem() async throws {
        try await withServer(contracts: true) { server, _ in
            let coverage = try await json(server, "/__understudy/coverage")
            let operations = try #require(coverage["operations"]?.arrayValue)
            let search = try #require(operations.first { $0["operation"] == "searchBusinesses" })
            #expect(search["statuses"]?["200"] == ["yelp/search.json"])
            #expect(search["uncovered"]?.arrayValue?.contains("400") == true)
            // Facebook's contract has no unversioned /oauth/access_token, and Yelp's no /v3/favorites.
            #expect(coverage["unrouted"] == ["facebook/token.json", "yelp/favorites-added.json", "yelp/favorites-empty.json"])
        }
        // On the bundled tree, the table agrees with `understudy verify`'s.
        let fixtures = try FixtureLoader.load(from: Self.bundled("fixtures"))
        let contracts = try Contracts.load(from: Self.bundled("contracts"))
        let verified = ContractVerifier(contracts: contracts, fixturesRoot: Self.bundled("fixtures")).verify(fixtures).coverage
        let served = ServedCoverage(fixtures: fixtures, contracts: contracts).operations
        #expect(served.map(\.operationID) == verified.map(\.operationID))
        #expect(served.map(\.fixtures) == verified.map(\.fixtures))
        #expect(served.contains { !$0.uncovered.isEmpty } && served.contains { $0.files.values.contains { !$0.isEmpty } })
    }

    @Test func withoutContractsCoverageSaysWhy() async throws {
        try await withServer { server, _ in
            let (data, response) = try await send(server, "/__understudy/coverage")
            #expect(response.statusCode == 404)
            #expect(String(decoding: data, as: UTF8.self).contains("--contracts"))
        }
    }
}
