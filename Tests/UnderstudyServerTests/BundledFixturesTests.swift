import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One end-to-end request per provider against the bundled `fixtures/`, over a real socket,
/// the way an app whose base URL points at Understudy would ask.
@Suite("Bundled fixtures, one flow per provider")
struct BundledFixturesTests {
    private func withBundledServer(_ body: (LiveServer) async throws -> Void) async throws {
        let fixtures = try FixtureLoader.load(from: CLIProcess.repositoryRoot.appendingPathComponent("fixtures").path)
        try await LiveServer.withServer(responder: Responder(fixtures: fixtures)) { server in try await body(server) }
    }

    private func get(_ server: LiveServer, _ target: String, headers: [String: String] = [:]) async throws -> (JSONValue?, HTTPURLResponse, Data) {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (try? JSONParser.parse(Array(data)), response as! HTTPURLResponse, data)
    }

    @Test func googleNearbySearchPagesThroughWithTheToken() async throws {
        try await withBundledServer { server in
            let (page1, response, _) = try await get(server, "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100&key=AIzaTEST")
            #expect(response.statusCode == 200)
            #expect(page1?["status"] == "OK")
            #expect(page1?["results"]?.arrayValue?.count == 20)
            let token = try #require(page1?["next_page_token"]?.stringValue)
            let encoded = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let (page2, _, _) = try await get(server, "/maps/api/place/nearbysearch/json?pagetoken=\(encoded)&key=AIzaTEST")
            #expect(page2?["status"] == "OK")
            #expect(page2?["results"]?.arrayValue?.count == 20)
            let token3 = page2?["next_page_token"]?.stringValue
            #expect(token3 != nil && token3 != token)  // a third page follows
        }
    }

    @Test func facebookMeAndDebugToken() async throws {
        try await withBundledServer { server in
            let (me, response, _) = try await get(server, "/v19.0/me?fields=id,name,email,picture&access_token=EAAB-TEST")
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=UTF-8")
            #expect(me?["id"]?.stringValue?.isEmpty == false)
            let (debug, _, _) = try await get(server, "/v19.0/debug_token?input_token=EAAB-TEST&access_token=APP")
            #expect(debug?["data"]?["is_valid"] == true)
        }
    }

    @Test func feedAndItsImage() async throws {
        try await withBundledServer { server in
            let (feed, response, _) = try await get(server, "/br-codingexams/restaurants.json")
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "ETag")?.hasPrefix("\"") == true)
            let restaurants = try #require(feed?["restaurants"]?.arrayValue)
            #expect(restaurants.count == 15)
            #expect(restaurants.filter { $0["contact"] == .null }.count == 2)
            let (_, image, bytes) = try await get(server, "/BR_iOS_CodingExam_2015_Server/Images/hopdoddy.png")
            #expect(image.value(forHTTPHeaderField: "Content-Type") == "image/png")
            #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        }
    }

    @Test func yelpDetailsAndAnUnknownBusiness() async throws {
        try await withBundledServer { server in
            let auth = ["Authorization": "Bearer test"]
            let (details, _, _) = try await get(server, "/v3/businesses/WEqlq4iL1g3eufXq0OJtzj", headers: auth)
            #expect(details?["photos"]?.arrayValue?.count == 3)
            let (missing, response, _) = try await get(server, "/v3/businesses/no-such-business", headers: auth)
            #expect(response.statusCode == 404)
            #expect(missing?["error"]?["code"] == "BUSINESS_NOT_FOUND")
            #expect(response.value(forHTTPHeaderField: MissReport.headerName) == nil)  // a recorded 404, not a miss
        }
    }
}
