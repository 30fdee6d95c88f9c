import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Recording")
struct RecorderTests {
    // Real-looking credentials (distinct markers) that must never reach the disk.
    static let yelpKey = "yelpMARKERkey0123456789abcdefXYZ"
    static let googleKey = "AIzaSyMARKERgoogle0123456789abcdefghi"
    static let graphToken = "EAAMARKERgraph0123456789abcdefgh"
    static let appSecret = "MARKERappsecret0123456789"
    static let code = "MARKERoauthcode0123456789"
    static let issued = "EAAMARKERissued9876543210zyxwvut"
    static let apiKeyHeader = "MARKERxapikey0123456789abc"
    static let cookie = "MARKERcookie0123456789abcd"
    static let bodySecret = "MARKERbodysecret012345678"
    static let markers = [yelpKey, googleKey, graphToken, appSecret, code, issued, apiKeyHeader, cookie, bodySecret]

    let contracts: Contracts

    init() throws {
        contracts = try Contracts.load(from: bundledContractsPath)
    }

    /// An upstream standing in for the providers: echoes credentials where real APIs do.
    static func providers() -> StubUpstream {
        StubUpstream { request in
            let path = String(request.url.split(separator: "?")[0])
            if path.hasSuffix("/v3/businesses/search") {
                return StubUpstream.json(#"{"businesses": [], "total": 0, "region": {"center": {"latitude": 1, "longitude": 2}}, "debug": "token=\#(yelpKey)"}"#)
            }
            if path.hasSuffix("/maps/api/place/nearbysearch/json") {
                return StubUpstream.json(
                    #"{"html_attributions": [], "results": [], "status": "ZERO_RESULTS"}"#,
                    headers: [HeaderField(name: "Set-Cookie", value: "NID=\(cookie)"), HeaderField(name: "X-Echo", value: "key=\(googleKey)")])
            }
            if path.hasSuffix("/oauth/access_token") {
                return StubUpstream.json(#"{"access_token": "\#(issued)", "token_type": "bearer", "expires_in": 5183944}"#)
            }
            if path.hasSuffix("/me") {
                let token = request.url.components(separatedBy: "access_token=").last?.components(separatedBy: "&").first ?? ""
                return StubUpstream.json(#"{"id": "1", "name": "Ann", "paging": {"next": "https://graph.facebook.com/v19.0/me?access_token=\#(token)&after=X"}}"#)
            }
            return StubUpstream.json(#"{"echo": "\#(String(decoding: request.body, as: UTF8.self).replacingOccurrences(of: "\"", with: "'"))"}"#)
        }
    }

    func recorder(_ mode: RecordMode = .missing, root: String, upstream: StubUpstream, existing: [Fixture] = []) -> Recorder {
        Recorder(mode: mode, root: root, contracts: contracts, upstream: upstream, existing: existing)
    }

    /// The requests of the secrets test, with credentials placed in headers, queries and bodies.
    static func requests(yelp: String, google: String, graph: String, secret: String, code: String) -> [Request] {
        [
            clientRequest("/v3/businesses/search?term=pizza&location=SF", headers: [("Authorization", "Bearer \(yelp)"), ("Cookie", "s=\(cookie)")]),
            clientRequest("/maps/api/place/nearbysearch/json?location=1,2&radius=100&key=\(google)", headers: [("X-Api-Key", apiKeyHeader)]),
            clientRequest("/v19.0/oauth/access_token?client_id=138483919580948&client_secret=\(secret)&code=\(code)&redirect_uri=x"),
            clientRequest("/v19.0/me?fields=id,name&access_token=\(graph)"),
            clientRequest(
                "/debug_token", method: "POST", headers: [("Content-Type", "application/json")],
                body: #"{"input_token": "\#(graph)", "client_secret": "\#(bodySecret)", "fields": "scopes"}"#),
            clientRequest(
                "/v19.0/oauth/access_token", method: "POST", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: "client_id=138483919580948&client_secret=\(secret)&code=\(code)"),
        ]
    }

    @Test func noSecretReachesTheDiskAndReplayMatchesOtherCredentials() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let upstream = Self.providers()
        let recorder = recorder(root: tree.root, upstream: upstream)
        let sent = Self.requests(yelp: Self.yelpKey, google: Self.googleKey, graph: Self.graphToken, secret: Self.appSecret, code: Self.code)
        var answers: [Response] = []
        for request in sent { answers.append(await recorder.answer(request)) }
        #expect(answers.map(\.status) == Array(repeating: 200, count: sent.count))
        #expect(recorder.summary.recorded.count == sent.count)

        // Every byte of every file, hidden ones included, and every answer the client saw.
        let files = everyFile(under: tree.root)
        #expect(files.count == 2 * sent.count)
        for (file, bytes) in files {
            for marker in Self.markers { #expect(!contains(bytes, marker), "\(file) holds \(marker)") }
        }
        for answer in answers {
            for marker in Self.markers { #expect(!contains(answer.body, marker)) }
        }
        #expect(LeakGate.scan(root: tree.root).findings.isEmpty)

        // The issued token came back as a stable placeholder, in the answer and on disk.
        let placeholder = Scrubbing.stablePlaceholder(name: "access_token", value: Self.issued)
        #expect(contains(answers[2].body, placeholder))

        // Replay answers the same requests carrying other credentials.
        let responder = Responder(fixtures: try tree.load())
        let others = Self.requests(
            yelp: "yelpOTHERkey000", google: "AIzaOTHER", graph: "EAAOTHER", secret: "other-secret", code: "other-code")
        for (request, recorded) in zip(others, answers) {
            let replayed = await responder.respond(to: request)
            #expect(replayed.headerValue(MissReport.headerName) == nil, "\(request.method) \(request.target): \(String(decoding: replayed.body, as: UTF8.self))")
            #expect(replayed.status == recorded.status)
            #expect(replayed.body == recorded.body)
        }
    }

    @Test func aPlaceholderTheClientSendsBackReachesTheUpstreamAsTheRealToken() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let upstream = Self.providers()
        let recorder = recorder(root: tree.root, upstream: upstream)
        let exchange = await recorder.answer(
            clientRequest("/v19.0/oauth/access_token?client_id=1&client_secret=\(Self.appSecret)&code=\(Self.code)"))
        let token = try JSONParser.parse(exchange.body)["access_token"]?.stringValue ?? ""
        #expect(token.hasPrefix("FAKE-understudy-access-token-"))
        let me = await recorder.answer(clientRequest("/v19.0/me?fields=id&access_token=\(token)"))
        #expect(upstream.requests.withLock { $0.last?.url.contains("access_token=\(Self.issued)") } == true)
        // The echo of the real token in paging.next is the placeholder again.
        #expect(contains(me.body, token) && !contains(me.body, Self.issued))
    }

    @Test func conditionsPinCanonicalFakesAndTellAMissingCredentialApart() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let recorder = recorder(root: tree.root, upstream: Self.providers())
        let targets = [
            ("/v19.0/me?fields=id&access_token=EAAUnderstudyExpiredToken", [(String, String)]()),
            ("/v19.0/me?fields=id&access_token=\(Self.graphToken)", []),
            ("/v19.0/me?fields=id", []),
            ("/v3/businesses/search?term=pizza", [("Authorization", "Bearer \(Self.yelpKey)")]),
            ("/v3/businesses/search?term=pizza", []),
            ("/v3/businesses/search?term=pizza", [("Authorization", "Bearer FAKE-revoked-yelp-api-key")]),
        ]
        for (target, headers) in targets { _ = await recorder.answer(clientRequest(target, headers: headers)) }
        let fixtures = try tree.load()
        #expect(fixtures.count == targets.count)
        let conditions = Set(fixtures.map {
            ($0.request.query["access_token"]?.expectation ?? "-") + " " + ($0.request.headers["authorization"]?.expectation ?? "-")
        })
        #expect(conditions == [
            #""EAAUnderstudyExpiredToken" -"#, "present -", "absent -",
            "- matches /^Bearer .+/", "- absent", #"- "Bearer FAKE-revoked-yelp-api-key""#,
        ])
    }

    /// An upstream that echoes a credential in a header's name (`X-Seen-<token>: 1`, or
    /// lowercased as HTTP/2 sends names) gets the name scrubbed as a value is: the header stays,
    /// under the placeholder, in the fixture and in the client's answer.
    @Test func aCredentialInAResponseHeaderNameIsScrubbedFromTheName() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let upstream = StubUpstream { _ in
            StubUpstream.json(
                #"{"businesses": [], "total": 0, "region": {"center": {"latitude": 1, "longitude": 2}}}"#,
                headers: [HeaderField(name: "X-Seen-\(Self.yelpKey)", value: "1"), HeaderField(name: "x-lower-\(Self.yelpKey.lowercased())", value: "2")])
        }
        let answer = await recorder(root: tree.root, upstream: upstream)
            .answer(clientRequest("/v3/businesses/search?term=pizza&location=SF", headers: [("Authorization", "Bearer \(Self.yelpKey)")]))
        #expect(answer.status == 200)
        let placeholder = Scrubbing.stablePlaceholder(name: "authorization", value: Self.yelpKey)
        #expect(answer.headerValue("X-Seen-" + placeholder) == "1")
        #expect(answer.headerValue("x-lower-" + placeholder) == "2")
        let files = everyFile(under: tree.root)
        #expect(files.count == 2)  // the fixture and its body
        // Every file and the answer's header names, ignoring case: names are case-insensitive.
        let marker = Self.yelpKey.lowercased()
        for (file, bytes) in files { #expect(!String(decoding: bytes, as: UTF8.self).lowercased().contains(marker), "\(file)") }
        #expect(!answer.headers.contains { $0.name.lowercased().contains(marker) })
        let fixture = try #require(try tree.load().first)
        #expect(fixture.responses[0].headers.map(\.name).sorted() == ["Content-Type", "X-Seen-" + placeholder, "x-lower-" + placeholder].sorted())
        #expect(LeakGate.scan(root: tree.root).findings.isEmpty)
    }

    /// A real token that contains `FAKE` or `Understudy` is a secret like any other: scrubbed
    /// from conditions, answers and files, never written verbatim as a canonical fake is.
    @Test func aTokenMerelyContainingFAKEOrUnderstudyIsScrubbed() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let recorder = recorder(root: tree.root, upstream: Self.providers())
        let tokens = ["EAAB8real" + "RandomFAKEq9Zt0123456789", "EAAB8real" + "UnderstudyQ9Zt0123456789"]
        var answers: [Response] = []
        // Other fields each: two fixtures, not the second replayed from the first.
        for (token, fields) in zip(tokens, ["id", "id,name"]) {
            answers.append(await recorder.answer(clientRequest("/v19.0/me?fields=\(fields)&access_token=\(token)")))
        }
        #expect(answers.map(\.status) == [200, 200])
        for (file, bytes) in everyFile(under: tree.root) {
            for token in tokens { #expect(!contains(bytes, token), "\(file)") }
        }
        for (answer, token) in zip(answers, tokens) {
            #expect(!contains(answer.body, token))
            #expect(contains(answer.body, Scrubbing.stablePlaceholder(name: "access_token", value: token)))  // paging.next's echo
        }
        #expect(Set(try tree.load().map { $0.request.query["access_token"]?.expectation }) == ["present"])
        #expect(LeakGate.scan(root: tree.root).findings.isEmpty)
    }

    @Test func concurrentIdenticalMissesReachTheUpstreamOnceAndWriteOneFixture() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let gate = Gate()
        let upstream = StubUpstream(gate: gate) { _ in StubUpstream.json(#"{"businesses": [], "total": 0}"#) }
        let recorder = recorder(root: tree.root, upstream: upstream)
        let request = clientRequest("/v3/businesses/search?term=pizza", headers: [("Authorization", "Bearer \(Self.yelpKey)")])
        let key = RecordingPlan(request: request, route: try #require(contracts.route(request))).key
        let count = 12
        let answers = await withTaskGroup(of: Response.self) { group in
            for _ in 0..<count { group.addTask { await recorder.answer(request) } }
            // Open the gate only once every other request waits on the first one's flight.
            var rounds = 0
            while await recorder.flights.waiting(for: key) < count - 1, rounds < 100_000 {
                rounds += 1
                await Task.yield()
            }
            #expect(await recorder.flights.waiting(for: key) == count - 1)
            await gate.open()
            return await group.reduce(into: [Response]()) { $0.append($1) }
        }
        #expect(upstream.requests.withLock { $0.count } == 1)
        #expect(Set(answers.map(\.body)).count == 1 && answers.allSatisfy { $0.status == 200 })
        #expect(everyFile(under: tree.root).keys.sorted().filter { !$0.hasSuffix(".body.json") }.count == 1)
        #expect(recorder.summary.recorded.count == 1)
    }

    @Test func anUpstreamFailureAnswers502NamingTheUpstreamAndWritesNothing() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let upstream = StubUpstream { _ in .failure(UpstreamFailure(reason: "no answer within 0.3 s (--upstream-timeout)")) }
        let recorder = Recorder(
            mode: .missing, root: tree.root, contracts: contracts, upstreamOverrides: ["google": "http://user:pw@127.0.0.1:9"],
            upstream: upstream)
        let answer = await recorder.answer(clientRequest("/maps/api/place/details/json?place_id=x&key=\(Self.googleKey)"))
        #expect(answer.status == 502)
        let body = try JSONParser.parse(answer.body)
        #expect(body["understudy"]?["upstream"] == "http://127.0.0.1:9")
        #expect(body["understudy"]?["reason"] == "no answer within 0.3 s (--upstream-timeout)")
        #expect(!contains(answer.body, Self.googleKey) && !contains(answer.body, "pw"))
        #expect(everyFile(under: tree.root).isEmpty)
        #expect(recorder.summary.failures.count == 1 && !recorder.summary.failures[0].contains(Self.googleKey))
        // Another Understudy standing in as the upstream, without a fixture: its miss report is no answer to record.
        let understudy = StubUpstream { _ in StubUpstream.json("{}", status: 404, headers: [HeaderField(name: MissReport.headerName, value: "1")]) }
        let miss = await self.recorder(root: tree.root, upstream: understudy).answer(clientRequest("/v3/businesses/nope"))
        #expect(miss.status == 502 && everyFile(under: tree.root).isEmpty)
    }

    @Test func compressedBodiesAreStoredDecodedOrNotAtAll() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let decoded = StubUpstream { _ in
            StubUpstream.json(#"{"restaurants": []}"#, headers: [HeaderField(name: "Content-Encoding", value: "gzip"), HeaderField(name: "Content-Length", value: "31")])
        }
        let answer = await recorder(root: tree.root, upstream: decoded).answer(clientRequest("/br-codingexams/restaurants.json"))
        #expect(answer.status == 200 && answer.headerValue("Content-Encoding") == nil)
        let fixture = try #require(try tree.load().first)
        #expect(fixture.responses[0].headers.map { $0.name.lowercased() } == ["content-type"])
        #expect(try fixture.responses[0].bodyBytes() == Array(#"{"restaurants": []}"#.utf8))
        // A body still compressed (a transport that did not decode it) is refused.
        let compressed = StubUpstream { _ in
            .success(UpstreamResponse(status: 200, headers: [HeaderField(name: "Content-Encoding", value: "gzip")], body: [0x1F, 0x8B, 8, 0, 0]))
        }
        let refused = await recorder(root: tree.root, upstream: compressed).answer(clientRequest("/br-codingexams/other.json"))
        #expect(refused.status == 502)
        #expect(try tree.load().count == 1)
    }

    @Test func modeAllReplacesTheMatchingFixtureInPlaceAndReportsDrift() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/details/marlowes.json", """
            {"understudy": 1, "name": "Marlowe's details", "priority": 3,
             "request": {"method": "GET", "path": "/v3/businesses/WEq", "headers": {"authorization": {"matches": "^Bearer .+"}}},
             "response": {"json": {"id": "WEq", "rating": 4.5, "price": "$$", "photos": [{"url": "a"}]}}}
            """)
        try tree.write("yelp/other.json", fixtureJSON(path: "/v3/businesses/{id}", headers: #"{"authorization": {"matches": "^Bearer .+"}}"#))
        let upstream = StubUpstream { _ in StubUpstream.json(#"{"id": "WEq", "rating": "4.5", "photos": [{"url": "a", "width": 1}], "hours": []}"#) }
        let recorder = recorder(.all, root: tree.root, upstream: upstream, existing: try tree.load())
        let answer = await recorder.answer(clientRequest("/v3/businesses/WEq", headers: [("Authorization", "Bearer \(Self.yelpKey)")]))
        #expect(answer.status == 200)
        let recorded = try #require(recorder.summary.recorded.first)
        #expect(recorded.file == "yelp/details/marlowes.json" && recorded.replaced)
        #expect(recorded.drift.map(\.description) == [
            "added /hours (array)", "added /photos/*/width (number)", "removed /price (string)", "retyped /rating: number → string",
        ])
        #expect(recorded.contractFindings.contains { $0.contains("rating") })
        let fixtures = try tree.load()
        #expect(fixtures.map(\.file).sorted() == ["yelp/details/marlowes.json", "yelp/other.json"])
        let replaced = try #require(fixtures.first { $0.file == "yelp/details/marlowes.json" })
        #expect(replaced.name == "Marlowe's details" && replaced.priority == 3)
        #expect(try replaced.responses[0].bodyBytes() == answer.body)
    }

    @Test func modesDecideWhatIsForwarded() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/hit.json", fixtureJSON(path: "/v3/hit"))
        let fixtures = try tree.load()
        let upstream = StubUpstream { _ in StubUpstream.json("{}") }
        /// Which of a miss, a hit and an admin request reach the upstream in `mode`.
        func forwarded(_ mode: RecordMode) async -> [String] {
            let before = upstream.requests.withLock { $0.count }
            let responder = Responder(fixtures: fixtures, recorder: recorder(mode, root: tree.root + "/" + mode.rawValue, upstream: upstream))
            var sent: [String] = []
            for target in ["/v3/miss", "/v3/hit", "/__understudy/journal"] {
                let count = upstream.requests.withLock { $0.count }
                _ = await responder.respond(to: clientRequest(target))
                if upstream.requests.withLock({ $0.count }) > count { sent.append(target) }
            }
            #expect(upstream.requests.withLock { $0.count } == before + sent.count)
            return sent
        }
        #expect(await forwarded(.never) == [])
        #expect(await forwarded(.missing) == ["/v3/miss"])
        #expect(await forwarded(.all) == ["/v3/miss", "/v3/hit"])
        #expect(UpstreamRequest.forwardedHeaders([
            HeaderField(name: "Connection", value: "keep-alive, X-Hop"), HeaderField(name: "X-Hop", value: "1"), HeaderField(name: "Host", value: "h"),
            HeaderField(name: "Accept-Encoding", value: "gzip"), HeaderField(name: "X-Understudy-Session", value: "s"),
            HeaderField(name: "Authorization", value: "Bearer t"),
        ]) == [HeaderField(name: "Authorization", value: "Bearer t"), HeaderField(name: "Accept-Encoding", value: "identity")])
    }
}
