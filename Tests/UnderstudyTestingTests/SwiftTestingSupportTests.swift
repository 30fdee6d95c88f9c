import UnderstudyServer
import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("UnderstudyTesting with Swift Testing")
struct SwiftTestingSupportTests {
    private func get(_ base: URL, _ target: String, session: URLSession = .shared) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: base.absoluteString + target)!)
        request.setValue("Bearer test", forHTTPHeaderField: "Authorization")
        let (data, response) = try await session.data(for: request)
        return (data, response as! HTTPURLResponse)
    }

    /// A session that reaches `server` in its mode.
    private func session(_ server: TestServer) -> URLSession { URLSession(configuration: server.configuration) }

    @Test(.understudy(fixtures: TestFixtures.bundled))
    func theTraitGivesThisTestItsOwnServer() async throws {
        try await expectTheTraitsUnderstudy(mode: .live)
    }

    @Test(.understudy(fixtures: TestFixtures.bundled, mode: .inProcess))
    func theTraitGivesThisTestItsOwnUnderstudyInTheProcess() async throws {
        try await expectTheTraitsUnderstudy(mode: .inProcess)
    }

    private func expectTheTraitsUnderstudy(mode: TestServer.Mode) async throws {
        let server = try #require(TestServer.current)
        #expect(server.mode == mode)
        let (_, response) = try await get(server.baseURL, TestFixtures.yelpSearch, session: session(server))
        #expect(response.statusCode == 200)
        server.expectRequests(answeredBy: TestFixtures.yelpSearchFixture, count: 1)
        server.expectNoUnmatchedRequests()
    }

    @Test(arguments: TestServer.Mode.allCases)
    func aMissFailsTheTestAtTheCallersLineWithTheNearMissDiff(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: TestFixtures.bundled, mode: mode) { server in
            _ = try await get(server.baseURL, TestFixtures.yelpSearch.replacingOccurrences(of: "limit=20", with: "limit=15"), session: session(server))
            let line = #line + 2
            withKnownIssue {
                server.expectNoUnmatchedRequests()
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "SwiftTestingSupportTests.swift"
                    && text.contains("closest: \(TestFixtures.yelpSearchFixture)")
                    && text.contains("query.limit: expected \"20\", got \"15\"")
            }
            withKnownIssue {
                server.expectRequests(answeredBy: TestFixtures.yelpSearchFixture)
            } matching: { issue in issue.comments.map(\.rawValue).joined().contains("got 0") }
        }
    }

    @Test(arguments: TestServer.Mode.allCases)
    func aTestAsksForTheBadDay(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: TestFixtures.bundled, mode: mode) { server in
            server.override(TestFixtures.yelpSearchFixture, status: 503)
            #expect(try await get(server.baseURL, TestFixtures.yelpSearch, session: session(server)).1.statusCode == 503)
            server.override(TestFixtures.yelpSearchFixture, fault: .reset)
            do {
                _ = try await get(server.baseURL, TestFixtures.yelpSearch, session: session(server))
                Issue.record("expected the connection to be reset")
            } catch let error as URLError {
                #if os(Linux)
                #expect(error.code == .networkConnectionLost)
                #endif
            }
            let line = #line + 2
            withKnownIssue {
                server.override("yelp/no-such-fixture.json", status: 500)
            } matching: { issue in
                issue.sourceLocation?.line == line && issue.comments.map(\.rawValue).joined().contains("no fixture file \"yelp/no-such-fixture.json\"")
            }
        }
    }

    @Test(arguments: TestServer.Mode.allCases)
    func serversRunningAtOnceShareNothing(_ mode: TestServer.Mode) async throws {
        let root = try TestFixtures.tree([
            "google/token.json": """
                {"understudy": 1, "request": {"method": "GET", "path": "/maps/api/place/nearbysearch/json"},
                 "responses": [{"json": {"status": "INVALID_REQUEST"}}, {"json": {"status": "OK"}}]}
                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let firstAnswers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<24 {
                group.addTask {
                    try await withUnderstudy(fixtures: root, mode: mode) { server in
                        let (data, _) = try await get(server.baseURL, "/maps/api/place/nearbysearch/json", session: session(server))
                        return try JSONParser.parse(Array(data))["status"]?.stringValue ?? "?"
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Each server's sequence starts at its first answer: no server saw another's request.
        #expect(firstAnswers == Array(repeating: "INVALID_REQUEST", count: 24))
    }

    @Test(arguments: TestServer.Mode.allCases)
    func startingAndStoppingAServerIsCheap(_ mode: TestServer.Mode) async throws {
        _ = try await withUnderstudy(fixtures: TestFixtures.bundled, mode: mode) { _ in 0 }  // loads the fixtures once
        let count = 100
        let started = Date()
        for _ in 0..<count { _ = try await withUnderstudy(fixtures: TestFixtures.bundled, mode: mode) { $0.baseURL.port } }
        let milliseconds = Date().timeIntervalSince(started) * 1000 / Double(count)
        print(String(format: "SCOPED start+stop of one %@ Understudy: %.2f ms (mean of %d)", mode.description, milliseconds, count))
    }

    @Test func inProcessAnswersWithoutASocket() async throws {
        let root = try TestFixtures.tree([
            "yelp/slow.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/slow"}, "response": {"delay": 2000, "json": {"ok": true}}}"#,
            "yelp/reset.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/reset"}, "response": {"fault": "reset"}}"#,
            "yelp/echo.json": """
                {"understudy": 1, "request": {"method": "POST", "path": "/v3/echo", "body": {"jsonSubset": {"a": 1}}},
                 "response": {"status": 201, "template": true, "json": {"got": "{{json request.json/a}}"}}}
                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await withUnderstudy(fixtures: root, mode: .inProcess) { understudy in
            let session = URLSession(configuration: understudy.configuration)
            #expect(understudy.baseURL.host?.hasSuffix(".invalid") == true)  // nothing could reach a network

            var post = URLRequest(url: understudy.baseURL.appendingPathComponent("v3/echo"))
            post.httpMethod = "POST"
            post.httpBody = Data(#"{"a": 1, "b": 2}"#.utf8)
            let (echo, echoed) = try await session.data(for: post)
            #expect((echoed as? HTTPURLResponse)?.statusCode == 201)
            #expect(try JSONParser.parse(Array(echo)) == ["got": 1])

            let (_, miss) = try await get(understudy.baseURL, "/v3/nothing", session: session)
            #expect(miss.statusCode == 404)
            #expect(miss.value(forHTTPHeaderField: "X-Understudy-Miss") == "1")

            await #expect(throws: URLError.self) { _ = try await get(understudy.baseURL, "/v3/reset", session: session) }

            // A delayed answer arrives when the test moves the clock, not before.
            let pending = Task { try await get(understudy.baseURL, "/v3/slow", session: session).1.statusCode }
            for _ in 0..<5000 where understudy.clock.pendingCount == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
            #expect(understudy.clock.pendingCount == 1)
            understudy.clock.advance(by: 2)
            #expect(try await pending.value == 200)
        }
    }
}
