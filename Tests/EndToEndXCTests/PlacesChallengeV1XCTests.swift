import UnderstudyTesting
import UnderstudyCore
import EndToEndSupport
import RestaurantCore
import XCTest

/// The Google Places challenge on Places API (New) in XCTest: login, the top 20 from Nearby
/// Search (New), the paged list over Text Search (New), photos, details and pull to refresh.
final class PlacesChallengeV1XCTests: EndToEndTestCase {
    private typealias Files = FixtureFiles.PlacesV1
    private typealias Login = FixtureFiles.Places

    func testLoginTop20PagedListLazyPhotosDetailsAndPullToRefresh() async throws {
        try await inEachMode {
            let user = try await app.loginGate(tokens: app.tokens()).logIn(shortLivedToken: "EAAUnderstudyShortLivedToken")
            XCTAssertEqual(user.name, "Dana Rivera")

            let top = await RestaurantSearch(source: NearbyTop20(client: app.placesV1, search: .around(Places.civicCenter))).load()
            XCTAssertEqual(top.results.count, 20)
            XCTAssertTrue(top.isEndOfResults)

            let search = RestaurantSearch(source: TextSearchPages(client: app.placesV1, search: .around(Places.civicCenter)), limit: 25)
            let first = await search.load()
            XCTAssertEqual(first.results.map(\.id), top.results.map(\.id))
            let paged = await search.loadNextPage()
            XCTAssertEqual(paged.results.count, 25)
            XCTAssertTrue(paged.isEndOfResults)

            // Rows 1 to 4 are on screen: only their photos load.
            let loader = app.imageLoader()
            for place in paged.results.prefix(4) { _ = try await loader.image(at: try XCTUnwrap(place.imageURL)) }
            understudy.expectBilling(atMost: "Pro")

            let details = try await app.details.details(for: paged.results[1])
            XCTAssertEqual(details.restaurant.displayPhone, "(415) 555-0164")
            XCTAssertEqual(details.hours.first, OpeningPeriod(weekday: 0, opens: "0700", closes: "1600"))

            let refreshed = await search.refresh()
            XCTAssertEqual(refreshed.results.map(\.id), paged.results.prefix(20).map(\.id))

            understudy.expectJournal([
                Login.longLivedExchange: 1, Login.me: 1, Files.top20: 1, Files.page1: 2, Files.page2: 1,
                Files.photoRedirect: 4, Files.photo: 4, Files.deliDetails: 1,
            ])
            XCTAssertEqual(understudy.journal.entries.count, 15)
            understudy.expectBilling(atMost: "Enterprise + Atmosphere")
        }
    }
}
