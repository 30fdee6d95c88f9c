import Foundation
import Testing
import UnderstudyCore
import UnderstudyTooling
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer
import UnderstudyURLSession

/// Recording over real sockets: an Understudy replaying fixture set A stands in as every
/// provider's upstream, and a recording Understudy proxies to it.
@Suite("Recording over HTTP")
struct RecordingServerTests {
    static let bundledFixtures = CLIProcess.repositoryRoot.appendingPathComponent("fixtures").path
    static let contractsPath = CLIProcess.repositoryRoot.appendingPathComponent("contracts").path

    /// Distinct real-looking credentials, by the name they travel under; none may reach the disk.
    static let secrets: [String: String] = [
        "authorization": "yelpMARKERkey0123456789abcdefXYZ",
        "key": "AIzaSyMARKERgoogle0123456789abcdefghi",
        "access_token": "EAAMARKERgraph0123456789abcdefgh",
        "input_token": "EAAMARKERinput0123456789abcdefgh",
        "client_secret": "MARKERappsecret0123456789",
        "code": "MARKERoauthcode0123456789",
        "fb_exchange_token": "EAAMARKERexchange0123456789abcd",
        "x-api-key": "MARKERxapikey0123456789abc",
        "cookie": "MARKERcookie0123456789abcd",
    ]
    /// The canonical fake credentials of docs/contracts.md.
    static let fakes: [String: String] = [
        "authorization": "FAKE-understudy-yelp-api-key", "key": "AIzaFAKE-understudy-test-key-0000000000",
        "access_token": "EAAUnderstudyLongLivedToken", "input_token": "EAAUnderstudyShortLivedToken",
        "client_secret": "FAKE-understudy-app-secret", "code": "FAKE-understudy-login-code", "fb_exchange_token": "EAAUnderstudyShortLivedToken",
    ]

    /// What a client sees of an answer: status, body bytes, and headers by lower-cased name
    /// (framing and the date left out).
    struct Seen: Equatable, CustomStringConvertible {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]

        init(_ response: UpstreamResponse) {
            status = response.status
            body = response.body
            var headers: [String: String] = [:]
            for field in response.headers where !["content-length", "connection", "date"].contains(field.name.lowercased()) {
                headers[field.name.lowercased()] = field.value
            }
            self.headers = headers
        }

        var description: String { "\(status) \(headers) \(String(decoding: body.prefix(200), as: UTF8.self))" }

        private init(status: Int, headers: [String: String], body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// The answer with the port of any 127.0.0.1 URL it names written `PORT`: a templated
        /// answer may name the server it came from (`{{request.header.host}}`, Places (New)'s
        /// photoUri), and the servers a round trip compares listen on different ports.
        var portless: Seen {
            let text = String(decoding: body, as: UTF8.self)
            guard text.contains("127.0.0.1:") else { return self }
            return Seen(status: status, headers: headers, body: Array(text.replacing(/127\.0\.0\.1:[0-9]+/, with: "127.0.0.1:PORT").utf8))
        }
    }

    /// A client that follows no redirect, so a recorded 302 is seen as it is.
    let client = URLSessionUpstream(timeout: Patience.exchange)

    func send(_ request: UpstreamRequest, to server: LiveServer) async throws -> Seen {
        let url = server.baseURL.absoluteString + request.url
        return Seen(try await client.send(UpstreamRequest(method: request.method, url: url, headers: request.headers, body: request.body)))
    }

