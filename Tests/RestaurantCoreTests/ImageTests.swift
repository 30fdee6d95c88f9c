import UnderstudyCore
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

@Suite("Images: caches, shared downloads, revalidation")
struct ImageTests {
    private static let marlowe = URL(string: "https://s3-media1.fl.yelpcdn.com/bphoto/GSC-OtyGAwV98jEQL_-uOL/o.jpg")!
    private static let marloweFixture = "yelp/photos/marlowes-hearth-photo-1.json"
    private static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF]

    @Test(arguments: TestServer.Mode.allCases) func concurrentRequestsForOneURLShareOneDownload(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let loader = server.imageLoader()
            let images = try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<12 { group.addTask { try await loader.image(at: Self.marlowe) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(images.count == 12)
            #expect(Set(images).count == 1)
            #expect(Array(images[0].prefix(3)) == Self.jpegStart)
            // Fresh in memory (max-age=86400): asked again, nothing is sent.
            _ = try await loader.image(at: Self.marlowe)
            server.expectRequests(answeredBy: Self.marloweFixture, count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func theDiskCacheServesANewLoaderThenAStaleImageIsRevalidated(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let clock = TestClock()
            let first = try await server.imageLoader(diskFolder: folder, now: clock.function).image(at: Self.marlowe)

            // A restart: a new loader on the same folder, within max-age.
            clock.advance(by: 3600)
            let restarted = server.imageLoader(diskFolder: folder, now: clock.function)
            #expect(try await restarted.image(at: Self.marlowe) == first)
            server.expectRequests(answeredBy: Self.marloweFixture, count: 1)

            // Past max-age: If-None-Match with the ETag, a 304, and the same bytes.
            clock.advance(by: 86_400)
            #expect(try await restarted.image(at: Self.marlowe) == first)
            server.expectRequests(answeredBy: "yelp/photos/marlowes-hearth-photo-1-not-modified.json", count: 1)
            server.expectRequests(answeredBy: Self.marloweFixture, count: 1)
            // The 304 renewed the freshness: no further request.
            _ = try await restarted.image(at: Self.marlowe)
            #expect(server.journal.entries.count == 2)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func noStoreImagesAreFetchedEveryTime(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let loader = server.imageLoader(diskFolder: folder)
            let pluckers = URL(string: "http://sandbox.bottlerocketapps.com/BR_iOS_CodingExam_2015_Server/Images/pluckers.png")!
            let first = try await loader.image(at: pluckers)
            #expect(try await loader.image(at: pluckers) == first)
            server.expectRequests(answeredBy: "feed/pluckers-image.json", count: 2)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func googlePhotosFollowTheRedirectAndIconsLoad(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let loader = server.imageLoader()
            let page = try await server.places.nearby(.around(civicCenter))
            let restaurant = Restaurant(google: page.results[3], photoURL: { server.places.photoURL(reference: $0) })
            let photoURL = try #require(restaurant.imageURL)
            #expect(photoURL.query?.contains("maxwidth=400") == true)
            let photo = try await loader.image(at: photoURL)
            #expect(Array(photo.prefix(3)) == Self.jpegStart)
            server.expectRequests(answeredBy: "google/photo-redirect.json", count: 1)
            server.expectRequests(answeredBy: "google/images/place-photo.json", count: 1)

            let icon = try await loader.image(at: try #require(restaurant.iconURL))
            #expect(Array(icon.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            server.expectRequests(answeredBy: "google/icons/restaurant-71.json", count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aMissingImageIsAnError(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let loader = server.imageLoader()
            let error = await #expect(throws: RestaurantError.self) {
                try await loader.image(at: URL(string: "http://sandbox.bottlerocketapps.com/BR_iOS_CodingExam_2015_Server/Images/nowhere.png")!)
            }
            guard case .unmatchedRequest = error else {
                Issue.record("expected an unmatched request, got \(String(describing: error))")
                return
            }
        }
    }
}
