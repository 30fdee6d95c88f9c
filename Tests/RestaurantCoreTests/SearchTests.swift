import UnderstudyCore
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

@Suite("Search: pages, pull to refresh, and the screen's state")
struct SearchTests {
    @Test(arguments: TestServer.Mode.allCases) func yelpPagesByOffsetToTheCeilingOf240(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let search = RestaurantSearch(source: YelpPages(client: server.yelp, query: .restaurants(near: .named("San Francisco, CA"))))
            var state = await search.load()
            #expect(state.phase == .loaded)
            #expect(state.results.count == 20)
            #expect(!state.isEndOfResults)
            for page in 2...12 {
                state = await search.loadNextPage()
                #expect(state.results.count == page * 20)
            }
            #expect(state.isEndOfResults)
            #expect(Set(state.results.map(\.id)).count == 240)
            // At the end nothing more is asked.
            state = await search.loadNextPage()
            #expect(state.results.count == 240)
            #expect(server.journal.entries.count == 12)
            server.expectRequests(answeredBy: "yelp/pages/search-restaurants-san-francisco-best-match-offset-220.json", count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func whileTheFirstPageIsOnItsWayTheStateIsLoading(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            server.override("yelp/search-coffee-open-now.json", delayMilliseconds: 1500)
            let search = RestaurantSearch(source: YelpPages(client: server.yelp, query: .coffeeOpenNow(in: "Cupertino, CA")))
            let loading = Task { await search.load() }
            // The answer waits on the server's clock: nothing sleeps.
            while server.clock.pendingCount == 0 { await Task.yield() }
            #expect(await search.state == SearchState(phase: .loading))
            server.clock.advance(by: 1.5)
            let loaded = await loading.value
            #expect(loaded.phase == .loaded)
            #expect(loaded.results.count == 10)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func pullToRefreshReplacesTheResults(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let search = RestaurantSearch(source: YelpPages(client: server.yelp, query: .restaurants(near: .named("San Francisco, CA"))))
            await search.load()
            let twoPages = await search.loadNextPage()
            #expect(twoPages.results.count == 40)
            let refreshed = await search.refresh()
            #expect(refreshed.phase == .loaded)
            #expect(refreshed.results == Array(twoPages.results.prefix(20)))
            #expect(!refreshed.isEndOfResults)
            server.expectRequests(answeredBy: "yelp/search-restaurants-san-francisco-best-match.json", count: 2)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func nothingFoundIsEmptyAndTheEnd(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let search = RestaurantSearch(source: YelpPages(client: server.yelp, query: .coffeeOpenNow(in: "Adak, AK")))
            let state = await search.load()
            #expect(state == SearchState(results: [], phase: .empty, isEndOfResults: true))
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aFailedFirstPageIsAnError(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let search = RestaurantSearch(source: YelpPages(client: server.yelp, query: .coffeeOpenNow(in: "Qwzx, Nowhere")))
            let state = await search.load()
            guard case .failed(let error) = state.phase else {
                Issue.record("expected a failure, got \(state.phase)")
                return
            }
            #expect(error.providerError?.code == "LOCATION_NOT_FOUND")
            #expect(state.results.isEmpty)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aFailedRefreshKeepsTheResultsShown(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let search = RestaurantSearch(source: YelpPages(client: server.yelp, query: .coffeeOpenNow(in: "Cupertino, CA")))
            let shown = await search.load()
            #expect(shown.results.count == 10)
            #expect(shown.isEndOfResults == false)  // 38 in all
            server.override("yelp/search-coffee-open-now.json", status: 503)
            let state = await search.refresh()
            #expect(state.results == shown.results)
            guard case .failed(.http(let status, _)) = state.phase else {
                Issue.record("expected an HTTP error, got \(state.phase)")
                return
            }
            #expect(status == 503)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func theTop25PlacesWithin100MetersTakeTwoPages(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            // Google's page token is not valid at once: the app asks, is refused, waits, asks again.
            let sleeper = RecordingSleeper(advancing: server.clock)
            let source = NearbyPages(client: server.places, query: .around(civicCenter), sleeper: sleeper)
            let search = RestaurantSearch(source: source, limit: 25)
            let first = await search.load()
            #expect(first.results.count == 20)
            #expect(first.results.first?.iconURL?.lastPathComponent == "geocode-71.png")
            let top = await search.loadNextPage()
            #expect(top.results.count == 25)
            #expect(top.isEndOfResults)
            #expect(top.results.allSatisfy { $0.coordinate.map { civicCenter.distance(to: $0) <= 150 } ?? false })
            #expect(await sleeper.pauses == [2])
            #expect(server.journal.entries.compactMap(\.answeredBy) == ["google: invalidRequest (page token not valid yet)"])
            server.expectNoContractViolations()
            server.expectRequests(answeredBy: "google/nearbysearch-page1.json", count: 1)
            server.expectRequests(answeredBy: "google/nearbysearch-page2.json", count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aPageTokenNotValidYetIsAskedAgainAfterTheDelay(_ mode: TestServer.Mode) async throws {
        // Fixtures alone, no contract: page 3's fixture plays INVALID_REQUEST, then the page.
        try await withUnderstudy(fixtures: fixtures, mode: mode) { server in
            let sleeper = RecordingSleeper()
            let search = RestaurantSearch(source: NearbyPages(client: server.places, query: .around(civicCenter), retryDelay: 2, sleeper: sleeper))
            await search.load()
            await search.loadNextPage()
            let last = await search.loadNextPage()
            #expect(last.results.count == 45)
            #expect(last.isEndOfResults)
            #expect(await sleeper.pauses == [2])
            // The third page was asked twice: INVALID_REQUEST, then the page.
            server.expectRequests(answeredBy: "google/nearbysearch-page3.json", count: 2)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aRevokedGoogleKeyIsRequestDenied(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            var credentials = canonical
            credentials.googleAPIKey = "AIzaFAKE-revoked-test-key-0000000000000"
            let places = PlacesClient(configuration: server.app(credentials), session: server.session)
            let error = await #expect(throws: RestaurantError.self) { try await places.nearby(.around(civicCenter)) }
            #expect(error == .provider(ProviderError(provider: .google, status: 200, code: "REQUEST_DENIED", message: "The provided API key is invalid.")))
        }
    }
}
