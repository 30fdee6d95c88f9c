import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Importing HAR files")
struct HARImportTests {
    // Credentials that must never reach the output folder.
    static let yelpToken = "yelpSECRETtoken0123456789abcdef"
    static let otherYelpToken = "yelpOTHERtoken9876543210fedcba"
    static let googleKey = "AIzaFAKEkey0123456789abcdefghijklmnopq"
    static let graphToken = "EAABfakeGRAPHtoken0123456789"
    static let newGraphToken = "EAABnewlyISSUEDtoken5555555"
    static let appSecret = "appSECRETvalue00000000"
    static let cookie = "sessionCOOKIEvalue123456"
    static let secrets = [yelpToken, otherYelpToken, googleKey, graphToken, newGraphToken, appSecret, cookie]

    static let yelpBody = #"{"businesses":[{"name":"Caf\u00e9 \"Roma\"","alias":"café-roma","rating":4.0,"distance":1e3}],"total":1}"#
    static let googleBody = "{\n  \"results\": [],\n  \"status\": \"ZERO_RESULTS\"\n}\n"
    static let graphBody = #"{"id":"10150","name":"Ann","paging":{"next":"https://graph.facebook.com/v19.0/me?access_token=EAABfakeGRAPHtoken0123456789&after=X"}}"#
    static let tokenBody = #"{"access_token":"EAABnewlyISSUEDtoken5555555","token_type":"bearer","expires_in":5183976}"#
    static let yelpErrorBody = #"{"error": {"code": "TOKEN_INVALID", "description": "Invalid access token or authorization header."}}"#
    static let feedBody = #"{"restaurants":[{"name":"Hopdoddy","backgroundImageURL":"http://sandbox.bottlerocketapps.com/x.png"}]}"#
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

