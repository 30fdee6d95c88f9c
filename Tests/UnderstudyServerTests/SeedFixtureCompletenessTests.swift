import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seed apps find every answer they ask for in the bundled tree, over a real socket:
/// each image the feed links, S3's answer for a missing object, and the Graph log-out.
@Suite("The bundled fixtures cover the seed apps' requests")
struct SeedFixtureCompletenessTests {
    private func withServer(_ body: (LiveServer) async throws -> Void) async throws {
        let root = CLIProcess.repositoryRoot
        let fixtures = try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path)
        let contracts = try Contracts.load(from: root.appendingPathComponent("contracts").path)
        try await LiveServer.withServer(responder: Responder(fixtures: fixtures, contracts: contracts, clock: ManualClock())) { server in
            try await body(server)
        }
    }

    private func send(_ server: LiveServer, _ target: String, method: String = "GET") async throws -> (Int, Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, data, http)
    }

    @Test func everyImageTheFeedLinksIsAPNG() async throws {
        try await withServer { server in
            let (status, data, _) = try await send(server, "/br-codingexams/restaurants.json")
            #expect(status == 200)
            let restaurants = try #require(try JSONParser.parse(Array(data))["restaurants"]?.arrayValue)
            #expect(restaurants.count == 15)
            for restaurant in restaurants {
                let link = try #require(restaurant["backgroundImageURL"]?.stringValue.flatMap(URL.init(string:)))
                let (imageStatus, image, response) = try await send(server, link.path)
                #expect(imageStatus == 200, "\(link.path)")
                #expect(response.value(forHTTPHeaderField: "Content-Type") == "image/png")
                #expect(image.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(link.path) is no PNG")
                #expect(response.value(forHTTPHeaderField: "X-Understudy-Miss") == nil)
            }
        }
    }

    @Test func aMissingObjectIsS3sAccessDenied() async throws {
        try await withServer { server in
            let (status, data, response) = try await send(server, "/br-codingexams/restaurant.json")
            #expect(status == 403)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/xml")
            #expect(String(decoding: data, as: UTF8.self).contains("<Code>AccessDenied</Code>"))
        }
    }

    @Test func revokingThePermissionsLogsOut() async throws {
        try await withServer { server in
            let (status, data, _) = try await send(server, "/v19.0/me/permissions?access_token=EAAUnderstudyLongLivedToken", method: "DELETE")
            #expect(status == 200)
            #expect(try JSONParser.parse(Array(data)) == ["success": true])
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    @Test func everyPhotoRedirectCarriesItsDeclaredLocation() async throws {
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        try await withServer { server in
            for reference in ["AUc7tXFAKEPHOTOREF1", "a%0Db", "%00", "caf%C3%A9"] {
                let target = "/maps/api/place/photo?maxwidth=400&photo_reference=\(reference)&key=AIzaFAKE-understudy-test-key-0000000000"
                let (_, response) = try await session.data(from: URL(string: server.baseURL.absoluteString + target)!)
                let http = try #require(response as? HTTPURLResponse)
                #expect(http.statusCode == 302, "\(reference)")
                let location = try #require(http.value(forHTTPHeaderField: "Location"), "no Location for \(reference)")
                #expect(location == "/places/\(reference)")
            }
        }
    }
}

/// Keeps a 302 as the answer instead of following it.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
