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

/// Fixtures matched through the bundled contracts, over a real socket: a fixture written one
/// way answers a request written the other way, in both directions, for each kind of
/// normalisation (numbers, booleans, lists, aliases, Graph versions); without contracts the
/// same requests miss, and a near miss shows the values as compared.
@Suite("Matching fixtures through the contract")
struct ContractMatchingServerTests {
    static let googleKey = "AIzaFAKE-understudy-test-key-0000000000"
    static let yelpKey = "FAKE-understudy-yelp-api-key"
    static let facebookToken = "EAAUnderstudyLongLivedToken"

    /// A fixture answering `{"answer": answer}` to `method path` with `query` (a JSON object).
    static func fixture(_ provider: String, path: String, query: String, answer: String, method: String = "GET") -> String {
        """
        {"understudy": 1, "provider": "\(provider)", "request": {"method": "\(method)", "path": "\(path)", "query": \(query)},
         "response": {"headers": {"Content-Type": "application/json; charset=UTF-8"}, "json": {"answer": "\(answer)"}}}
        """
    }

    private func withServer(_ documents: [String: String], contracts: Bool = true, _ body: (LiveServer) async throws -> Void) async throws {
        let root = try CLIProcess.temporaryTree(documents)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let packs = contracts ? try Contracts.load(from: CLIProcess.repositoryRoot.appendingPathComponent("contracts").path) : nil
        let responder = Responder(fixtures: try FixtureLoader.load(from: root), contracts: packs, clock: ManualClock())
        try await LiveServer.withServer(responder: responder) { server in try await body(server) }
    }

    /// The fixture's `answer`, or the status and body when there is none.
    private func answer(_ server: LiveServer, _ target: String, headers: [String: String] = [:]) async throws -> String {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        if let answer = (try? JSONParser.parse(Array(data)))?["answer"]?.stringValue { return answer }
        return "\((response as! HTTPURLResponse).statusCode) \(String(decoding: data, as: UTF8.self).prefix(300))"
    }

    private func yelp(_ server: LiveServer, _ query: String) async throws -> String {
        try await answer(server, "/v3/businesses/search?location=Addison,%20TX&" + query, headers: ["Authorization": "Bearer \(Self.yelpKey)"])
    }

    private func nearby(_ server: LiveServer, _ query: String) async throws -> String {
        try await answer(server, "/maps/api/place/nearbysearch/json?\(query)&key=\(Self.googleKey)")
    }

    static let key = #""key": {"present": true}"#
    static let bearer = #""headers": {"authorization": {"present": true}}"#

    // MARK: numbers