    /// The recording most tests use; entry numbers are referred to below.
    static var archive: JSONValue {
        har([
            // 0: Yelp search with a bearer token and a cookie.
            entry(
                "https://api.yelp.com/v3/businesses/search?term=caf%C3%A9+bar&location=San%20Francisco%2C%20CA&limit=20&categories=restaurants",
                requestHeaders: [("Authorization", "Bearer \(yelpToken)"), ("Cookie", "s=\(cookie)")],
                responseHeaders: [
                    ("Content-Type", "application/json; charset=UTF-8"), ("Content-Length", "123"), ("Set-Cookie", "s=\(cookie); HttpOnly"),
                    ("x-routing-service", "routing-main--useast1"), ("Connection", "keep-alive"),
                ],
                text: yelpBody),
            // 1: Google nearby search with an API key in the query.
            entry(
                "https://maps.googleapis.com/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100&type=restaurant&key=\(googleKey)",
                responseHeaders: [("content-type", "application/json; charset=UTF-8"), ("cache-control", "public, max-age=300")],
                text: googleBody),
            // 2: Graph /me with an access token, echoed in the paging URL of the body.
            entry(
                "https://graph.facebook.com/v19.0/me?fields=id,name&access_token=\(graphToken)",
                responseHeaders: [("Content-Type", "application/json; charset=UTF-8"), ("facebook-api-version", "v19.0")],
                text: graphBody),
            // 3: a PNG image, base64 in the archive.
            entry(
                "https://s3.amazonaws.com/br-codingexams/hopdoddy.png", responseHeaders: [("Content-Type", "image/png")],
                mimeType: "image/png", text: Data(png).base64EncodedString(), encoding: "base64"),
            // 4: a host that is no provider.
            entry("https://www.google-analytics.com/collect?v=1&tid=UA-1", mimeType: "image/gif"),
            // 5: entry 0 again, parameters shuffled and encoded differently, another token.
            entry(
                "https://api.yelp.com/v3/businesses/search?limit=20&categories=restaurants&location=San+Francisco,+CA&term=caf%c3%a9%20bar",
                requestHeaders: [("Authorization", "Bearer \(otherYelpToken)")], text: #"{"businesses":[],"total":0}"#),
            // 6: the token exchange: the new token is in the body.
            entry(
                "https://graph.facebook.com/v19.0/oauth/access_token?client_id=1234&client_secret=\(appSecret)&fb_exchange_token=\(graphToken)&grant_type=fb_exchange_token",
                text: tokenBody),
            // 7: a Yelp error: its "code" is an error code, kept as recorded.
            entry("https://api.yelp.com/v3/businesses/abc-def", status: 401, text: yelpErrorBody),
            // 8: the feed on its other host, gzip on the wire, a repeated header.
            entry(
                "https://sandbox.bottlerocketapps.com/BR_iOS_CodingExam_2015_Server/restaurants.json",
                responseHeaders: [("Content-Type", "application/json"), ("Content-Encoding", "gzip"), ("Vary", "Accept"), ("vary", "Origin")],
                text: feedBody),
            // 9: a request that never got an answer.
            entry("https://api.yelp.com/v3/businesses/search?term=sushi", status: 0),
            // 10: a 304 without body.
            entry("https://s3.amazonaws.com/br-codingexams/restaurants.json", status: 304, responseHeaders: [("ETag", "\"abc\"")]),
        ])
    }

    @Test func writesFixturesAndBodiesAndListsSkippedEntries() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        let summary = try folder.importArchive(Self.archive)

        #expect(summary.written == 8)
        #expect(summary.byProvider == ["yelp": 2, "google": 1, "facebook": 2, "feed": 3])
        #expect(summary.skipped.map(\.index) == [4, 5, 9])
        #expect(summary.skipped[0].reason.contains("host www.google-analytics.com is not one of the providers' hosts"))
        #expect(summary.skipped[1].reason == "duplicate of entry 0")
        #expect(summary.skipped[2].reason.contains("status 0"))

        let files = folder.files()
        #expect(files.count == 8 + 7)  // 8 fixtures, 7 bodies (the 304 has none)
        let yelpSearch = try #require(files.first { $0.hasPrefix("yelp/get-v3-businesses-search-") && $0.hasSuffix(".json") && !$0.contains(".body.") })
        #expect(yelpSearch.wholeMatch(of: /yelp\/get-v3-businesses-search-[0-9a-f]{8}\.json/) != nil)
        #expect(files.contains { $0.wholeMatch(of: /feed\/get-br-codingexams-hopdoddy-png-[0-9a-f]{8}\.body\.png/) != nil })
        #expect(files.contains { $0.wholeMatch(of: /feed\/get-BR-iOS-CodingExam-2015-Server-restaurants-json-[0-9a-f]{8}\.json/) != nil })
        #expect(!files.contains { $0.contains(".tmp") })
    }

    @Test func noCredentialReachesTheDisk() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        let summary = try folder.importArchive(Self.archive)
        for file in folder.files() {
            let bytes = try folder.read(file)
            for secret in Self.secrets {
                #expect(!bytes.contains(Array(secret.utf8)), "\(secret) found in \(file)")
            }
        }
        for skipped in summary.skipped {
            for secret in Self.secrets { #expect(!skipped.url.contains(secret)) }
        }
    }

    @Test func fixturesHaveDecodedQueryAndCleanHeaders() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        _ = try folder.importArchive(Self.archive)

