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

    func testRevokeThenLogInAgainWithANewTokenAndTakeBackTheEmail() async throws {
        try await inEachMode {
            let gate = app.loginGate(tokens: app.tokens())
            let user = try await gate.logIn(shortLivedToken: "EAAUnderstudyShortLivedToken")
            let stored = await app.tokens().token?.accessToken
            let revoked = try XCTUnwrap(stored)
            try await gate.revokeAndLogOut()
            let state = await gate.state
            XCTAssertEqual(state, .loggedOut)

            // The revoked token is refused everywhere: 190, subcode 458.
            do {
                _ = try await app.graph.me(token: revoked)
                XCTFail("a revoked token got the profile")
            } catch let error as RestaurantError {
                XCTAssertEqual(error.providerError?.code, "190")
                XCTAssertEqual(error.providerError?.subcode, 458)
            }
            try await app.tokens().save(StoredToken(accessToken: revoked))
            let relaunched = try await app.loginGate(tokens: app.tokens()).launch()
            XCTAssertEqual(relaunched, .loggedOut)

            // The next login is a new token, which launches straight in.
            let again = try await app.loginGate(tokens: app.tokens()).logIn(code: "AQDUnderstudyLoginDialogCode", redirectURI: "fb138483919580948://authorize/")
            XCTAssertEqual(again, user)
            let kept = await app.tokens().token?.accessToken
            let renewed = try XCTUnwrap(kept)
            XCTAssertNotEqual(renewed, revoked)
            let launched = try await app.loginGate(tokens: app.tokens()).launch()
            XCTAssertEqual(launched, .loggedIn(user))

            // Taking back the email: the profile has none from then on.
            try await app.graph.revoke(permission: "email", token: renewed)
            let profile = try await app.graph.me(token: renewed)
            XCTAssertNil(profile.email)
            XCTAssertEqual(profile.name, "Dana Rivera")

            understudy.expectJournal([
                Files.longLivedExchange: 1, Files.me: 4, Files.revokeApp: 1, Files.revoked: 1, Files.validToken: 1, Files.codeExchange: 1,
                Files.newLoginExchange: 1, Files.anyToken: 1, Files.revokeEmail: 1,
            ])
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
