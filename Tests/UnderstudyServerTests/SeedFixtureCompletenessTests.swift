import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seed apps find every answer they ask for in the bundled tree, over a real socket:
/// each image the feed links, S3's answer for a missing object, and the Graph log-out.
@Suite("The bundled fixtures cover the seed apps' requests")
struct SeedFixtureCompletenessTests {
    @Test func everyImageTheFeedLinksIsAPNG() async throws {
        try await withBundledServer { server in
            let feed = try await send(server, "/br-codingexams/restaurants.json")
            #expect(feed.status == 200)
            let restaurants = try #require(feed.json?["restaurants"]?.arrayValue)
            #expect(restaurants.count == 15)
            for restaurant in restaurants {
                let link = try #require(restaurant["backgroundImageURL"]?.stringValue.flatMap(URL.init(string:)))
                let image = try await send(server, link.path)
                #expect(image.status == 200, "\(link.path)")
                #expect(image.response.value(forHTTPHeaderField: "Content-Type") == "image/png")
                #expect(image.data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(link.path) is no PNG")
                #expect(image.response.value(forHTTPHeaderField: "X-Understudy-Miss") == nil)
            }
        }
    }

    @Test func aMissingObjectIsS3sAccessDenied() async throws {
        try await withBundledServer { server in
            let missing = try await send(server, "/br-codingexams/restaurant.json")
            #expect(missing.status == 403)
            #expect(missing.response.value(forHTTPHeaderField: "Content-Type") == "application/xml")
            #expect(missing.text.contains("<Code>AccessDenied</Code>"))
        }
    }

    @Test func revokingThePermissionsLogsOut() async throws {
        try await withBundledServer { server in
            let revoked = try await send(server, "/v19.0/me/permissions?access_token=EAAUnderstudyLongLivedToken", method: "DELETE")
            #expect(revoked.status == 200)
            #expect(revoked.json == ["success": true])
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    /// Google's Place Details answers every field when `fields` is absent, `address_components`
    /// among them (docs/providers.md §2.3); a published client that finds none takes the place
    /// for a search summary. Each bundled place, asked for without `fields`, has them (issue 40).
    @Test(arguments: ["place_id=ChIJvIOIRITlUBdN6OH1pSlAZxS", "place_id=ChIJMUcLyRd9qEmo14w5P1jH0H3", "placeid=ChIJHApqc1aX4vabdI3Wk3mW612"])
    func everyBundledPlaceDetailsHoldsItsAddressComponents(_ place: String) async throws {
        try await withBundledServer { server in
            let key = "AIza" + String(repeating: "B", count: 35)
            let details = try await send(server, "/maps/api/place/details/json?\(place)&key=\(key)")
            #expect(details.status == 200)
            let components = try #require(details.json?["result"]?["address_components"]?.arrayValue, "\(details.text.prefix(300))")
            let types = Set(components.compactMap { $0["types"]?.arrayValue?.first?.stringValue })
            #expect(types.isSuperset(of: ["street_number", "route", "locality", "administrative_area_level_1", "country", "postal_code"]), "\(types)")
            #expect(server.responder.journal.violations.isEmpty)
        }
    }

    @Test func everyPhotoRedirectCarriesItsDeclaredLocation() async throws {
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        try await withBundledServer { server in
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
