import UnderstudyContracts
import UnderstudyCore
import UnderstudyFixtures
import EndToEndSupport
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

/// The bad days of the five apps, each as the app meets it: an expired login, a request the
/// provider refuses, a location it cannot place, a spent quota, and a request no fixture
/// answers (the fake's miss, which must fail the test with its near-miss report).
@Suite("Error paths, end to end")
struct ErrorPathTests {
    private typealias Files = FixtureFiles.Errors

    /// The error a results screen shows, or `nil` (recorded as an issue) when it shows none.
    private func failure(of state: SearchState, sourceLocation: SourceLocation = #_sourceLocation) -> RestaurantError? {
        guard case .failed(let error) = state.phase else {
            Issue.record("expected the search to fail, got \(state.phase)", sourceLocation: sourceLocation)
            return nil
        }
        return error
    }

    @Test(arguments: TestServer.Mode.allCases) func anExpiredSessionLogsOutAndTheNextLaunchAsksToLogIn(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let tokens = app.tokens()
            try await tokens.save(StoredToken(accessToken: "EAAUnderstudyExpiredToken"))
            let gate = app.loginGate(tokens: tokens)
            // Mid-session, Graph refuses the token: 190, subcode 463 (expired).
            let error = await #expect(throws: RestaurantError.self) { try await app.graph.me(token: "EAAUnderstudyExpiredToken") }
            let refused = try #require(error?.providerError)
            #expect(refused.status == 400)
            #expect(refused.code == "190")
            #expect(refused.subcode == 463)
            #expect(refused.isInvalidToken)
            await gate.logOut()
            #expect(await gate.state == .loggedOut)
            #expect(try await app.loginGate(tokens: app.tokens()).launch() == .loggedOut)
            server.expectJournal(["facebook: tokenExpired": 1])
            #expect(server.journal.entries.count == 1)  // with no token, the launch asks nothing
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aRequestTheProviderRefusesIsItsValidationError(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            var query = YelpSearchQuery.coffeeOpenNow(in: Places.cupertino)
            query.limit = 100  // Yelp's maximum is 50
            let error = failure(of: await RestaurantSearch(source: YelpPages(client: app.yelp, query: query)).load())
            #expect(error == .provider(ProviderError(provider: .yelp, status: 400, code: "VALIDATION_ERROR", message: "The supplied limit: 100 is invalid.")))
            server.expectJournal([Files.limitTooHigh: 1], brokeTheContract: true)
            #expect(server.journal.violations.map { $0.violation?.parameter } == ["limit"])
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aMistypedLocationFailsThenTheRightOneLists(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let mistyped = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .coffeeOpenNow(in: "Qwzx, Nowhere"))).load()
            #expect(failure(of: mistyped)?.providerError?.code == "LOCATION_NOT_FOUND")
            #expect(mistyped.results.isEmpty)
            let corrected = await RestaurantSearch(source: YelpPages(client: app.yelp, query: .coffeeOpenNow(in: Places.cupertino))).load()
            #expect(corrected.results.count == 10)
            server.expectJournal([Files.locationNotFound: 1, FixtureFiles.NineBar.coffee: 1])
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aSpentQuotaFailsTheRefreshAndKeepsTheList(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            let search = RestaurantSearch(source: YelpPages(client: app.yelp, query: .coffeeOpenNow(in: Places.cupertino)))
            let shown = await search.load()
            #expect(server.responder.setScenario("yelp-daily-quota", to: "Exhausted"))
            let refreshed = await search.refresh()
            let error = failure(of: refreshed)?.providerError
            #expect(error?.status == 429)
            #expect(error?.code == "ACCESS_LIMIT_REACHED")
            #expect(refreshed.results == shown.results)
            server.expectJournal([FixtureFiles.NineBar.coffee: 1, Files.quotaSpent: 1])
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aRequestNoFixtureAnswersFailsWithTheNearMissReport(_ mode: TestServer.Mode) async throws {
        try await withAppInstall(mode) { app in
            let server = app.server
            // The app's radius drifted from ten miles to five: no recording has that request.
            var query = YelpSearchQuery.restaurants(near: Places.sanFrancisco)
            query.radius = 8047
            let error = failure(of: await RestaurantSearch(source: YelpPages(client: app.yelp, query: query)).load())
            guard case .unmatchedRequest(let report) = error else {
                Issue.record("expected an unmatched request, got \(String(describing: error))")
                return
            }
            #expect(report.contains(FixtureFiles.SearchLab.bestMatch))
            let miss = try #require(server.journal.unmatched.first)
            #expect(server.journal.unmatched.count == 1)
            let recording = miss.nearMisses?.first { $0.file == FixtureFiles.SearchLab.bestMatch }
            #expect(recording?.mismatches.map(\.condition) == ["query.radius"])
            // The journal check fails the test at its own line, with the diff.
            let line = #line + 2
            withKnownIssue {
                server.expectNoUnmatchedRequests()
            } matching: { issue in
                let message = issue.comments.map(\.rawValue).joined()
                return issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "ErrorPathTests.swift"
                    && message.contains("closest: \(FixtureFiles.SearchLab.bestMatch)")
                    && message.contains("query.radius: expected \"16093\", got \"8047\"")
            }
        }
    }
}
