import UnderstudyTesting
import EndToEndSupport
import RestaurantCore
import XCTest

/// The restaurant search lab in XCTest: search, details, heart, swipe, restart.
final class RestaurantSearchLabXCTests: EndToEndTestCase {
    private typealias Files = FixtureFiles.SearchLab

    func testSearchBothOrdersOpenDetailsHeartSwipeAndRestart() async throws {
        try await inEachMode {
            let nearest = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .restaurants(near: Places.sanFrancisco, order: .distance))).load()
            let distances = nearest.results.compactMap(\.distance)
            XCTAssertEqual(distances.count, 20)
            XCTAssertEqual(distances, distances.sorted())
            let results = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .restaurants(near: Places.sanFrancisco))).load().results
            XCTAssertEqual(results.count, 20)

            var pager = try XCTUnwrap(DetailsPager(restaurants: results, at: results[0].id))
            let first = try await app.details.details(for: pager.current)
            XCTAssertEqual(first.restaurant.name, "Marlowe's Hearth")
            XCTAssertEqual(first.restaurant.rating, 4.5)
            XCTAssertEqual(first.restaurant.reviewCount, 1873)
            XCTAssertEqual(first.restaurant.addressLines.first, "330 Townsend St")
            XCTAssertNotNil(first.restaurant.coordinate)
            XCTAssertEqual(first.restaurant.displayPhone, "(415) 555-0101")
            XCTAssertEqual(first.reviews.count, 3)
            let hearted = try await app.favorites().toggle(first.restaurant)
            XCTAssertTrue(hearted)

            let next = try XCTUnwrap(pager.next())
            let second = try await app.details.details(for: next).restaurant
            XCTAssertEqual(second.name, "Golden Lantern Dim Sum")
            try await app.favorites().add(second)
            XCTAssertEqual(pager.previous()?.id, first.restaurant.id)

            // A restart, then a swipe through the favorites.
            let saved = await app.favorites().all
            XCTAssertEqual(saved.map(\.name), ["Marlowe's Hearth", "Golden Lantern Dim Sum"])
            var favoritesPager = try XCTUnwrap(DetailsPager(restaurants: saved, at: saved[0].id))
            XCTAssertEqual(favoritesPager.next()?.id, second.id)
            XCTAssertNil(favoritesPager.next())

            understudy.expectJournal([
                Files.distance: 1, Files.bestMatch: 1, Files.firstDetails: 1, Files.firstReviews: 1, Files.secondDetails: 1, Files.secondReviews: 1,
            ])
        }
    }
}