        let yelp = try folder.fixture(matching: "yelp/get-v3-businesses-search-")
        let bodyFile = try #require(yelp["response"]?["file"]?.stringValue)
        #expect(yelp == [
            "understudy": 1,
            "provider": "yelp",
            "recordedAt": "2026-01-01T00:00:00Z",
            "request": [
                "method": "GET", "path": "/v3/businesses/search",
                "query": ["term": "café bar", "location": "San Francisco, CA", "limit": "20", "categories": "restaurants"],
            ],
            "response": [
                "status": 200,
                "headers": ["Content-Type": "application/json; charset=UTF-8", "x-routing-service": "routing-main--useast1"],
                "file": .string(bodyFile),
            ],
        ])
        #expect(bodyFile.wholeMatch(of: /get-v3-businesses-search-[0-9a-f]{8}\.body\.json/) != nil)

        let google = try folder.fixture(matching: "google/get-maps-api-place-nearbysearch-json-")
        #expect(google["request"]?["query"] == ["location": "37.7749,-122.4194", "radius": "100", "type": "restaurant", "key": ["present": true]])

        let feed = try folder.fixture(matching: "feed/get-BR-iOS-CodingExam-2015-Server-restaurants-json-")
        #expect(feed["response"]?["headers"] == ["Content-Type": "application/json", "Vary": ["Accept", "Origin"]])

        let notModified = try folder.fixture(matching: "feed/get-br-codingexams-restaurants-json-")
        #expect(notModified["response"] == ["status": 304, "headers": ["ETag": "\"abc\""]])

        // Written pretty, keys sorted, with a trailing newline: the house style for fixtures.
        let text = String(decoding: try folder.read(folder.files().first { $0.hasPrefix("google/") && !$0.contains(".body.") }!), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"provider\": \"google\",\n  \"recordedAt\": \"2026-01-01T00:00:00Z\",\n  \"request\": {\n"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func bodiesAreByteIdenticalUnlessTheyHeldATokenThemselves() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        _ = try folder.importArchive(Self.archive)

        #expect(try folder.body(matching: "yelp/get-v3-businesses-search-") == Array(Self.yelpBody.utf8))
        #expect(try folder.body(matching: "google/") == Array(Self.googleBody.utf8))
        #expect(try folder.body(matching: "feed/get-br-codingexams-hopdoddy-png-") == Self.png)
        #expect(try folder.body(matching: "yelp/get-v3-businesses-abc-def-") == Array(Self.yelpErrorBody.utf8))
        #expect(try folder.body(matching: "feed/get-BR-iOS") == Array(Self.feedBody.utf8))
        // The request's token, echoed in a URL, is replaced in place; the rest stays as recorded.
        #expect(try folder.body(matching: "facebook/get-v19-0-me-") == Array(Self.graphBody.replacingOccurrences(of: Self.graphToken, with: "REDACTED").utf8))
        // A token member is redacted, and only then is the body re-serialised.
        let exchanged = try JSONParser.parse(try folder.body(matching: "facebook/get-v19-0-oauth-access-token-"))
        #expect(exchanged == ["access_token": "REDACTED", "token_type": "bearer", "expires_in": 5183976])
    }

    @Test func theResultLoadsAndMatchesShuffledRequestsWithOtherCredentials() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        _ = try folder.importArchive(Self.archive)
        let fixtures = try FixtureLoader.load(from: folder.path)
        #expect(fixtures.count == 8)
        let index = FixtureIndex(fixtures)

        let google = index.bestMatch(for: Request(
            method: "GET", target: "/maps/api/place/nearbysearch/json?key=AIzaANOTHERkey&type=restaurant&radius=100&location=37.7749%2C-122.4194"))
        #expect(google?.file.hasPrefix("google/get-maps-api-place-nearbysearch-json-") == true)
        #expect(google.map { $0.responses[0].headers.contains(HeaderField(name: "content-type", value: "application/json; charset=UTF-8")) } == true)

        let yelp = index.bestMatch(for: Request(
            method: "GET", target: "/v3/businesses/search?limit=20&location=San+Francisco%2C+CA&categories=restaurants&term=caf%C3%A9%20bar",
            headers: [HeaderField(name: "Authorization", value: "Bearer whatever")]))
        #expect(yelp?.file.hasPrefix("yelp/get-v3-businesses-search-") == true)
        guard case .file(let file)? = yelp?.responses[0].body else {
            Issue.record("expected a body file")
            return
        }
        #expect(try FileBytes.read(file.path) == Array(Self.yelpBody.utf8))

        let graph = index.bestMatch(for: Request(method: "GET", target: "/v19.0/me?access_token=EAABsomeoneelse&fields=id%2Cname"))
        #expect(graph?.provider == "facebook")
        #expect(index.bestMatch(for: Request(method: "GET", target: "/v19.0/me?fields=id,name")) == nil)  // no token: no match

        let image = index.bestMatch(for: Request(method: "GET", target: "/br-codingexams/hopdoddy.png"))
        #expect(image?.responses[0].headers == [HeaderField(name: "Content-Type", value: "image/png")])
    }

    @Test func reimportingOverwritesWithTheSameNamesAndBytes() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        _ = try folder.importArchive(Self.archive)
        let first = try folder.files().map { ($0, try folder.read($0)) }
        _ = try folder.importArchive(Self.archive)
        let second = try folder.files().map { ($0, try folder.read($0)) }
        #expect(first.map(\.0) == second.map(\.0))
        #expect(first.map(\.1) == second.map(\.1))
        #expect(try FixtureLoader.load(from: folder.path).count == 8)
    }

    @Test func fileNamesAreStableSlugsAndHashes() {
        #expect(StableHash.fnv1a64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a64("".utf8) == 0xcbf2_9ce4_8422_2325)
        // Contiguous bytes (a string's, an array's) hash as any sequence of the same bytes does.
        for text in ["a", "/v3/businesses/search?term=caf\u{E9}", String(repeating: "/places/42", count: 30)] {
            let walked = StableHash.fnv1a64(AnySequence(text.utf8))
            #expect(StableHash.fnv1a64(text.utf8) == walked && StableHash.fnv1a64(Array(text.utf8)) == walked)
        }
        #expect(ImportedFileName.slug("/v3/businesses/search") == "v3-businesses-search")
        #expect(ImportedFileName.slug("/") == "root")
        #expect(ImportedFileName.slug("/v19.0//me/") == "v19-0-me")
        #expect(ImportedFileName.slug("/café/crêpes!") == "caf-cr-pes")
        let long = ImportedFileName.slug("/" + String(repeating: "abcdefghi/", count: 20))
        #expect(long.count <= 60 && !long.hasSuffix("-"))
        #expect(ImportedFileName.base(method: "GET", path: "/v3/x", requestKey: "k") == "get-v3-x-\(ImportedFileName.hex32(StableHash.fnv1a64("k".utf8)))")
        #expect(ImportedFileName.hex32(0x0000_0001_0000_0000) == "00000001")
    }

    @Test func bodyScrubbingFindsDisguisedNamesAndKeepsErrorCodes() throws {
        let disguised = Array(#"{"data": [{"acc\u0065ss_token": "abc"}], "code": "4/0AX4XfWh"}"#.utf8)
        #expect(try JSONParser.parse(BodyScrubber.scrub(disguised, secrets: [])) == ["data": [["access_token": "REDACTED"]], "code": "REDACTED"])
        let errors = Array(#"{"errors": [{"code": "VALIDATION_ERROR"}], "error": {"code": "TOKEN_MISSING"}}"#.utf8)
        #expect(BodyScrubber.scrub(errors, secrets: []) == errors)
        let numeric = Array(#"{"error": {"code": 190, "access_token": 5}}"#.utf8)
        #expect(BodyScrubber.scrub(numeric, secrets: []) == numeric)
        #expect(BodyScrubber.scrub(Array("a TOKEN12345678 b TOKEN12345678".utf8), secrets: ["TOKEN12345678", "short"]) == Array("a REDACTED b REDACTED".utf8))
        #expect(BodyScrubber.scrub(Array("short".utf8), secrets: ["short"]) == Array("short".utf8))
    }

    @Test func anUnwritableOutputFolderIsAnError() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        try FileBytes.writeAtomically(Array("not a folder".utf8), to: folder.path)
        let error = try #require(throws: HARImportError.self) { try folder.importArchive(Self.archive) }
        #expect(error.file.hasPrefix(folder.path))
    }

    @Test func providerHostsIgnoreCasePortAndUserInfo() throws {
        let hosts = ProviderHosts(contracts: try Contracts.load(from: bundledContractsPath))
        #expect(hosts.provider(forHost: "API.Yelp.com:443") == "yelp")
        #expect(hosts.provider(forHost: "user:pw@graph.facebook.com.") == "facebook")
        #expect(hosts.provider(forHost: "sandbox.bottlerocketapps.com") == "feed")
        #expect(hosts.provider(forHost: "yelp.com") == nil)
        #expect(RecordedURL.redacted("https://u:p@maps.googleapis.com/x?key=AIza123&a=1#f") == "https://maps.googleapis.com/x?key=REDACTED&a=1#f")
    }

    // MARK: invalid archives

    @Test func notJSONGivesLineAndColumn() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        let error = try #require(throws: HARImportError.self) { try folder.importArchive(text: "{\"log\": {\n  \"entries\": [,]}}") }
        #expect(error.line == 2 && error.column == 15)
        #expect(error.path == nil)
        #expect(error.description.hasPrefix(folder.archivePath + ":2:15: not a HAR file: invalid JSON"))
    }

    @Test func missingArchiveFileIsAnError() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        let error = try #require(throws: HARImportError.self) {
            try HARImporter.importArchive(at: folder.archivePath + ".missing", into: folder.path, hosts: try bundledHosts())
        }
        #expect(error.description.contains("cannot read the archive"))
    }

    @Test(arguments: [
        (#"[]"#, "$", "expected an object"),
        (#"{"version": "1.2"}"#, "$.log", "missing"),
        (#"{"log": {"version": "1.2"}}"#, "$.log.entries", "missing"),
        (#"{"log": {"entries": {}}}"#, "$.log.entries", "expected an array"),
        (#"{"log": {"entries": [3]}}"#, "$.log.entries[0]", "expected an object"),
    ])
    func brokenStructureNamesTheJSONPath(text: String, path: String, message: String) throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        let error = try #require(throws: HARImportError.self) { try folder.importArchive(text: text) }
        #expect(error.path?.description == path)
        #expect(error.message.contains(message))
    }

    @Test(arguments: [
        ("request", "url", "$.log.entries[1].request.url", "missing"),
        ("request", "method", "$.log.entries[1].request.method", "missing"),
        ("response", "status", "$.log.entries[1].response.status", "missing"),
    ])
    func entryMissingARequiredMemberNamesTheJSONPath(object: String, member: String, path: String, message: String) throws {
        var broken = Self.entry("https://api.yelp.com/v3/categories", text: "{}").objectValue!
        var part = broken[object]!.objectValue!
        part[member] = nil
        broken[object] = .object(part)
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        let error = try #require(throws: HARImportError.self) {
            try folder.importArchive(Self.har([Self.entry("https://api.yelp.com/v3/a"), .object(broken)]))
        }
        #expect(error.path?.description == path)
        #expect(error.message.contains(message))
        #expect(error.description.contains(folder.archivePath))
        #expect(folder.files().isEmpty)  // nothing is written from an archive with an error
    }

    @Test func malformedValuesNameTheJSONPath() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        var entry = Self.entry("https://api.yelp.com/v3/a").objectValue!
        var response = entry["response"]!.objectValue!
        response["status"] = "200"
        entry["response"] = .object(response)
        var error = try #require(throws: HARImportError.self) { try folder.importArchive(Self.har([.object(entry)])) }
        #expect(error.path?.description == "$.log.entries[0].response.status")
        #expect(error.message.contains("expected an integer status code, found a string"))

        error = try #require(throws: HARImportError.self) {
            try folder.importArchive(Self.har([Self.entry("https://api.yelp.com/v3/a"), Self.entry("https://api.yelp.com/v3/b", text: "not base64!", encoding: "base64")]))
        }
        #expect(error.path?.description == "$.log.entries[1].response.content.text")
        #expect(error.description.contains("$.log.entries[1].response.content.text"))

        entry = Self.entry("https://api.yelp.com/v3/a").objectValue!
        response = entry["response"]!.objectValue!
        response["content"] = ["text": 12, "mimeType": "application/json"]
        entry["response"] = .object(response)
        error = try #require(throws: HARImportError.self) { try folder.importArchive(Self.har([.object(entry)])) }
        #expect(error.path?.description == "$.log.entries[0].response.content.text")

        entry = Self.entry("https://api.yelp.com/v3/a").objectValue!
        response = entry["response"]!.objectValue!
        response["headers"] = [["name": "x-a"]]
        entry["response"] = .object(response)
        error = try #require(throws: HARImportError.self) { try folder.importArchive(Self.har([.object(entry)])) }
        #expect(error.path?.description == "$.log.entries[0].response.headers[0].value")
    }

    @Test func entriesThatCannotBeFixturesAreSkippedWithAReason() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        let summary = try folder.importArchive(Self.har([
            Self.entry("data:image/png;base64,AAAA"),
            Self.entry("https://api.yelp.com/v3/%7Bid%7D/x"),
            Self.entry("https://api.yelp.com/v3/a%3Fb"),
            Self.entry("https://api.yelp.com/v3/big", mimeType: "application/json", size: 5000),
            Self.entry("https://api.yelp.com/v3/z", text: "x", encoding: "utf-16"),
            Self.entry("https://api.yelp.com/v3/ok", requestHeaders: [], text: "{}"),
        ]))
        #expect(summary.written == 1)
        #expect(summary.skipped.map(\.index) == [0, 1, 2, 3, 4])
        #expect(summary.skipped[0].reason == "not an http(s) URL")
        #expect(summary.skipped[1].reason.contains("placeholders"))
        #expect(summary.skipped[2].reason.contains("must not contain a query"))
        #expect(summary.skipped[3].reason.contains("was not recorded"))
        #expect(summary.skipped[4].reason.contains("utf-16"))
        #expect(try FixtureLoader.load(from: folder.path).count == 1)
    }

    // MARK: building archives

    static func har(_ entries: [JSONValue]) -> JSONValue {
        ["log": ["version": "1.2", "creator": ["name": "HARImportTests", "version": "1"], "entries": .array(entries)]]
    }

    static func entry(
        _ url: String, method: String = "GET", requestHeaders: [(String, String)] = [], status: Int = 200,
        responseHeaders: [(String, String)] = [], mimeType: String = "application/json", text: String? = nil,
        encoding: String? = nil, size: Int? = nil
    ) -> JSONValue {
        func pairs(_ list: [(String, String)]) -> JSONValue { .array(list.map { ["name": .string($0.0), "value": .string($0.1)] }) }
        var content: [String: JSONValue] = ["mimeType": .string(mimeType), "size": .number(JSONNumber(size ?? text?.utf8.count ?? 0))]
        if let text { content["text"] = .string(text) }
        if let encoding { content["encoding"] = .string(encoding) }
        return [
            "startedDateTime": "2026-01-01T00:00:00.000Z", "time": 0,
            "request": [
                "method": .string(method), "url": .string(url), "httpVersion": "HTTP/1.1", "headers": pairs(requestHeaders),
                "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0,
            ],
            "response": [
                "status": .number(JSONNumber(status)), "statusText": "", "httpVersion": "HTTP/1.1", "headers": pairs(responseHeaders),
                "cookies": [], "content": .object(content), "redirectURL": "", "headersSize": -1, "bodySize": -1,
            ],
            "cache": [:], "timings": ["send": 0, "wait": 0, "receive": 0],
        ]
    }
}

