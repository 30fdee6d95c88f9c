import UnderstudyTesting
import EndToEndSupport
import RestaurantCore
import XCTest

/// The Google Places challenge in XCTest: login gating, then the places screen.
final class PlacesChallengeXCTests: EndToEndTestCase {
    private typealias Files = FixtureFiles.Places

    func testLoginGatingExpiredThenFreshLoginThenAValidStoredToken() async throws {
        try await inEachMode {
            try await app.tokens().save(StoredToken(accessToken: "EAAUnderstudyExpiredToken"))
            let expired = try await app.loginGate(tokens: app.tokens()).launch()
            XCTAssertEqual(expired, .loggedOut)
            let cleared = await app.tokens().token
            XCTAssertNil(cleared)

            let user = try await app.loginGate(tokens: app.tokens()).logIn(shortLivedToken: "EAAUnderstudyShortLivedToken")
            XCTAssertEqual(user.name, "Dana Rivera")
            let kept = await app.tokens().token?.accessToken
            XCTAssertEqual(kept, "EAAUnderstudyLongLivedToken")

            let relaunched = try await app.loginGate(tokens: app.tokens()).launch()
            XCTAssertEqual(relaunched, .loggedIn(user))

            understudy.expectJournal([Files.expiredToken: 1, Files.longLivedExchange: 1, Files.validToken: 1, Files.me: 2])
        }
    }

    func testTop25IconsDetailsLazyPhotosAndPullToRefresh() async throws {
        try await inEachMode {
            // Page 2 is asked right after page 1, before Google makes its token valid: the core waits and asks again.
            let sleeper = RecordingSleeper(advancing: understudy.clock)
            let search = RestaurantSearch(source: NearbyPages(client: app.places, query: .around(Places.civicCenter), sleeper: sleeper), limit: 25)
            await search.load()
            let top = await search.loadNextPage()
            XCTAssertEqual(top.results.count, 25)
            XCTAssertTrue(top.isEndOfResults)
            let pauses = await sleeper.pauses
            XCTAssertEqual(pauses, [2])

            let loader = app.imageLoader()
            for place in top.results { _ = try await loader.image(at: try XCTUnwrap(place.iconURL)) }
            // Rows 1 to 4 are on screen: only their photos load.
            for place in top.results.prefix(4) { _ = try await loader.image(at: try XCTUnwrap(place.imageURL)) }
            let details = try await app.details.details(for: top.results[1])
            XCTAssertEqual(details.restaurant.displayPhone, "(415) 555-0164")

            let refreshed = await search.refresh()
            XCTAssertEqual(refreshed.results.map(\.id), top.results.prefix(20).map(\.id))

            understudy.expectJournal([
                Files.page1: 2, Files.page2: 1, Files.photoRedirect: 4, Files.photo: 4, Files.deliDetails: 1,
            ])
        }
    }
}
