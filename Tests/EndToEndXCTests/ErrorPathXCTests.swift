import UnderstudyTesting
import UnderstudyContracts
import UnderstudyCore
import UnderstudyFixtures
import EndToEndSupport
import RestaurantCore
import XCTest

/// The error paths in XCTest, one scenario each.
final class ErrorPathXCTests: EndToEndTestCase {
    private typealias Files = FixtureFiles.Errors

    /// The provider error a search screen shows.
    private func searchFailure(_ query: YelpSearchQuery, file: StaticString = #filePath, line: UInt = #line) async -> RestaurantError? {
        let state = await RestaurantSearch(source: YelpPages(client: app.yelp, query: query)).load()
        guard case .failed(let error) = state.phase else {
            XCTFail("expected the search to fail, got \(state.phase)", file: file, line: line)
            return nil
        }
        return error
    }

    func testAnExpiredTokenLogsOut() async throws {
        try await inEachMode {
            try await app.tokens().save(StoredToken(accessToken: "EAAUnderstudyExpiredToken"))
            do {
                _ = try await app.graph.me(token: "EAAUnderstudyExpiredToken")
                XCTFail("an expired token must be refused")
            } catch let error as RestaurantError {
                XCTAssertEqual(error.providerError?.subcode, 463)
                XCTAssertEqual(error.providerError?.isInvalidToken, true)
            }
            let state = try await app.loginGate(tokens: app.tokens()).launch()
            XCTAssertEqual(state, .loggedOut)
            understudy.expectJournal(["facebook: tokenExpired": 1, FixtureFiles.Places.expiredToken: 1])
        }
    }

    func testAValidationError() async throws {
        try await inEachMode {
            var query = YelpSearchQuery.coffeeOpenNow(in: Places.cupertino)
            query.limit = 100
            let error = await searchFailure(query)
            XCTAssertEqual(error?.providerError?.code, "VALIDATION_ERROR")
            XCTAssertEqual(error?.providerError?.status, 400)
            understudy.expectJournal([Files.limitTooHigh: 1], brokeTheContract: true)
            XCTAssertEqual(understudy.journal.violations.map { $0.violation?.parameter }, ["limit"])
        }
    }

    func testALocationNotFound() async throws {
        try await inEachMode {
            let error = await searchFailure(.coffeeOpenNow(in: "Qwzx, Nowhere"))
            XCTAssertEqual(error?.providerError?.code, "LOCATION_NOT_FOUND")
            understudy.expectJournal([Files.locationNotFound: 1])
        }
    }

    func testARateLimit() async throws {
        try await inEachMode {
            understudy.responder.setScenario("yelp-daily-quota", to: "Exhausted")
            let error = await searchFailure(.coffeeOpenNow(in: Places.cupertino))
            XCTAssertEqual(error?.providerError?.status, 429)
            XCTAssertEqual(error?.providerError?.code, "ACCESS_LIMIT_REACHED")
            understudy.expectJournal([Files.quotaSpent: 1])
        }
    }

    func testAMissIsAClientErrorWithTheNearMissReport() async throws {
        try await inEachMode {
            var query = YelpSearchQuery.restaurants(near: Places.sanFrancisco)
            query.radius = 8047
            guard case .unmatchedRequest(let report) = await searchFailure(query) else {
                return XCTFail("expected an unmatched request")
            }
            XCTAssertTrue(report.contains("no fixture matched this request"), report)
            let miss = try XCTUnwrap(understudy.journal.unmatched.first)
            XCTAssertEqual(understudy.journal.unmatched.count, 1)
            // Among the near misses, the recording the app meant, wrong only in the radius.
            let recording = try XCTUnwrap(miss.nearMisses?.first { $0.file == FixtureFiles.SearchLab.bestMatch })
            XCTAssertEqual(recording.mismatches.map(\.condition), ["query.radius"])
            // expectNoUnmatchedRequests would fail here, at its line; the Swift Testing suite checks that.
        }
    }
}