/// A scratch folder holding an archive and the import's output folder.
struct HARTemporaryFolder {
    let root: String
    /// The import's output folder.
    var path: String { root + "/out" }
    var archivePath: String { root + "/recording.har" }

    init() throws {
        root = NSTemporaryDirectory() + "har-import-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    func importArchive(_ archive: JSONValue) throws -> HARImportSummary {
        try importArchive(text: JSONWriter.string(archive))
    }

    func importArchive(text: String) throws -> HARImportSummary {
        try FileBytes.writeAtomically(Array(text.utf8), to: archivePath)
        return try HARImporter.importArchive(at: archivePath, into: path, hosts: try bundledHosts())
    }

    /// Every file below the output folder, relative to it, sorted.
    func files() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(relative)
            }
        }
        return files.sorted()
    }

    func read(_ file: String) throws -> [UInt8] { try FileBytes.read(path + "/" + file) }

    /// The fixture document whose file name starts with `prefix`.
    func fixture(matching prefix: String) throws -> JSONValue {
        let file = try #require(files().first { $0.hasPrefix(prefix) && !$0.contains(".body.") }, "no fixture \(prefix)…")
        return try JSONParser.parse(try read(file))
    }

    /// The body file of the fixture whose file name starts with `prefix`.
    func body(matching prefix: String) throws -> [UInt8] {
        let file = try #require(files().first { $0.hasPrefix(prefix) && $0.contains(".body.") }, "no body \(prefix)…")
        return try read(file)
    }
}

extension [UInt8] {
    fileprivate func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, count >= needle.count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}

/// The real hosts of the bundled packs' providers.
func bundledHosts() throws -> ProviderHosts {
    ProviderHosts(contracts: try Contracts.load(from: bundledContractsPath))
}
