import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

@Suite("Details and the pager between them")
struct DetailsTests {
    @Test(arguments: TestServer.Mode.allCases) func yelpDetailsHavePhotosHoursAndReviews(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let loader = DetailsLoader(yelp: server.yelp, places: server.places)
            let shop = Restaurant(id: RestaurantID(provider: .yelp, value: "vUXzHTiMEADFNEBFWhukcy"), name: "Blue Oak Coffee Roasters")
            let details = try await loader.details(for: shop)
            #expect(details.restaurant.photoURLs.count == 3)
            #expect(details.restaurant.displayPhone == "(408) 555-0151")
            #expect(details.restaurant.isOpenNow == true)
            #expect(details.hours.count == 7)
            #expect(details.hours.first == OpeningPeriod(weekday: 0, opens: "0630", closes: "1800"))
            #expect(details.reviews.count == 3)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func googleDetailsByPlaceIDAndTheLegacyPlaceid(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let loader = DetailsLoader(yelp: server.yelp, places: server.places)
            let deli = try await loader.details(for: Restaurant(id: RestaurantID(provider: .google, value: "ChIJMUcLyRd9qEmo14w5P1jH0H3"), name: "Market & Tenth Deli"))
            #expect(deli.restaurant.displayPhone == "(415) 555-0164")
            #expect(deli.restaurant.phone == "+14155550164")
            #expect(deli.restaurant.webURL?.host == "marketandtenthdeli.example")
            // Google's Monday (day 1) is the core's day 0.
            #expect(deli.hours.first == OpeningPeriod(weekday: 0, opens: "0700", closes: "1600"))
            #expect(deli.reviews.count == 2)
            #expect(deli.restaurant.photoURLs.allSatisfy { $0.path == "/maps/api/place/photo" })
            let noodles = try await server.places.details(placeID: "ChIJvIOIRITlUBdN6OH1pSlAZxS")
            #expect(noodles.name == "Civic Center Noodle Co.")
            let thai = try await server.places.details(placeID: "ChIJHApqc1aX4vabdI3Wk3mW612", legacyParameter: true)
            #expect(thai.name == "Little Lemongrass Thai")
            server.expectRequests(answeredBy: "google/details-little-lemongrass-thai-placeid.json", count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aPlaceGoogleNoLongerKnowsIsNotFound(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let error = await #expect(throws: RestaurantError.self) { try await server.places.details(placeID: "ChIJUnderstudyClosedPlace0000") }
            #expect(error == .provider(ProviderError(provider: .google, status: 200, code: "NOT_FOUND", message: nil)))
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func thePagerMovesWithinTheListItCameFrom(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let results = try await server.yelp.search(.restaurants(near: .named("San Francisco, CA"))).businesses.map(Restaurant.init(yelp:))
            var pager = try #require(DetailsPager(restaurants: results, at: results[0].id))
            #expect(pager.previous() == nil)
            #expect(pager.next()?.name == "Golden Lantern Dim Sum")
            #expect(pager.index == 1)
            // The detail the swipe lands on loads from its provider.
            let details = try await DetailsLoader(yelp: server.yelp, places: server.places).details(for: pager.current)
            #expect(details.restaurant.photoURLs.count == 3)
            #expect(pager.previous()?.name == "Marlowe's Hearth")

            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let favorites = Favorites(file: folder.appendingPathComponent("favorites.json"))
            try await favorites.add(results[5])
            try await favorites.add(results[2])
            var favoritePager = try #require(DetailsPager(restaurants: await favorites.all, at: results[5].id))
            #expect(favoritePager.next() == results[2])
            #expect(favoritePager.next() == nil)
            #expect(favoritePager.current == results[2])
            #expect(DetailsPager(restaurants: await favorites.all, at: results[0].id) == nil)
        }
    }
}
