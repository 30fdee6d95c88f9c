import UnderstudyCore
import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

@Suite("Yelp: the restaurant search lab and Nine Bar")
struct YelpTests {
    @Test(arguments: TestServer.Mode.allCases) func restaurantsWithinTenMilesSortedBothWays(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let place = YelpSearchQuery.Place.named("San Francisco, CA")
            let best = try await server.yelp.search(.restaurants(near: place, order: .bestMatch))
            let nearest = try await server.yelp.search(.restaurants(near: place, order: .distance))
            #expect(best.businesses.count == 20)
            #expect(best.total == 240)
            #expect(best.businesses.first?.name == "Marlowe's Hearth")
            let distances = nearest.businesses.compactMap(\.distance)
            #expect(distances.count == 20)
            #expect(distances == distances.sorted())
            server.expectRequests(answeredBy: "yelp/search-restaurants-san-francisco-best-match.json", count: 1)
            server.expectRequests(answeredBy: "yelp/search-restaurants-san-francisco-distance.json", count: 1)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func coffeeOpenNowAtATypedLocation(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let answer = try await server.yelp.search(.coffeeOpenNow(in: "Cupertino, CA"))
            #expect(answer.businesses.count == 10)
            let shops = answer.businesses.map(Restaurant.init(yelp:))
            #expect(shops.allSatisfy { $0.id.provider == .yelp && !Set($0.categories).isDisjoint(with: ["Coffee & Tea", "Cafes"]) })
            #expect(shops[0].name == "Blue Oak Coffee Roasters")
            #expect(shops[0].addressLines == ["20807 Stevens Creek Blvd", "Ste 100", "Cupertino, CA 95014"])
            #expect(shops[0].phone == "+14085550151")
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func keywordsWithAPickedLocationOrCoordinates(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let thai = try await server.yelp.search(.restaurants(keywords: "thai", near: .named("San Francisco, CA"), order: .distance))
            #expect(thai.businesses.count == 6)
            #expect(thai.businesses.allSatisfy { $0.categories.map(\.alias) == ["thai"] })
            let sushi = try await server.yelp.search(.restaurants(keywords: "sushi", near: .coordinate(civicCenter)))
            #expect(sushi.total == 8)
            #expect(sushi.region?.center.latitude == civicCenter.latitude)
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func detailsHaveThreePhotosPhoneHoursAndCoordinates(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            for id in ["WEqlq4iL1g3eufXq0OJtzj", "4CS2tzisNc0qF94AuyvVp4", "vUXzHTiMEADFNEBFWhukcy"] {
                let business = try await server.yelp.business(id: id)
                let restaurant = Restaurant(yelp: business)
                #expect(restaurant.photoURLs.count == 3)
                #expect(restaurant.photoURLs.allSatisfy { $0.host?.hasSuffix(".fl.yelpcdn.com") == true })
                #expect(restaurant.phone?.hasPrefix("+1") == true)
                #expect(restaurant.webURL?.host == "www.yelp.com")
                #expect(restaurant.coordinate != nil)
                #expect(business.hours?.first?.open.isEmpty == false)
                let reviews = try await server.yelp.reviews(businessID: id)
                #expect(reviews.reviews.count == 3)
                #expect(reviews.total == business.reviewCount)
            }
            server.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aLocationYelpCannotPlaceIsLocationNotFound(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let error = await #expect(throws: RestaurantError.self) {
                try await server.yelp.search(.coffeeOpenNow(in: "Qwzx, Nowhere"))
            }
            #expect(error == .provider(ProviderError(
                provider: .yelp, status: 400, code: "LOCATION_NOT_FOUND",
                message: "Could not execute search, try specifying a more exact location.")))
        }
    }

    // No fixture answers limit=100: the Yelp contract does, as the real API would.
    @Test(arguments: TestServer.Mode.allCases) func aLimitAboveFiftyIsAValidationError(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            var query = YelpSearchQuery.coffeeOpenNow(in: "Cupertino, CA")
            query.limit = 100
            let error = await #expect(throws: RestaurantError.self) { try await server.yelp.search(query) }
            #expect(error?.providerError?.code == "VALIDATION_ERROR")
            #expect(error?.providerError?.message == "The supplied limit: 100 is invalid.")
            #expect(error?.providerError?.status == 400)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func theDailyQuotaSpentIsAccessLimitReached(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let before = try await server.yelp.search(.coffeeOpenNow(in: "Cupertino, CA"))
            #expect(before.businesses.count == 10)
            server.responder.setScenario("yelp-daily-quota", to: "Exhausted")
            let error = await #expect(throws: RestaurantError.self) { try await server.yelp.search(.coffeeOpenNow(in: "Cupertino, CA")) }
            #expect(error?.providerError?.status == 429)
            #expect(error?.providerError?.code == "ACCESS_LIMIT_REACHED")
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func anUnknownBusinessIsBusinessNotFound(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let error = await #expect(throws: RestaurantError.self) { try await server.yelp.business(id: "no-such-business") }
            #expect(error?.providerError?.code == "BUSINESS_NOT_FOUND")
            #expect(error?.providerError?.status == 404)
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func anErrorPageWithoutTheEnvelopeIsAnHTTPError(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let error = await #expect(throws: RestaurantError.self) { try await server.yelp.business(id: "Understudy-HTML-500") }
            guard case .http(let status, let body) = error else {
                Issue.record("expected an HTTP error, got \(String(describing: error))")
                return
            }
            #expect(status == 500)
            #expect(body.hasPrefix("<html>"))
        }
    }

    @Test(arguments: TestServer.Mode.allCases) func aRequestNoFixtureAnswersIsAnUnmatchedRequest(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let error = await #expect(throws: RestaurantError.self) {
                try await server.yelp.search(.restaurants(keywords: "tacos", near: .named("Boston, MA")))
            }
            guard case .unmatchedRequest(let report) = error else {
                Issue.record("expected an unmatched request, got \(String(describing: error))")
                return
            }
            #expect(report.contains("no fixture matched this request"))
            #expect(server.journal.unmatched.count == 1)
        }
    }
}