    /// Set A: the bundled fixtures, plus a token exchange by POST (the bundled ones are all GETs).
    func fixtureSetA(extra: String) throws -> [Fixture] {
        try FileManager.default.createDirectory(atPath: extra + "/facebook", withIntermediateDirectories: true)
        try Data(#"""
            {"understudy": 1, "request": {"method": "POST", "path": "/v19.0/oauth/access_token"},
             "response": {"headers": {"Content-Type": "application/json; charset=UTF-8"},
                          "json": {"access_token": "EAAUnderstudyLongLivedToken", "expires_in": 5183944, "token_type": "bearer"}}}
            """#.utf8).write(to: URL(fileURLWithPath: extra + "/facebook/oauth-post.json"))
        return try FixtureLoader.load(from: Self.bundledFixtures) + FixtureLoader.load(from: extra)
    }

    /// A's requests: from its fixtures, with secrets or canonical fakes, plus bodies carrying secrets.
    func requestsForA(_ fixtures: [Fixture]) -> [UpstreamRequest] {
        let unconditioned = [HeaderField(name: "X-Api-Key", value: Self.secrets["x-api-key"]!), HeaderField(name: "Cookie", value: "s=\(Self.secrets["cookie"]!)")]
        let fromFixtures = SampleRequests.make(from: fixtures, secrets: Self.secrets, fakes: Self.fakes).map { request in
            request.headers.contains { $0.value.contains("MARKER") } || request.url.contains("MARKER")
                ? UpstreamRequest(method: request.method, url: request.url, headers: request.headers + unconditioned) : request
        }
        let secret = Self.secrets["client_secret"]!, exchange = Self.secrets["fb_exchange_token"]!
        return fromFixtures + [
            UpstreamRequest(
                method: "POST", url: "/v19.0/oauth/access_token",
                headers: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                body: Array("client_id=138483919580948&client_secret=\(secret)&fb_exchange_token=\(exchange)&grant_type=fb_exchange_token".utf8)),
            UpstreamRequest(
                method: "POST", url: "/v19.0/oauth/access_token", headers: [HeaderField(name: "Content-Type", value: "application/json")],
                body: Array(#"{"client_id": "138483919580948", "client_secret": "\#(secret)", "grant_type": "client_credentials"}"#.utf8)),
        ]
    }

    func recorder(into root: String, upstream: LiveServer, mode: RecordMode = .missing, timeout: TimeInterval = Patience.exchange) throws -> Recorder {
        let origin = upstream.baseURL.absoluteString
        return Recorder(
            mode: mode, root: root, contracts: try Contracts.load(from: Self.contractsPath),
            upstreamOverrides: ["yelp": origin, "google": origin, "facebook": origin, "feed": origin, "places": origin, "routes": origin],
            upstream: recordingUpstream(timeout: timeout))
    }

    static func temporaryFolder() -> String {
        NSTemporaryDirectory() + "understudy-recording-" + UUID().uuidString
    }

    @Test func recordingSetAGivesSetBThatReplaysEveryRequestOfAIdentically() async throws {
        let extra = Self.temporaryFolder(), treeB = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: extra); try? FileManager.default.removeItem(atPath: treeB) }
        let setA = try fixtureSetA(extra: extra)
        let requests = requestsForA(setA)
        #expect(requests.count > 100)

        // Record: every request through the proxy, in order, against a fresh A.
        var recorded: [Seen] = []
        try await LiveServer.withServer(responder: Responder(fixtures: setA)) { upstream in
            let recorder = try recorder(into: treeB, upstream: upstream)
            try await LiveServer.withServer(responder: Responder(fixtures: [], recorder: recorder)) { proxy in
                for request in requests { recorded.append(try await send(request, to: proxy)) }
            }
            #expect(recorder.summary.failures.isEmpty, "\(recorder.summary.failures)")
            #expect(recorder.summary.skipped.isEmpty, "\(recorder.summary.skipped)")
        }
        #expect(!recorded.contains { $0.status == 502 || $0.headers["x-understudy-miss"] != nil })

        // No secret anywhere in B, byte for byte; the leak gate agrees.
        let enumerator = FileManager.default.enumerator(atPath: treeB)
        var files = 0
        while let file = enumerator?.nextObject() as? String {
            guard let bytes = FileManager.default.contents(atPath: treeB + "/" + file) else { continue }
            files += 1
            for secret in Self.secrets.values { #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds \(secret)") }
        }
        #expect(files > 100)
        #expect(LeakGate.scan(root: treeB).findings.isEmpty)

        // Replay: B answers every request of A as A does (the same order, so sequences agree),
        // and as the proxy answered while recording.
        let setB = try FixtureLoader.load(from: treeB)
        try await LiveServer.withServer(responder: Responder(fixtures: setA)) { replayA in
            try await LiveServer.withServer(responder: Responder(fixtures: setB)) { replayB in
                for (request, whileRecording) in zip(requests, recorded) {
                    let fromA = try await send(request, to: replayA)
                    let fromB = try await send(request, to: replayB)
                    #expect(fromA.portless == fromB.portless, "\(request.method) \(request.url)")
                    #expect(whileRecording.portless == fromB.portless, "\(request.method) \(request.url)")
                }
                // Other credential values match the recorded fixtures too.
                for (request, whileRecording) in zip(requests, recorded) where request.url.contains("MARKER") || request.headers.contains(where: { $0.value.contains("MARKER") }) {
                    let other = UpstreamRequest(
                        method: request.method, url: request.url.replacingOccurrences(of: "MARKER", with: "OTHER"),
                        headers: request.headers.map { HeaderField(name: $0.name, value: $0.value.replacingOccurrences(of: "MARKER", with: "OTHER")) },
                        body: request.body)
                    #expect(try await send(other, to: replayB) == whileRecording, "\(other.url)")
                }
            }
        }
    }

    @Test func concurrentIdenticalMissesReachTheUpstreamOnceAndWriteOneFixture() async throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let setA = try FixtureLoader.load(from: Self.bundledFixtures)
        let upstreamResponder = Responder(fixtures: setA)
        try await LiveServer.withServer(responder: upstreamResponder) { upstream in
            try await LiveServer.withServer(responder: Responder(fixtures: [], recorder: try recorder(into: tree, upstream: upstream))) { proxy in
                let request = UpstreamRequest(
                    method: "GET", url: "/br-codingexams/restaurants.json", headers: [HeaderField(name: "Accept", value: "application/json")])
                let answers = try await withThrowingTaskGroup(of: Seen.self) { group in
                    for _ in 0..<16 { group.addTask { try await send(request, to: proxy) } }
                    return try await group.reduce(into: [Seen]()) { $0.append($1) }
                }
                #expect(Set(answers.map(\.status)) == [200] && Set(answers.map(\.body)).count == 1)
            }
        }
        #expect(upstreamResponder.journal.receivedCount == 1)
        let written = try FileManager.default.contentsOfDirectory(atPath: tree + "/feed")
        #expect(written.filter { !$0.hasSuffix(".body.json") }.count == 1, "\(written)")
    }

    @Test func aSlowOrAbsentUpstreamGets502NamingItAndNothingIsWritten() async throws {
        let tree = Self.temporaryFolder(), slow = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree); try? FileManager.default.removeItem(atPath: slow) }
        try FileManager.default.createDirectory(atPath: slow + "/yelp", withIntermediateDirectories: true)
        try Data(#"{"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/search"}, "response": {"json": {}, "delay": 10000}}"#.utf8)
            .write(to: URL(fileURLWithPath: slow + "/yelp/slow.json"))
        let key = Self.secrets["key"]!
        try await LiveServer.withServer(responder: Responder(fixtures: try FixtureLoader.load(from: slow))) { upstream in
            let recorder = try recorder(into: tree, upstream: upstream, timeout: 0.3)
            try await LiveServer.withServer(responder: Responder(fixtures: [], recorder: recorder)) { proxy in
                let timedOut = try await send(
                    UpstreamRequest(method: "GET", url: "/v3/businesses/search?term=x", headers: [HeaderField(name: "Authorization", value: "Bearer \(key)")]), to: proxy)
                #expect(timedOut.status == 502)
                let body = try JSONParser.parse(timedOut.body)
                #expect(body["understudy"]?["upstream"]?.stringValue == upstream.baseURL.absoluteString)
                #expect(body["understudy"]?["reason"]?.stringValue?.hasPrefix("no answer within 0.3 s") == true, "\(body)")
                #expect(Data(timedOut.body).range(of: Data(key.utf8)) == nil)
            }
        }
        // An upstream that is not there: a port that was just free.
        let closedPort = try await LiveServer.withServer(responder: Responder(fixtures: [])) { $0.port }
        let nowhere = Recorder(
            mode: .missing, root: tree, contracts: try Contracts.load(from: Self.contractsPath),
            upstreamOverrides: ["google": "http://127.0.0.1:\(closedPort)"], upstream: recordingUpstream(timeout: 5))
        try await LiveServer.withServer(responder: Responder(fixtures: [], recorder: nowhere)) { proxy in
            let refused = try await send(UpstreamRequest(method: "GET", url: "/maps/api/place/details/json?place_id=x&key=\(key)"), to: proxy)
            #expect(refused.status == 502)
            #expect(try JSONParser.parse(refused.body)["understudy"]?["reason"] == "cannot connect (connection refused)")
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: tree)) ?? []
        #expect(written.isEmpty)
    }

    @Test func aGzipUpstreamIsStoredDecoded() async throws {
        let tree = Self.temporaryFolder(), gzip = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree); try? FileManager.default.removeItem(atPath: gzip) }
        // {"restaurants": [{"name": "Hopdoddy"}]} compressed with gzip.
        let compressed = "H4sIAAAAAAAC/6tWKkotLkksLUrMKylWslKIrlbKS8xNBbKUPPILUvJTUiqVamNrAXNMPJYnAAAA"
        try FileManager.default.createDirectory(atPath: gzip + "/feed", withIntermediateDirectories: true)
        try Data(#"""
            {"understudy": 1, "request": {"method": "GET", "path": "/br-codingexams/restaurants.json"},
             "response": {"headers": {"Content-Type": "application/json", "Content-Encoding": "gzip"}, "base64": "\#(compressed)"}}
            """#.utf8).write(to: URL(fileURLWithPath: gzip + "/feed/gzip.json"))
        try await LiveServer.withServer(responder: Responder(fixtures: try FixtureLoader.load(from: gzip))) { upstream in
            try await LiveServer.withServer(responder: Responder(fixtures: [], recorder: try recorder(into: tree, upstream: upstream))) { proxy in
                let answer = try await send(UpstreamRequest(method: "GET", url: "/br-codingexams/restaurants.json"), to: proxy)
                #expect(answer.status == 200 && answer.headers["content-encoding"] == nil)
            }
        }
        let fixture = try #require(try FixtureLoader.load(from: tree).first)
        #expect(fixture.responses[0].headers.map { $0.name.lowercased() } == ["content-type"])
        let bodyFile = try #require(try FileManager.default.contentsOfDirectory(atPath: tree + "/feed").first { $0.hasSuffix(".body.json") })
        #expect(String(decoding: try FileBytes.read(tree + "/feed/" + bodyFile), as: UTF8.self) == #"{"restaurants": [{"name": "Hopdoddy"}]}"#)
    }
}
