import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudySupport
import UnderstudyServer
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Each test starts its own server on port 0 over a fresh fixtures tree; Swift Testing runs
/// them in parallel, which is itself part of what is tested.
@Suite("Server over a real socket")
struct ServerTests {
    static let documents: [String: String] = [
        "yelp/search.json": """
            {"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/search",
              "query": {"term": "pizza", "location": "San Francisco, CA", "limit": "20"}},
             "response": {"headers": {"Content-Type": "application/json; charset=UTF-8"}, "json": {"businesses": [], "total": 0}}}
            """,
        "google/seq.json": """
            {"understudy": 1, "request": {"method": "GET", "path": "/maps/api/place/nearbysearch/json", "query": {"pagetoken": "T1"}},
             "responses": [{"json": {"status": "INVALID_REQUEST"}}, {"json": {"status": "OK"}}]}
            """,
        "feed/icon.json": """
            {"understudy": 1, "request": {"method": "GET", "path": "/img/icon.png"}, "response": {"file": "icon.png"}}
            """,
        "facebook/token.json": """
            {"understudy": 1, "request": {"method": "POST", "path": "/oauth/access_token", "body": {"jsonSubset": {"grant_type": "fb_exchange_token"}}},
             "response": {"json": {"access_token": "EAAB-FIXTURE", "token_type": "bearer"}}}
            """,
    ]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0...255).map { UInt8($0) }

    private func withTestServer(_ body: (LiveServer) async throws -> Void) async throws {
        let tree = try FixtureTree(Self.documents)
        defer { tree.remove() }
        try tree.write("feed/icon.png", bytes: Self.png)
        let responder = Responder(fixtures: try tree.load())
        try await LiveServer.withServer(responder: responder) { server in try await body(server) }
    }

    private func fetch(_ server: LiveServer, _ target: String, method: String = "GET", body: String? = nil) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        // The admin API takes changes as JSON only (Apple's URLSession would label a body a form).
        if body != nil, target.hasPrefix(Responder.adminPrefix) { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, response as! HTTPURLResponse)
    }

    @Test func servesAMatchWithItsHeaders() async throws {
        try await withTestServer { server in
            #expect(server.port > 0)
            let (data, response) = try await fetch(server, "/v3/businesses/search?limit=20&location=San+Francisco%2C+CA&term=pizza")
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=UTF-8")
            #expect(try JSONParser.parse(Array(data)) == ["businesses": [], "total": 0])
            #expect(server.responder.journal.entries.last?.fixture == "yelp/search.json")
        }
    }

    @Test func aMissAnswers404WithNearMisses() async throws {
        try await withTestServer { server in
            let (data, response) = try await fetch(server, "/v3/businesses/search?limit=20&location=San+Francisco%2C+CA&term=sushi")
            #expect(response.statusCode == 404)
            #expect(response.value(forHTTPHeaderField: MissReport.headerName) == "1")
            let report = try JSONParser.parse(Array(data))
            let nearest = report["understudy"]?["nearMisses"]?.arrayValue?.first
            #expect(nearest?["fixture"] == "yelp/search.json")
            #expect(nearest?["mismatches"] == [["condition": "query.term", "expected": "\"pizza\"", "actual": "\"sushi\""]])
            let (unmatched, _) = try await fetch(server, "/__understudy/unmatched")
            #expect(try JSONParser.parse(Array(unmatched))["misses"] == 1)
        }
    }

    @Test func sequencesAdvanceAcrossRequests() async throws {
        try await withTestServer { server in
            var statuses: [JSONValue?] = []
            for _ in 0..<3 {
                let (data, _) = try await fetch(server, "/maps/api/place/nearbysearch/json?pagetoken=T1")
                statuses.append(try JSONParser.parse(Array(data))["status"])
            }
            #expect(statuses == ["INVALID_REQUEST", "OK", "OK"])
            _ = try await fetch(server, "/__understudy/reset", method: "POST")
            let (again, _) = try await fetch(server, "/maps/api/place/nearbysearch/json?pagetoken=T1")
            #expect(try JSONParser.parse(Array(again))["status"] == "INVALID_REQUEST")
        }
    }

    @Test func binaryBodiesArriveByteForByte() async throws {
        try await withTestServer { server in
            let (data, response) = try await fetch(server, "/img/icon.png")
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "image/png")
            #expect(Array(data) == Self.png)
        }
    }

    @Test func matchesJSONRequestBodies() async throws {
        try await withTestServer { server in
            let (data, response) = try await fetch(server, "/oauth/access_token", method: "POST", body: #"{"grant_type": "fb_exchange_token", "client_id": "1"}"#)
            #expect(response.statusCode == 200)
            #expect(try JSONParser.parse(Array(data))["token_type"] == "bearer")
            let (_, miss) = try await fetch(server, "/oauth/access_token", method: "POST", body: #"{"grant_type": "client_credentials"}"#)
            #expect(miss.statusCode == 404)
        }
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() async throws {
        try await withTestServer { server in
            let connection = try RawHTTPConnection(port: server.port)
            for _ in 0..<5 {
                let response = try connection.get("/img/icon.png")
                #expect(response.status == 200)
                #expect(response.body == Self.png)
                #expect(response.header("Connection") == nil)
            }
            #expect(server.responder.journal.receivedCount == 5)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withTestServer { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(
                RawHTTPConnection.request("GET", "/__understudy/health")
                    + RawHTTPConnection.request("GET", "/nowhere")
                    + RawHTTPConnection.request("GET", "/img/icon.png"))
            #expect(try connection.readResponse().status == 200)
            #expect(try connection.readResponse().status == 404)
            #expect(try connection.readResponse().body == Self.png)
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withTestServer { server in
            let connection = try RawHTTPConnection(port: server.port)
            let response = try connection.get("/__understudy/health", headers: ["Connection": "close"])
            #expect(response.status == 200)
            #expect(response.header("Connection") == "close")
            #expect(connection.isClosedByPeer())
        }
    }

    @Test func malformedRequestsGet400AndTheServerGoesOn() async throws {
        try await withTestServer { server in
            let broken = try RawHTTPConnection(port: server.port)
            try broken.send("THIS IS NOT HTTP\r\n\r\n")
            #expect(try broken.readResponse().status == 400)
            let (_, response) = try await fetch(server, "/__understudy/health")
            #expect(response.statusCode == 200)
        }
    }

    @Test func shutdownReleasesThePort() async throws {
        let responder = Responder(fixtures: [])
        // A port below every system's ephemeral range (32768 and up on Linux, 49152 on macOS):
        // a port the system picked could be picked again, for another test's server or client,
        // between this shutdown and the bind after it.
        var started: LiveServer?
        for attempt in 0..<64 where started == nil {
            started = try? await LiveServer.start(responder: responder, port: 20_000 + Int.random(in: 0..<10_000) + attempt)
        }
        let server = try #require(started, "no free port from 20000 to 30062")
        let port = server.port
        try await server.shutdown()
        try await server.shutdown()  // twice is harmless
        // Released: a new server binds the same port. (Connecting to it proves nothing: a
        // client whose ephemeral port happens to be the freed one connects to itself.)
        let again = try await LiveServer.start(responder: responder, port: port)
        #expect(again.port == port)
        try await again.shutdown()
    }
}