    static let numberFixtures = [
        "google/nearby-written-plain.json": fixture("google", path: "/maps/api/place/nearbysearch/json",
            query: #"{"location": "32.95,-96.82", "radius": "100", \#(key)}"#, answer: "plain"),
        "google/nearby-written-decimal.json": fixture("google", path: "/maps/api/place/nearbysearch/json",
            query: #"{"location": "37.77,-122.41", "radius": "1.5e3", \#(key)}"#, answer: "decimal"),
    ]

    @Test func numbersMatchByValueWhicheverWayEitherSideWritesThem() async throws {
        try await withServer(Self.numberFixtures) { (server: LiveServer) async throws in
            for radius in ["100", "100.0", "1e2", "1E2", "100.000", "%2B100"] {
                #expect(try await nearby(server, "location=32.95,-96.82&radius=\(radius)") == "plain", "radius=\(radius)")
            }
            for radius in ["1500", "1500.0", "1.5e3", "15e2"] {
                #expect(try await nearby(server, "location=37.77,-122.41&radius=\(radius)") == "decimal", "radius=\(radius)")
            }
            // Another value is another request, and text parameters stay text.
            #expect(try await nearby(server, "location=32.95,-96.82&radius=101").hasPrefix("404"))
            #expect(try await nearby(server, "location=32.950,-96.82&radius=100").hasPrefix("404"))
            // The journal keeps what was sent.
            #expect(server.responder.journal.entries[1].target.contains("radius=100.0"))
        }
    }

    @Test func aNearMissShowsTheValuesAsCompared() async throws {
        try await withServer(Self.numberFixtures) { (server: LiveServer) async throws in
            let miss = try await nearby(server, "location=32.95,-96.82&radius=2.0e2")
            #expect(miss.hasPrefix("404"))
            let report = try #require(server.responder.journal.unmatched.last?.nearMisses?.first)
            #expect(report.file == "google/nearby-written-plain.json")
            #expect(report.mismatches.map { [$0.condition, $0.expected, $0.actual] } == [["query.radius", "\"100\"", "\"200\""]])
        }
    }

    @Test func withoutContractsMatchingStaysTextual() async throws {
        try await withServer(Self.numberFixtures, contracts: false) { (server: LiveServer) async throws in
            #expect(try await nearby(server, "location=32.95,-96.82&radius=100") == "plain")
            #expect(try await nearby(server, "location=32.95,-96.82&radius=100.0").hasPrefix("404"))
            #expect(try await nearby(server, "location=37.77,-122.41&radius=1500").hasPrefix("404"))
        }
    }

    // MARK: booleans and lists

    @Test func booleansMatchByTheSpellingsThePackGives() async throws {
        try await withServer([
            "yelp/open-lower.json": Self.fixture("yelp", path: "/v3/businesses/search", query: #"{"term": "coffee", "open_now": "true"}"#, answer: "lower"),
            "yelp/open-python.json": Self.fixture("yelp", path: "/v3/businesses/search", query: #"{"term": "tea", "open_now": "True"}"#, answer: "python"),
            "yelp/closed-too.json": Self.fixture("yelp", path: "/v3/businesses/search", query: #"{"term": "tea", "open_now": "false"}"#, answer: "closed"),
        ]) { (server: LiveServer) async throws in
            #expect(try await yelp(server, "term=coffee&open_now=True") == "lower")
            #expect(try await yelp(server, "term=coffee&open_now=true") == "lower")
            #expect(try await yelp(server, "term=tea&open_now=true") == "python")
            #expect(try await yelp(server, "term=tea&open_now=False") == "closed")
        }
    }

    @Test func listsMatchItemByItemInTheirDeclaredStyle() async throws {
        try await withServer([
            // Written as a JSON array: the list the comma-separated parameter holds.
            "yelp/bars-as-array.json": Self.fixture("yelp", path: "/v3/businesses/search", query: #"{"categories": ["bars", "french"]}"#, answer: "array"),
            "yelp/price-as-text.json": Self.fixture("yelp", path: "/v3/businesses/search", query: #"{"price": "01,2"}"#, answer: "text"),
        ]) { (server: LiveServer) async throws in
            #expect(try await yelp(server, "categories=bars,french") == "array")
            #expect(try await yelp(server, "categories=bars%2Cfrench") == "array")
            #expect(try await yelp(server, "categories=french,bars").hasPrefix("404"))  // the order is the request's
            #expect(try await yelp(server, "price=1,2") == "text")
            #expect(try await yelp(server, "price=1,02") == "text")
        }
    }

    // MARK: aliases

    @Test func anAliasAndItsParameterAreOneParameter() async throws {
        try await withServer([
            "google/details-place_id.json": Self.fixture("google", path: "/maps/api/place/details/json",
                query: #"{"place_id": "ChIJwrittenDeclared", \#(Self.key)}"#, answer: "declared"),
            "google/details-placeid.json": Self.fixture("google", path: "/maps/api/place/details/json",
                query: #"{"placeid": "ChIJwrittenLegacy", \#(Self.key)}"#, answer: "legacy"),
            "google/photo-photoreference.json": Self.fixture("google", path: "/maps/api/place/photo",
                query: #"{"photoreference": "PHOTOREF1", "maxwidth": "400"}"#, answer: "photo"),
        ]) { (server: LiveServer) async throws in
            let details = "/maps/api/place/details/json?key=\(Self.googleKey)&"
            #expect(try await answer(server, details + "placeid=ChIJwrittenDeclared&reviews_sort=most_relevant") == "declared")
            #expect(try await answer(server, details + "place_id=ChIJwrittenDeclared") == "declared")
            #expect(try await answer(server, details + "place_id=ChIJwrittenLegacy") == "legacy")
            #expect(try await answer(server, details + "placeid=ChIJwrittenLegacy") == "legacy")
            let photo = "/maps/api/place/photo?key=\(Self.googleKey)&"
            #expect(try await answer(server, photo + "photo_reference=PHOTOREF1&maxwidth=400") == "photo")
            #expect(try await answer(server, photo + "photoreference=PHOTOREF1&maxwidth=400") == "photo")
        }
    }

    // MARK: versions

    @Test func aGraphRequestAtAnyVersionFindsAFixtureRecordedAtAnother() async throws {
        let token = #"{"access_token": {"present": true}, "fields": "id,name"}"#
        try await withServer([
            "facebook/me-v19.json": Self.fixture("facebook", path: "/v19.0/me", query: token, answer: "recorded at v19.0"),
            "facebook/permissions-v2.json": Self.fixture("facebook", path: "/v2.8/me/permissions", query: #"{"access_token": {"present": true}}"#, answer: "recorded at v2.8"),
            "facebook/debug-unversioned.json": Self.fixture("facebook", path: "/debug_token", query: #"{"input_token": {"present": true}}"#, answer: "recorded unversioned"),
        ]) { (server: LiveServer) async throws in
            let me = "/me?fields=id,name&access_token=\(Self.facebookToken)"
            for version in ["/v2.8", "/v3.1", "/v19.0", "/v24.0", ""] {
                #expect(try await answer(server, version + me) == "recorded at v19.0", "\(version)")
            }
            #expect(try await answer(server, "/v19.0/me/permissions?access_token=\(Self.facebookToken)") == "recorded at v2.8")
            #expect(try await answer(server, "/me/permissions?access_token=\(Self.facebookToken)") == "recorded at v2.8")
            let debug = "/debug_token?input_token=\(Self.facebookToken)&access_token=138483919580948%7CFAKE-understudy-app-secret"
            #expect(try await answer(server, "/v19.0" + debug) == "recorded unversioned")
            // The journal keeps the version each request named.
            let paths = server.responder.journal.entries.map { String($0.target.prefix { $0 != "?" }) }
            #expect(paths.prefix(5) == ["/v2.8/me", "/v3.1/me", "/v19.0/me", "/v24.0/me", "/me"])
            #expect(paths.last == "/v19.0/debug_token")
        }
    }
}
