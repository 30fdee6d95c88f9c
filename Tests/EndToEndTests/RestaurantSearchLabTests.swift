import UnderstudyCore
import EndToEndSupport
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

/// CMPE 277's restaurant search: Yelp restaurants within ten miles of a picked location, the
/// details screen, the heart, swiping between details, and favorites that outlive the app.
@Suite("Restaurant search lab, end to end")
struct RestaurantSearchLabTests {
    private typealias Files = FixtureFiles.SearchLab

    @Test(arguments: TestServer.Mode.allCases) func searchOpenDetailsHeartAndFindTheFavoriteAfterARestart(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let search = RestaurantSearch(source: YelpPages(client: app.yelp, query: .restaurants(near: Places.sanFrancisco)))
            let list = await search.load()
            #expect(list.phase == .loaded)
            #expect(list.results.count == 20)
            // Every row has what the list cell shows: name, rating, address, and an image but for
            // one that Yelp sends with `"image_url": ""` (the cell's placeholder).
            #expect(list.results.allSatisfy { !$0.name.isEmpty && $0.rating != nil && !$0.addressLines.isEmpty })
            #expect(list.results.filter { $0.imageURL == nil }.map(\.name) == ["Sunset Dumpling House"])

            let details = try await app.details.details(for: list.results[0])
            let marlowes = details.restaurant
            #expect(marlowes.name == "Marlowe's Hearth")
            #expect(marlowes.rating == 4.5)
            #expect(marlowes.reviewCount == 1873)
            #expect(marlowes.addressLines == ["330 Townsend St", "Ste 101", "San Francisco, CA 94107"])
            #expect(marlowes.coordinate == Coordinate(latitude: 37.77851, longitude: -122.39596))  // the static map's pin
            #expect(marlowes.phone == "+14155550101")
            #expect(marlowes.displayPhone == "(415) 555-0101")
            #expect(details.reviews.first?.author == "Dana R.")
            #expect(details.reviews.first?.text.hasPrefix("Solid spot for a group.") == true)

            let favorites = app.favorites()
            #expect(try await favorites.toggle(marlowes) == true)
            #expect(await favorites.contains(marlowes.id))

            let relaunched = app.favorites()
            #expect(await relaunched.loadProblem == nil)
            #expect(await relaunched.all == [marlowes])

            server.expectJournal([Files.bestMatch: 1, Files.firstDetails: 1, Files.firstReviews: 1])
            #expect(server.journal.entries.count == 3)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func bestMatchOrNearestFirstWithKeywordsOrAroundHere(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let best = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .restaurants(near: Places.sanFrancisco, order: .bestMatch))).load()
            let nearest = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .restaurants(near: Places.sanFrancisco, order: .distance))).load()
            #expect(best.results.first?.name == "Marlowe's Hearth")
            #expect(nearest.results.first?.name == "Castro Corner Bistro")
            let distances = nearest.results.compactMap(\.distance)
            #expect(distances.count == 20)
            #expect(distances == distances.sorted())
            // The same restaurants would not be the same list: the order is the point.
            #expect(best.results.map(\.id) != nearest.results.map(\.id))

            let thai = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .restaurants(keywords: "thai", near: Places.sanFrancisco, order: .distance))).load()
            #expect(thai.results.count == 6)
            #expect(thai.isEndOfResults)
            let sushi = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .restaurants(keywords: "sushi", near: .coordinate(Places.civicCenter)))).load()
            #expect(sushi.results.count == 8)
            #expect(sushi.results.first?.name == "Hayes Valley Omakase")

            server.expectJournal([Files.bestMatch: 1, Files.distance: 1, Files.thaiNearest: 1, Files.sushiAroundHere: 1])
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func swipeBetweenDetailsWithinTheResultsAndWithinTheFavorites(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let results = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .restaurants(near: Places.sanFrancisco))).load().results
            var pager = try #require(DetailsPager(restaurants: results, at: results[0].id))
            #expect(pager.previous() == nil)  // the first result: nothing before it
            let first = try await app.details.details(for: pager.current).restaurant
            let second = try await app.details.details(for: try #require(pager.next())).restaurant
            #expect(second.name == "Golden Lantern Dim Sum")
            #expect(second.photoURLs.count == 3)
            #expect(pager.previous()?.id == first.id)

            // Heart both (the second first), then swipe through the favorites after a restart.
            let favorites = app.favorites()
            try await favorites.add(second)
            try await favorites.add(first)
            let saved = await app.favorites().all
            #expect(saved.map(\.name) == ["Golden Lantern Dim Sum", "Marlowe's Hearth"])
            var favoritesPager = try #require(DetailsPager(restaurants: saved, at: second.id))
            #expect(favoritesPager.previous() == nil)
            #expect(favoritesPager.next()?.id == first.id)
            #expect(favoritesPager.next() == nil)
            #expect(favoritesPager.current.id == first.id)
            // A result that is not a favorite cannot be swiped to from the favorites.
            #expect(DetailsPager(restaurants: saved, at: results[2].id) == nil)

            server.expectJournal([
                Files.bestMatch: 1, Files.firstDetails: 1, Files.firstReviews: 1, Files.secondDetails: 1, Files.secondReviews: 1,
            ])
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func theHeartAgainRemovesTheFavoriteForTheNextLaunch(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let results = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .restaurants(near: Places.sanFrancisco))).load().results
            let favorites = app.favorites()
            for restaurant in results.prefix(3) { try await favorites.toggle(restaurant) }
            #expect(try await favorites.toggle(results[1]) == false)
            #expect(await app.favorites().all.map(\.id) == [results[0].id, results[2].id])
            server.expectJournal([Files.bestMatch: 1])
        }
    }
}
