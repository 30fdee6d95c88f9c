import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

@Suite("The Bottle Rocket lunch feed")
struct FeedTests {
    @Test(arguments: TestServer.Mode.allCases) func theFeedDecodesWithAbsentFieldsAndNullContacts(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            guard case .modified(let entries, let etag) = try await server.feed.restaurants() else {
                Issue.record("expected the feed")
                return
            }
            #expect(entries.count == 15)
            #expect(etag == "\"7194876bee7cdd89b08ee8363c7f372a\"")
            #expect(entries.filter { $0.contact == nil }.map(\.name) == ["Pluckers Wing Bar", "Chuy's"])
            #expect(entries.filter { $0.location.postalCode == nil }.map(\.name) == ["Pluckers Wing Bar"])
            let hopdoddy = Restaurant(feed: entries[0])
            #expect(hopdoddy.addressLines == ["5100 Belt Line Road, STE 502 (Dallas North Tollway)", "Addison, TX 75254", "United States"])
            #expect(hopdoddy.displayPhone == "(972) 387-2337")
            #expect(hopdoddy.imageURL?.scheme == "http")
            #expect(Restaurant(feed: entries[3]).phone == nil)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func refreshingAnUnchangedFeedIsA304ThatKeepsTheList(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let feed = LunchFeed(client: server.feed)
            let first = try await feed.refresh()
            #expect(first.count == 15)
            let second = try await feed.refresh()
            #expect(second == first)
            #expect(await feed.etag == "\"7194876bee7cdd89b08ee8363c7f372a\"")
            server.expectRequests(answeredBy: "feed/restaurants.json", count: 1)
            server.expectRequests(answeredBy: "feed/restaurants-not-modified.json", count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func theImagesOfSeveralRestaurantsLoadThroughTheConfiguredHost(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let loader = server.imageLoader()
            let restaurants = try await LunchFeed(client: server.feed).refresh()
            for name in ["Hopdoddy Burger Bar", "Pappadeaux Seafood Kitchen", "Yard House", "Ramen Hakata", "Thai Star"] {
                let url = try #require(restaurants.first { $0.name == name }?.imageURL)
                let image = try await loader.image(at: url)
                #expect(Array(image.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
            server.expectNoUnmatchedRequests()
        }
    }
}
